//! Who is logged in: the API address, the account and its token.
//!
//! The token lives in memory and in sessionStorage (so a reload keeps the
//! user logged in), and in localStorage only when the user asked to be
//! remembered. It never goes into a URL or a log line.

use crate::storage::{self, Store};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;

const STORAGE_KEY: &str = "vmdeck.session";

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

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// Absolute API base URL without a trailing slash, e.g. `http://host/api`.
    pub base_url: String,
    pub account_id: String,
    pub token: Token,
    #[serde(default)]
    pub remembered: bool,
}

/// The login state of the app, provided as context at the root.
#[derive(Clone, Copy)]
pub struct Session {
    credentials: RwSignal<Option<Credentials>>,
    /// Why the user was sent back to the login page, shown there once.
    notice: RwSignal<Option<String>>,
}

impl Session {
    /// The session as stored by an earlier page load, if any.
    pub fn restore() -> Self {
        let stored = read();
        Self { credentials: RwSignal::new(stored), notice: RwSignal::new(None) }
    }

    pub fn credentials(&self) -> Option<Credentials> {
        self.credentials.get()
    }

    /// Names the API and account logged in, for keeping things per account
    /// (drafts); never the token.
    pub fn account_key(&self) -> Option<String> {
        self.credentials.with_untracked(|c| c.as_ref().map(|c| format!("{}#{}", c.base_url, c.account_id)))
    }

    /// The logged-in account's id, for a request about to be made;
    /// `Unauthorized` when logged out (no request is sent then).
    pub fn account_id(&self) -> Result<String, vmdeck_core::ApiError> {
        self.credentials.with_untracked(|c| c.as_ref().map(|c| c.account_id.clone())).ok_or(vmdeck_core::ApiError::Unauthorized)
    }

    pub fn is_logged_in(&self) -> bool {
        self.credentials.with(Option::is_some)
    }

    pub fn log_in(&self, credentials: Credentials) {
        forget_stored();
        storage::write(Store::Tab, STORAGE_KEY, &credentials);
        if credentials.remembered {
            storage::write(Store::Browser, STORAGE_KEY, &credentials);
        }
        self.notice.set(None);
        self.credentials.set(Some(credentials));
    }

    /// Forgets the token everywhere.
    pub fn log_out(&self) {
        forget_stored();
        self.credentials.set(None);
    }

    /// The API refused the token: forget it and say so on the login page.
    /// Only the first refusal counts, so parallel requests do not repeat it.
    pub fn expire(&self) {
        if self.credentials.with_untracked(Option::is_some) {
            self.log_out();
            self.notice.set(Some(vmdeck_core::i18n::shell::SESSION_EXPIRED.get().into()));
        }
    }

    /// The message for the login page, taken once.
    pub fn take_notice(&self) -> Option<String> {
        let notice = self.notice.get_untracked();
        if notice.is_some() {
            self.notice.set(None);
        }
        notice
    }
}

pub fn use_session() -> Session {
    // The root provides it; a component tested alone gets a fresh, logged-out one.
    use_context::<Session>().unwrap_or_else(|| {
        let session = Session { credentials: RwSignal::new(None), notice: RwSignal::new(None) };
        provide_context(session);
        session
    })
}

fn read() -> Option<Credentials> {
    storage::read(Store::Tab, STORAGE_KEY).or_else(|| storage::read(Store::Browser, STORAGE_KEY))
}

fn forget_stored() {
    // Storage can be full or disabled; the session then lasts for this page only.
    storage::remove(Store::Tab, STORAGE_KEY);
    storage::remove(Store::Browser, STORAGE_KEY);
}
