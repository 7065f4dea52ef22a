//! Everything the simulator knows about credentials: account tokens, API keys,
//! users and the tokens their logins got. Every method takes the time, so
//! that tests can run the clock as they like.

use super::activity::{Activity, Credential};
use super::api_keys::ApiKey;
use super::tokens::{Grant, Lifetimes, Pair, Style, Tokens};
use super::users::Users;
use super::{Access, Refusal};
use crate::config::logins::default_account_name;
use crate::config::{Config, Generation};
use std::collections::{BTreeMap, HashMap};

/// A password login as either endpoint receives it.
pub struct Login<'a> {
    pub email: &'a str,
    pub password: &'a str,
    pub code: Option<&'a str>,
    pub readonly: bool,
}

pub struct Registry {
    account_tokens: HashMap<String, u64>,
    names: BTreeMap<u64, String>,
    pub users: Users,
    keys: HashMap<String, ApiKey>,
    tokens: Tokens,
    pub generation: Generation,
    pub activity: Activity,
}

impl Registry {
    /// The credentials of `config`, its API keys made at `now_ms`.
    pub fn new(config: &Config, now_ms: u64) -> Self {
        let all: Vec<u64> = config.accounts.iter().map(|(id, _)| *id).collect();
        let name_of = |id: u64| {
            let given = config.account_names.iter().rev().find(|(named, _)| *named == id);
            given.map_or_else(|| default_account_name(id), |(_, name)| name.clone())
        };
        let keys = config.api_keys.iter().map(|spec| {
            (
                spec.key.clone(),
                ApiKey::new(spec, spec.accounts.resolve(&all).into_iter().collect(), now_ms),
            )
        });
        let seconds = |s: u64| s.saturating_mul(1000);
        let lifetimes = Lifetimes {
            access_ms: seconds(config.token_seconds.unwrap_or(300)),
            oldest_access_ms: seconds(config.token_seconds.unwrap_or(1800)),
            refresh_ms: seconds(config.refresh_seconds),
        };
        Self {
            account_tokens: config
                .accounts
                .iter()
                .map(|(id, token)| (token.clone(), *id))
                .collect(),
            names: all.iter().map(|id| (*id, name_of(*id))).collect(),
            users: Users::new(&config.users, &all),
            keys: keys.collect(),
            tokens: Tokens::new(lifetimes),
            generation: config.generation,
            activity: Activity::default(),
        }
    }

    /// What a secret opens at `now_ms`, and what kind of credential it is.
    pub fn resolve(&mut self, secret: &str, now_ms: u64) -> (Credential, Result<Access, Refusal>) {
        if let Some(id) = self.account_tokens.get(secret) {
            return (
                Credential::AccountToken,
                Ok(Access { accounts: [*id].into(), readonly: false }),
            );
        }
        if let Some(key) = self.keys.get_mut(secret) {
            let opened = key
                .use_at(now_ms)
                .then(|| Access { accounts: key.accounts.clone(), readonly: false });
            return (Credential::ApiKey, opened.ok_or(Refusal::KeyExpired));
        }
        match self.tokens.check(secret, now_ms) {
            Ok(grant) => (
                Credential::AccessToken,
                Ok(Access { accounts: grant.accounts.clone(), readonly: grant.readonly }),
            ),
            Err(Refusal::TokenExpired) => (Credential::AccessToken, Err(Refusal::TokenExpired)),
            Err(refusal) => (Credential::Unknown, Err(refusal)),
        }
    }

    /// The first pair of a password login; nothing for a wrong email,
    /// password or two-factor code.
    pub fn password_login(&mut self, login: &Login<'_>, style: Style, now_ms: u64) -> Option<Pair> {
        let user = self.users.login(login.email, login.password, login.code, now_ms / 1000)?;
        let grant = Grant {
            email: user.email.clone(),
            accounts: user.accounts.clone(),
            readonly: login.readonly,
        };
        self.activity.password_grants += 1;
        Some(self.tokens.start(grant, style, now_ms))
    }

    /// The next pair for a refresh token, which then stops working.
    pub fn refresh(&mut self, token: &str, style: Style, now_ms: u64) -> Option<Pair> {
        let pair = self.tokens.refresh(token, style, now_ms)?;
        self.activity.refresh_grants += 1;
        Some(pair)
    }

    /// Ends the login a token belongs to; an unknown token is no error.
    pub fn revoke(&mut self, token: &str) {
        self.tokens.revoke(token);
        self.activity.revocations += 1;
    }

    pub fn name(&self, account: u64) -> String {
        self.names.get(&account).cloned().unwrap_or_else(|| default_account_name(account))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{parse, Command};

    fn registry(args: &[&str]) -> Registry {
        match parse(args.iter().map(|a| a.to_string())) {
            Ok(Command::Run(config)) => Registry::new(&config, 1_700_000_000_000),
            other => panic!("{other:?}"),
        }
    }

    fn login<'a>(email: &'a str, password: &'a str, readonly: bool) -> Login<'a> {
        Login { email, password, code: None, readonly }
    }

    #[test]
    fn every_kind_of_credential() {
        let mut r = registry(&["--account", "1:t1", "--account", "2:t2"]);
        let now = 1_700_000_000_000;
        assert_eq!(r.resolve("t2", now).0, Credential::AccountToken);
        assert_eq!(r.resolve("demo-api-key", now).1.map(|a| a.accounts), Ok([1].into()));
        assert_eq!(
            r.resolve("expired-api-key", now),
            (Credential::ApiKey, Err(Refusal::KeyExpired))
        );
        assert_eq!(r.resolve("nope", now), (Credential::Unknown, Err(Refusal::Invalid)));
        let pair = r
            .password_login(&login("Demo@Example.com", "demo-password", false), Style::OpenId, now)
            .unwrap();
        assert_eq!(
            r.resolve(&pair.access, now),
            (Credential::AccessToken, Ok(Access { accounts: [1].into(), readonly: false }))
        );
        assert_eq!(r.resolve(&pair.access, now + 300_000).1, Err(Refusal::TokenExpired));
        assert!(r
            .password_login(&login("demo@example.com", "wrong", false), Style::OpenId, now)
            .is_none());
        assert_eq!(r.activity.password_grants, 1);
    }

    #[test]
    fn a_readonly_login_gives_readonly_access() {
        let mut r = registry(&[]);
        let now = 1_700_000_000_000;
        let pair = r
            .password_login(
                &login("demo@example.com", "demo-password", true),
                Style::Documented,
                now,
            )
            .unwrap();
        assert_eq!(r.resolve(&pair.access, now).1.map(|a| a.readonly), Ok(true));
        let refreshed = r.refresh(&pair.refresh.unwrap().token, Style::Documented, now).unwrap();
        assert_eq!(
            r.resolve(&refreshed.access, now).1.map(|a| a.readonly),
            Ok(true),
            "kept by the refresh"
        );
    }

    #[test]
    fn a_user_with_every_account_and_their_names() {
        let mut r = registry(&[
            "--account",
            "1:t1",
            "--account",
            "2:t2",
            "--account",
            "7:t7",
            "--account-name",
            "7:Fabrikam",
        ]);
        let now = 1_700_000_000_000;
        let code = r
            .users
            .find("team@example.com")
            .and_then(|u| u.totp.as_ref())
            .map(|t| t.code_at(now / 1000));
        let team =
            Login { code: code.as_deref(), ..login("team@example.com", "team-password", false) };
        let pair = r.password_login(&team, Style::OpenId, now).unwrap();
        let opened = r.resolve(&pair.access, now).1.unwrap();
        assert_eq!(opened.accounts, [1, 2, 7].into());
        let names: Vec<String> = opened.accounts.iter().map(|id| r.name(*id)).collect();
        assert_eq!(names, ["Northwind Shop", "Northwind Staging", "Fabrikam"]);
    }

    #[test]
    fn revoking_counts_and_ends_the_login() {
        let mut r = registry(&[]);
        let now = 1_700_000_000_000;
        let pair = r
            .password_login(&login("demo@example.com", "demo-password", false), Style::OpenId, now)
            .unwrap();
        r.revoke(&pair.access);
        r.revoke("unknown");
        assert_eq!(r.activity.revocations, 2);
        assert_eq!(r.resolve(&pair.access, now).1, Err(Refusal::Invalid));
        assert!(r.refresh(&pair.refresh.unwrap().token, Style::OpenId, now).is_none());
    }
}
