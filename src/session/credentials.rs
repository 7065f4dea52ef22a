//! A login's credentials: the API address, the account, the
//! `Authorization` header that opens it, and, for a password login, what
//! renews it.

use serde::{Deserialize, Serialize};
use std::fmt;
use vmdeck_core::login::{PasswordEndpoint, Way};
use vmdeck_core::session::Lifetime;

/// A secret: the `Authorization` header's value (the token with its scheme
/// where the API wants one, `vmdeck_core::login::header`), or a refresh
/// token. Its `Debug` hides it, so that it cannot end up in a log.
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
    /// What the provider calls the account, where it said (`GET /accounts`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_name: Option<String>,
    /// The `Authorization` header's value.
    pub token: Token,
    /// How the login was made: what a refusal of it means. A login kept
    /// before there were ways was made with a token.
    #[serde(default = "token_way")]
    pub way: Way,
    /// A password login's token: when it ends and what renews it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant: Option<GrantState>,
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
    /// `vmdeck_core::session::login_id` of the API address, the account and
    /// the token (a password login's grant id, which its renewals keep); set
    /// by [`Credentials::new`].
    #[serde(default)]
    pub login_id: String,
}

fn token_way() -> Way {
    Way::Token
}

/// A password login's token beyond its header: the login's own id, which
/// stays when the token is renewed, its end, and its refresh token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GrantState {
    /// Random, made at the login: what its id is made of.
    pub id: String,
    pub endpoint: PasswordEndpoint,
    /// When the token was given (ms since the epoch): how long it lasts
    /// says how early to renew it.
    #[serde(default)]
    pub issued_at: f64,
    /// When the token ends (ms since the epoch), where the API said.
    #[serde(default)]
    pub expires_at: Option<f64>,
    #[serde(default)]
    pub refresh_token: Option<Token>,
    #[serde(default)]
    pub refresh_expires_at: Option<f64>,
}

impl Credentials {
    /// A login with a token typed as it goes in the header; the session sets its times.
    pub fn new(base_url: String, account_id: String, token: Token, remembered: bool) -> Self {
        Self::made(base_url, account_id, token, Way::Token, None, remembered)
    }

    /// A login made some `way`, with a password login's `grant`.
    pub fn made(
        base_url: String,
        account_id: String,
        token: Token,
        way: Way,
        grant: Option<GrantState>,
        remembered: bool,
    ) -> Self {
        let mut login = Self {
            base_url,
            account_id,
            account_name: None,
            token,
            way,
            grant,
            remembered,
            logged_in_at: 0.0,
            lifetime: None,
            login_id: String::new(),
        };
        login.login_id = login.own_id();
        login
    }

    /// The same login for another account it reaches.
    pub fn for_account(&self, account: &vmdeck_core::login::accounts::AccountChoice) -> Self {
        let mut login = Self {
            account_id: account.id.clone(),
            account_name: account.name.clone(),
            ..self.clone()
        };
        login.login_id = login.own_id();
        login
    }

    /// The id its credentials give: a stored login whose id is another was
    /// not written by the panel.
    pub fn own_id(&self) -> String {
        let secret = self.grant.as_ref().map_or(self.token.expose(), |grant| grant.id.as_str());
        vmdeck_core::session::login_id(&self.base_url, &self.account_id, secret)
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
    /// The provider's name for it, where it said.
    pub name: Option<String>,
    pub host: String,
    /// The one this tab shows.
    pub shown: bool,
}

impl Account {
    /// What the header and the switcher call it: the provider's name, else its id.
    pub fn label(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            vmdeck_core::tf!(vmdeck_core::i18n::shell::SHELL_ACCOUNT, id = self.account_id.clone())
        })
    }
}
