//! What a password login yields: an access token that opens the user's
//! accounts for a while and, in the newer generations, a refresh token that
//! gets the next pair once. One login and its refreshes make a grant, which a
//! revocation ends as a whole.

use super::Refusal;
use crate::rng::Rng;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde_json::json;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};

/// Which answer a token is issued for: it decides the token's look and
/// whether a refresh token comes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The OpenID Connect endpoint: JWT-looking access and refresh tokens.
    OpenId,
    /// `POST /token` as documented: a JWT-looking token and an opaque refresh token.
    Documented,
    /// `POST /token` of the oldest generation: 48 hex digits, nothing to refresh it with.
    Oldest,
}

/// How long tokens live, in milliseconds.
#[derive(Clone, Copy, Debug)]
pub struct Lifetimes {
    pub access_ms: u64,
    pub oldest_access_ms: u64,
    pub refresh_ms: u64,
}

/// What a login opens, kept for every token of it.
#[derive(Clone, Debug)]
pub struct Grant {
    pub email: String,
    pub accounts: BTreeSet<u64>,
    pub readonly: bool,
}

/// A token handed out: its grant and when it stops working (Unix ms).
struct Issued {
    grant: u64,
    expires_ms: u64,
}

/// A new access token, with its refresh token where the style has one.
#[derive(Debug)]
pub struct Pair {
    pub access: String,
    pub access_expires_ms: u64,
    pub access_seconds: u64,
    pub refresh: Option<Refresh>,
}

#[derive(Debug)]
pub struct Refresh {
    pub token: String,
    pub expires_ms: u64,
    pub seconds: u64,
}

/// Expired access tokens are kept this long, to answer "Token expired"
/// rather than "Invalid token".
const REMEMBER_EXPIRED_MS: u64 = 86_400_000;

pub struct Tokens {
    lifetimes: Lifetimes,
    grants: HashMap<u64, Grant>,
    access: HashMap<String, Issued>,
    refresh: HashMap<String, Issued>,
    next_grant: u64,
    rng: Rng,
}

impl Tokens {
    pub fn new(lifetimes: Lifetimes) -> Self {
        // A fresh random key per process, so that tokens cannot be guessed from the seed.
        let seed = std::collections::hash_map::RandomState::new().build_hasher().finish();
        Self {
            lifetimes,
            grants: HashMap::new(),
            access: HashMap::new(),
            refresh: HashMap::new(),
            next_grant: 1,
            rng: Rng::new(seed),
        }
    }

    /// A new grant and its first pair.
    pub fn start(&mut self, grant: Grant, style: Style, now_ms: u64) -> Pair {
        self.forget_old(now_ms);
        let id = self.next_grant;
        self.next_grant += 1;
        self.grants.insert(id, grant);
        self.issue(id, style, now_ms)
    }

    /// The next pair of the refresh token's grant; the refresh token works
    /// once. Nothing for one used, revoked, unknown or expired.
    pub fn refresh(&mut self, token: &str, style: Style, now_ms: u64) -> Option<Pair> {
        let issued = self.refresh.remove(token)?;
        if issued.expires_ms <= now_ms || !self.grants.contains_key(&issued.grant) {
            return None;
        }
        Some(self.issue(issued.grant, style, now_ms))
    }

    /// Ends the grant of an access or refresh token, every token of it;
    /// false when the token is unknown.
    pub fn revoke(&mut self, token: &str) -> bool {
        let Some(grant) =
            self.access.get(token).or_else(|| self.refresh.get(token)).map(|issued| issued.grant)
        else {
            return false;
        };
        self.grants.remove(&grant);
        self.access.retain(|_, issued| issued.grant != grant);
        self.refresh.retain(|_, issued| issued.grant != grant);
        true
    }

    /// The grant an access token opens.
    pub fn check(&self, token: &str, now_ms: u64) -> Result<&Grant, Refusal> {
        let issued = self.access.get(token).ok_or(Refusal::Invalid)?;
        let grant = self.grants.get(&issued.grant).ok_or(Refusal::Invalid)?;
        if issued.expires_ms <= now_ms {
            return Err(Refusal::TokenExpired);
        }
        Ok(grant)
    }

    fn issue(&mut self, grant: u64, style: Style, now_ms: u64) -> Pair {
        let email = self.grants.get(&grant).map(|g| g.email.clone()).unwrap_or_default();
        let access_ms = if style == Style::Oldest {
            self.lifetimes.oldest_access_ms
        } else {
            self.lifetimes.access_ms
        };
        let access_expires_ms = now_ms.saturating_add(access_ms);
        let access = match style {
            Style::Oldest => self.hex(24),
            _ => self.jwt("Bearer", &email, now_ms, access_expires_ms),
        };
        self.access.insert(access.clone(), Issued { grant, expires_ms: access_expires_ms });
        let refresh = (style != Style::Oldest).then(|| {
            let expires_ms = now_ms.saturating_add(self.lifetimes.refresh_ms);
            let token = match style {
                Style::OpenId => self.jwt("Refresh", &email, now_ms, expires_ms),
                _ => URL_SAFE_NO_PAD.encode(self.bytes(32)),
            };
            self.refresh.insert(token.clone(), Issued { grant, expires_ms });
            Refresh { token, expires_ms, seconds: self.lifetimes.refresh_ms / 1000 }
        });
        Pair { access, access_expires_ms, access_seconds: access_ms / 1000, refresh }
    }

    /// Three base64url parts joined by dots, the middle one a JSON payload,
    /// as an OpenID server's tokens look; the signature is random bytes.
    fn jwt(&mut self, kind: &str, email: &str, now_ms: u64, expires_ms: u64) -> String {
        let header = json!({"alg": "HS256", "typ": "JWT"});
        let jti = self.hex(16);
        let jti = format!(
            "{}-{}-{}-{}-{}",
            &jti[..8],
            &jti[8..12],
            &jti[12..16],
            &jti[16..20],
            &jti[20..]
        );
        let payload = json!({
            "sub": email, "email": email, "exp": expires_ms / 1000, "iat": now_ms / 1000,
            "jti": jti, "typ": kind, "azp": "external", "scope": "profile email",
        });
        let signature = self.bytes(32);
        [header.to_string().as_bytes(), payload.to_string().as_bytes(), &signature]
            .map(|part| URL_SAFE_NO_PAD.encode(part))
            .join(".")
    }

    fn bytes(&mut self, count: usize) -> Vec<u8> {
        (0..count.div_ceil(8)).flat_map(|_| self.rng.next_u64().to_le_bytes()).take(count).collect()
    }

    fn hex(&mut self, count: usize) -> String {
        self.bytes(count).iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Drops what can no longer be used, so that a long run does not grow.
    fn forget_old(&mut self, now_ms: u64) {
        self.refresh.retain(|_, issued| issued.expires_ms > now_ms);
        self.access
            .retain(|_, issued| issued.expires_ms.saturating_add(REMEMBER_EXPIRED_MS) > now_ms);
        let live: HashSet<u64> =
            self.access.values().chain(self.refresh.values()).map(|issued| issued.grant).collect();
        self.grants.retain(|id, _| live.contains(id));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINUTE: u64 = 60_000;

    fn tokens() -> Tokens {
        Tokens::new(Lifetimes {
            access_ms: 5 * MINUTE,
            oldest_access_ms: 30 * MINUTE,
            refresh_ms: 30 * MINUTE,
        })
    }

    fn grant() -> Grant {
        Grant { email: "a@example.com".into(), accounts: [1].into(), readonly: false }
    }

    fn payload(jwt: &str) -> serde_json::Value {
        let parts: Vec<&str> = jwt.split('.').collect();
        assert_eq!(parts.len(), 3, "{jwt}");
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap()
    }

    #[test]
    fn each_style_has_its_look() {
        let mut tokens = tokens();
        let now = 1_700_000_000_000;
        let pair = tokens.start(grant(), Style::OpenId, now);
        let claims = payload(&pair.access);
        assert_eq!(claims["exp"], 1_700_000_300u64);
        assert_eq!(claims["iat"], 1_700_000_000u64);
        assert!(claims["sub"].is_string() && claims["jti"].is_string());
        payload(&pair.refresh.as_ref().unwrap().token);
        let documented = tokens.start(grant(), Style::Documented, now);
        assert!(!documented.refresh.unwrap().token.contains('.'), "opaque");
        let oldest = tokens.start(grant(), Style::Oldest, now);
        assert_eq!(oldest.access.len(), 48);
        assert!(oldest.access.chars().all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c)));
        assert_eq!(oldest.access_expires_ms, now + 30 * MINUTE);
        assert!(oldest.refresh.is_none());
    }

    #[test]
    fn a_refresh_token_works_once() {
        let mut tokens = tokens();
        let first = tokens.start(grant(), Style::OpenId, 0);
        let refresh = first.refresh.unwrap().token;
        let second = tokens.refresh(&refresh, Style::OpenId, MINUTE).expect("a new pair");
        assert!(tokens.refresh(&refresh, Style::OpenId, MINUTE).is_none(), "second use refused");
        assert!(tokens.check(&second.access, MINUTE).is_ok());
        let next = second.refresh.unwrap().token;
        assert!(tokens.refresh(&next, Style::OpenId, 32 * MINUTE).is_none(), "expired");
        assert!(tokens.refresh("unknown", Style::OpenId, MINUTE).is_none());
    }

    #[test]
    fn access_tokens_expire() {
        let mut tokens = tokens();
        let pair = tokens.start(grant(), Style::Documented, 0);
        assert!(tokens.check(&pair.access, 5 * MINUTE - 1).is_ok());
        assert!(matches!(tokens.check(&pair.access, 5 * MINUTE), Err(Refusal::TokenExpired)));
        assert!(matches!(tokens.check("nope", 0), Err(Refusal::Invalid)));
    }

    #[test]
    fn revoking_ends_the_whole_grant_and_only_it() {
        let mut tokens = tokens();
        let first = tokens.start(grant(), Style::OpenId, 0);
        let second = tokens.refresh(&first.refresh.unwrap().token, Style::OpenId, 1).unwrap();
        let other = tokens.start(grant(), Style::OpenId, 2);
        assert!(tokens.revoke(&second.access));
        assert!(matches!(tokens.check(&first.access, 3), Err(Refusal::Invalid)));
        assert!(matches!(tokens.check(&second.access, 3), Err(Refusal::Invalid)));
        assert!(tokens.refresh(&second.refresh.unwrap().token, Style::OpenId, 3).is_none());
        assert!(tokens.check(&other.access, 3).is_ok());
        assert!(!tokens.revoke("unknown"));
        assert!(tokens.revoke(&other.refresh.unwrap().token), "a refresh token revokes too");
        assert!(tokens.check(&other.access, 3).is_err());
    }
}
