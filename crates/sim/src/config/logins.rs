//! The options that say who logs in: users, API keys and account names, with
//! their defaults and the checks that tie them to the accounts.

use super::Config;

/// The accounts a user or key opens.
#[derive(Clone, Debug, PartialEq)]
pub enum AccountSet {
    /// `*`: every account the simulator has.
    Every,
    Listed(Vec<u64>),
}

impl AccountSet {
    /// The ids among `all`, every account of the simulator. Unknown ids are
    /// refused at startup; a configuration made in code may still hold them.
    pub fn resolve(&self, all: &[u64]) -> Vec<u64> {
        match self {
            Self::Every => all.to_vec(),
            Self::Listed(ids) => ids.iter().copied().filter(|id| all.contains(id)).collect(),
        }
    }
}

/// A two-factor secret: as given (base32, upper case) and decoded.
#[derive(Clone, Debug, PartialEq)]
pub struct TotpSecret {
    pub base32: String,
    pub bytes: Vec<u8>,
}

/// `--user EMAIL:PASSWORD:ACCOUNTS[:TOTP_SECRET]`.
#[derive(Clone, Debug, PartialEq)]
pub struct UserSpec {
    pub email: String,
    pub password: String,
    pub accounts: AccountSet,
    pub totp: Option<TotpSecret>,
}

/// `--api-key KEY:ACCOUNTS[:DAYS_LEFT[:IDLE_DAYS]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiKeySpec {
    pub key: String,
    pub accounts: AccountSet,
    /// Days from startup to the hard expiry; 0 is expired already.
    pub days_left: u64,
    /// Days unused after which the key expires.
    pub idle_days: u64,
}

pub const DEMO_EMAIL: &str = "demo@example.com";
pub const DEMO_PASSWORD: &str = "demo-password";
pub const TEAM_EMAIL: &str = "team@example.com";
pub const TEAM_PASSWORD: &str = "team-password";
pub const TEAM_TOTP_SECRET: &str = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
pub const DEMO_API_KEY: &str = "demo-api-key";
pub const EXPIRED_API_KEY: &str = "expired-api-key";

/// The name of an account without `--account-name`.
pub fn default_account_name(id: u64) -> String {
    match id {
        1 => "Northwind Shop".to_owned(),
        2 => "Northwind Staging".to_owned(),
        3 => "Contoso Labs".to_owned(),
        _ => format!("Account {id}"),
    }
}

pub fn parse_user(text: &str) -> Result<UserSpec, String> {
    let parts: Vec<&str> = text.splitn(4, ':').collect();
    let [email, password, accounts, rest @ ..] = parts.as_slice() else {
        return Err(format!("--user: “{text}” is not EMAIL:PASSWORD:ACCOUNTS[:TOTP_SECRET]"));
    };
    if !email.contains('@') || email.chars().any(char::is_whitespace) {
        return Err(format!("--user: “{email}” is not an email address"));
    }
    if password.is_empty() {
        return Err(format!("--user: {email} needs a password"));
    }
    let totp = match rest.first() {
        None => None,
        Some(secret) => Some(totp_secret(secret).ok_or_else(|| {
            format!("--user: the two-factor secret of {email} is not base32 (A-Z, 2-7, no padding)")
        })?),
    };
    Ok(UserSpec {
        email: email.to_lowercase(),
        password: (*password).to_owned(),
        accounts: account_set("--user", accounts)?,
        totp,
    })
}

pub fn parse_api_key(text: &str) -> Result<ApiKeySpec, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let (key, accounts, days) = match parts.as_slice() {
        [key, accounts, days @ ..] if days.len() <= 2 => (*key, *accounts, days),
        _ => {
            return Err(format!("--api-key: “{text}” is not KEY:ACCOUNTS[:DAYS_LEFT[:IDLE_DAYS]]"))
        }
    };
    if key.is_empty() || key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("--api-key: the key must be non-empty and have no spaces".into());
    }
    let days_of = |i: usize, default: u64| -> Result<u64, String> {
        days.get(i).map_or(Ok(default), |d| {
            d.parse().map_err(|_| format!("--api-key: “{d}” is not a number of days"))
        })
    };
    let idle_days = days_of(1, 90)?;
    if idle_days == 0 {
        return Err("--api-key: IDLE_DAYS is at least 1".into());
    }
    Ok(ApiKeySpec {
        key: key.to_owned(),
        accounts: account_set("--api-key", accounts)?,
        days_left: days_of(0, 365)?,
        idle_days,
    })
}

pub fn parse_account_name(text: &str) -> Result<(u64, String), String> {
    let (id, name) =
        text.split_once(':').ok_or_else(|| format!("--account-name: “{text}” is not ID:NAME"))?;
    let id = id.parse().map_err(|_| format!("--account-name: the id “{id}” is not a number"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err("--account-name: the name is empty".into());
    }
    Ok((id, name.to_owned()))
}

/// `*` or comma-separated account ids.
fn account_set(option: &str, text: &str) -> Result<AccountSet, String> {
    if text == "*" {
        return Ok(AccountSet::Every);
    }
    let ids: Result<Vec<u64>, _> = text.split(',').map(|id| id.trim().parse::<u64>()).collect();
    ids.map(AccountSet::Listed)
        .map_err(|_| format!("{option}: “{text}” is not * or account ids like 1,2"))
}

/// Base32 (RFC 4648) without padding, in either case.
fn totp_secret(text: &str) -> Option<TotpSecret> {
    let base32 = text.trim().to_uppercase();
    if base32.is_empty()
        || !base32.chars().all(|c| c.is_ascii_uppercase() || ('2'..='7').contains(&c))
    {
        return None;
    }
    let bytes =
        totp_rs::Secret::Encoded(base32.clone()).to_bytes().ok().filter(|b| !b.is_empty())?;
    Some(TotpSecret { base32, bytes })
}

/// The default users and keys where none are given, then the checks that
/// need every option: each account a user, key or name mentions exists, and
/// no email or key is given twice.
pub fn complete(config: &mut Config) -> Result<(), String> {
    let has_first = config.accounts.iter().any(|(id, _)| *id == 1);
    if config.users.is_empty() {
        if has_first {
            config.users.push(UserSpec {
                email: DEMO_EMAIL.into(),
                password: DEMO_PASSWORD.into(),
                accounts: AccountSet::Listed(vec![1]),
                totp: None,
            });
        }
        config.users.push(UserSpec {
            email: TEAM_EMAIL.into(),
            password: TEAM_PASSWORD.into(),
            accounts: AccountSet::Every,
            totp: totp_secret(TEAM_TOTP_SECRET),
        });
    }
    if config.api_keys.is_empty() && has_first {
        let key = |key: &str, days_left| ApiKeySpec {
            key: key.into(),
            accounts: AccountSet::Listed(vec![1]),
            days_left,
            idle_days: 90,
        };
        config.api_keys = vec![key(DEMO_API_KEY, 365), key(EXPIRED_API_KEY, 0)];
    }
    let known = |id: &u64| config.accounts.iter().any(|(a, _)| a == id);
    let mentioned = config
        .users
        .iter()
        .map(|u| ("--user", &u.accounts))
        .chain(config.api_keys.iter().map(|k| ("--api-key", &k.accounts)));
    for (option, set) in mentioned {
        if let AccountSet::Listed(ids) = set {
            if let Some(id) = ids.iter().find(|id| !known(id)) {
                return Err(format!("{option}: there is no account {id} (add it with --account)"));
            }
        }
    }
    if let Some((id, _)) = config.account_names.iter().find(|(id, _)| !known(id)) {
        return Err(format!("--account-name: there is no account {id}"));
    }
    let emails = config.users.iter().map(|u| u.email.as_str());
    if let Some(email) = repeated(emails) {
        return Err(format!("--user: {email} is given twice"));
    }
    if let Some(key) = repeated(config.api_keys.iter().map(|k| k.key.as_str())) {
        return Err(format!("--api-key: {key} is given twice"));
    }
    Ok(())
}

fn repeated<'a>(items: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen = std::collections::HashSet::new();
    items.into_iter().find(|item| !seen.insert(*item))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn users_with_and_without_two_factor() {
        let user = parse_user("Ann@Example.com:pw:1,2").unwrap();
        assert_eq!(user.email, "ann@example.com");
        assert_eq!(user.accounts, AccountSet::Listed(vec![1, 2]));
        assert_eq!(user.totp, None);
        let user = parse_user("b@example.com:pw:*:jbswy3dpehpk3pxp").unwrap();
        assert_eq!(user.accounts, AccountSet::Every);
        assert_eq!(user.totp.map(|t| t.base32), Some("JBSWY3DPEHPK3PXP".to_owned()));
        assert!(parse_user("b@example.com:pw:*:not-base32!").unwrap_err().contains("base32"));
        assert!(parse_user("nobody:pw:1").unwrap_err().contains("email"));
        assert!(parse_user("a@b.c:pw").unwrap_err().contains("EMAIL:PASSWORD"));
        assert!(parse_user("a@b.c:pw:one").unwrap_err().contains("account ids"));
    }

    #[test]
    fn keys_with_their_days() {
        let key = parse_api_key("k:1").unwrap();
        assert_eq!((key.days_left, key.idle_days), (365, 90));
        let key = parse_api_key("k:*:0:7").unwrap();
        assert_eq!((key.accounts, key.days_left, key.idle_days), (AccountSet::Every, 0, 7));
        assert!(parse_api_key("k").is_err());
        assert!(parse_api_key("k:1:x").unwrap_err().contains("days"));
        assert!(parse_api_key("k:1:1:0").unwrap_err().contains("IDLE_DAYS"));
        assert!(parse_api_key("k:1:1:1:1").is_err());
    }

    #[test]
    fn account_names() {
        assert_eq!(parse_account_name("4:Fabrikam: EU").unwrap(), (4, "Fabrikam: EU".to_owned()));
        assert!(parse_account_name("4:").is_err());
        assert_eq!(default_account_name(2), "Northwind Staging");
        assert_eq!(default_account_name(9), "Account 9");
    }
}
