//! A login's credentials: the API address, the account and its token.

use serde::{Deserialize, Serialize};
use std::fmt;
use vmdeck_core::session::Lifetime;

/// The API token. Its `Debug` hides it, so that it cannot end up in a log.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Self {
        Self(token.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Credentials {
    /// Absolute API base URL without a trailing slash, e.g. `http://host/api`.
    pub base_url: String,
    pub account_id: String,
    pub token: Token,
    #[serde(default)]
    pub remembered: bool,
    /// When the login was made (ms since the epoch); set by [`Session::log_in`].
    /// A stored login without it is from before lifetimes and has ended.
    #[serde(default)]
    pub logged_in_at: f64,
    /// The lifetime in force when the login was made: a reload checks it at
    /// once, before `config.json` has said what it is now.
    #[serde(default)]
    pub lifetime: Option<Lifetime>,
    /// `vmdeck_core::session::login_id` of the three above; set by
    /// [`Credentials::new`].
    #[serde(default)]
    pub login_id: String,
}

impl Credentials {
    /// A login about to be made; the session sets its times.
    pub fn new(base_url: String, account_id: String, token: Token, remembered: bool) -> Self {
        let login_id = vmdeck_core::session::login_id(&base_url, &account_id, token.expose());
        Self { base_url, account_id, token, remembered, logged_in_at: 0.0, lifetime: None, login_id }
    }

    /// `<API address>#<account>`: what the account's data is kept under.
    pub fn account_key(&self) -> String {
        format!("{}#{}", self.base_url, self.account_id)
    }

    /// The API's host, which tells two providers' accounts apart.
    pub fn host(&self) -> String {
        vmdeck_core::api::paths::host_of(&self.base_url).to_owned()
    }
}

/// A login as the header and the switcher list it: never its token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub login_id: String,
    pub account_id: String,
    pub host: String,
    /// The one this tab shows.
    pub shown: bool,
}

