//! The ways in a deployment offers (`config.json`'s `login`): an email and
//! password (at one of the password endpoints), an API key, and the oldest
//! generation's account id and raw token. Without the key, the provider's
//! current ways: email and password at the OpenID Connect endpoint, and an
//! API key.

use super::{PasswordEndpoint, Way};
use crate::api::decode;
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoginWays {
    /// Where an email and password go; `None`: not offered.
    pub password: Option<PasswordEndpoint>,
    pub api_key: bool,
    /// An account id and a token sent as typed (`service-interface.md`).
    pub token: bool,
}

impl Default for LoginWays {
    fn default() -> Self {
        Self { password: Some(PasswordEndpoint::OpenId), api_key: true, token: false }
    }
}

impl LoginWays {
    /// Reads `login`: `{"password": "openid" | "token" | "token-raw" | false,
    /// "api_key": bool, "token": bool}`, each left out keeping its default.
    /// A value that cannot be used, or a file that offers no way at all,
    /// keeps the defaults with a warning.
    pub fn from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Self {
        let mut ways = Self::default();
        let Some(value) = value.filter(|v| !v.is_null()) else { return ways };
        if !value.is_object() {
            warnings.push(
                "config.json: login must be an object; the default ways in are offered.".to_owned(),
            );
            return ways;
        }
        match value.get("password") {
            None | Some(Value::Null) => {}
            Some(Value::Bool(false)) => ways.password = None,
            Some(given) => match decode::text(Some(given)).as_deref().and_then(PasswordEndpoint::from_name) {
                Some(endpoint) => ways.password = Some(endpoint),
                None => warnings.push("config.json: login.password must be \"openid\", \"token\", \"token-raw\" or false; \"openid\" is used.".to_owned()),
            },
        }
        let mut flag = |key: &str, into: &mut bool| match value.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Bool(on)) => *into = *on,
            Some(_) => warnings.push(format!(
                "config.json: login.{key} must be true or false; the default is used."
            )),
        };
        flag("api_key", &mut ways.api_key);
        flag("token", &mut ways.token);
        if ways.offered().is_empty() {
            warnings.push(
                "config.json: login offers no way in; the default ways are offered.".to_owned(),
            );
            return Self::default();
        }
        ways
    }

    /// The ways offered, in the order the login page shows them.
    pub fn offered(&self) -> Vec<Way> {
        [
            (self.password.is_some(), Way::Password),
            (self.api_key, Way::ApiKey),
            (self.token, Way::Token),
        ]
        .into_iter()
        .filter_map(|(on, way)| on.then_some(way))
        .collect()
    }

    /// The way the login page opens on.
    pub fn first(&self) -> Way {
        self.offered().first().copied().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_ways_and_keeps_the_defaults_otherwise() {
        let mut warnings = Vec::new();
        assert_eq!(LoginWays::from_json(None, &mut warnings), LoginWays::default());
        assert_eq!(LoginWays::default().offered(), vec![Way::Password, Way::ApiKey]);
        let all = LoginWays::from_json(
            Some(&json!({"password": "token-raw", "token": true})),
            &mut warnings,
        );
        assert_eq!(
            all,
            LoginWays { password: Some(PasswordEndpoint::TokenRaw), api_key: true, token: true }
        );
        let keys_only =
            LoginWays::from_json(Some(&json!({"password": false, "api_key": true})), &mut warnings);
        assert_eq!((keys_only.offered(), keys_only.first()), (vec![Way::ApiKey], Way::ApiKey));
        assert!(warnings.is_empty(), "{warnings:?}");

        let odd = LoginWays::from_json(
            Some(&json!({"password": "ldap", "api_key": "yes"})),
            &mut warnings,
        );
        assert_eq!(odd, LoginWays::default());
        assert_eq!(warnings.len(), 2);
        let none = LoginWays::from_json(
            Some(&json!({"password": false, "api_key": false})),
            &mut warnings,
        );
        assert_eq!(none, LoginWays::default());
        assert_eq!(warnings.len(), 3);
    }
}
