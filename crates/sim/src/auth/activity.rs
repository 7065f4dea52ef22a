//! What tests read from `GET /_sim/auth`: how many logins, refreshes and
//! revocations there were, and how the last requests presented their
//! credential (never the secret itself).

use super::header::Scheme;
use serde_json::{json, Value};
use std::collections::VecDeque;

/// The kind of credential a request carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credential {
    AccountToken,
    ApiKey,
    AccessToken,
    Unknown,
}

impl Credential {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::AccountToken => "account_token",
            Self::ApiKey => "api_key",
            Self::AccessToken => "access_token",
            Self::Unknown => "unknown",
        }
    }
}

/// How many requests are remembered.
const KEPT: usize = 100;

struct Seen {
    path: String,
    scheme: Scheme,
    credential: Credential,
}

#[derive(Default)]
pub struct Activity {
    pub password_grants: u64,
    pub refresh_grants: u64,
    pub revocations: u64,
    requests: VecDeque<Seen>,
}

impl Activity {
    /// Notes a request whose credential was checked.
    pub fn saw(&mut self, path: &str, scheme: Scheme, credential: Credential) {
        if self.requests.len() == KEPT {
            self.requests.pop_front();
        }
        self.requests.push_back(Seen { path: path.to_owned(), scheme, credential });
    }

    pub fn to_json(&self) -> Value {
        let requests: Vec<Value> = self
            .requests
            .iter()
            .map(|seen| json!({"path": seen.path, "scheme": seen.scheme.as_str(), "credential": seen.credential.as_str()}))
            .collect();
        json!({
            "password_grants": self.password_grants,
            "refresh_grants": self.refresh_grants,
            "revocations": self.revocations,
            "requests": requests,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_hundred_newest_last() {
        let mut activity = Activity::default();
        for i in 0..150 {
            activity.saw(
                &format!("/account/{i}/virtual_machines"),
                Scheme::Bearer,
                Credential::ApiKey,
            );
        }
        let seen = activity.to_json();
        let requests = seen["requests"].as_array().unwrap();
        assert_eq!(requests.len(), 100);
        assert_eq!(requests[99]["path"], "/account/149/virtual_machines");
        assert_eq!(requests[0]["scheme"], "bearer");
        assert_eq!(requests[0]["credential"], "api_key");
    }
}
