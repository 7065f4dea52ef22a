//! Who is logged in: the API address, the account and its token, and how
//! long that lasts.
//!
//! The token lives in memory and in sessionStorage (so a reload keeps the
//! user logged in), and in localStorage only when the user asked to be
//! remembered. It never goes into a URL or a log line.
//!
//! A login ends by itself (`vmdeck_core::session::Lifetime`, set in
//! `config.json`): a remembered one some days after it began, any one after
//! some minutes in which no tab of the panel was used. A logout reaches
//! every tab of the browser: it writes its time (`keys::LOGOUT`, a time and
//! nothing else), which the other tabs hear through the `storage` event and
//! which keeps a tab closed before it, and reopened after, from bringing its
//! login back.

use crate::hooks::{use_poll_with_options, UsePollOptions};
use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use wasm_bindgen::JsCast;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::session::{Ended, Lifetime, Times};

/// How often an open tab looks whether its login has ended.
const CHECK_EVERY_MS: u32 = 15_000;
/// A use is written down at most this often: every key press would be a write.
const USE_WRITE_EVERY_MS: f64 = 10_000.0;

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
}

impl Credentials {
    /// `<API address>#<account>`: what the account's data is kept under.
    pub fn account_key(&self) -> String {
        format!("{}#{}", self.base_url, self.account_id)
    }
}

/// The login state of the app, provided as context at the root.
#[derive(Clone, Copy)]
pub struct Session {
    credentials: RwSignal<Option<Credentials>>,
    /// Why the user was sent back to the login page, shown there once.
    notice: RwSignal<Option<String>>,
    /// The deployment's lifetime, once `config.json` is read.
    lifetime: RwSignal<Option<Lifetime>>,
    /// The last use seen by this tab, for when the storage cannot keep it.
    last_used: RwSignal<f64>,
    /// A login the portal handed over in a link's fragment, not used yet
    /// (`pages::login::handoff`).
    handoff: RwSignal<Option<String>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Session {
    fn new(credentials: Option<Credentials>) -> Self {
        Self {
            credentials: RwSignal::new(credentials),
            notice: RwSignal::new(None),
            lifetime: RwSignal::new(None),
            last_used: RwSignal::new(0.0),
            handoff: RwSignal::new(None),
        }
    }

    /// The session as stored by an earlier page load, unless it has ended
    /// since: by a logout, or by its lifetime as it was at the login (the
    /// deployment's current one is checked once `config.json` is read).
    pub fn restore() -> Self {
        let session = Self::new(read());
        session.check();
        session.handoff.set(take_handed_over());
        session
    }

    /// Whether a handed-over login waits to be used (tracked).
    pub fn has_handoff(&self) -> bool {
        self.handoff.with(Option::is_some)
    }

    pub fn handoff_untracked(&self) -> Option<String> {
        self.handoff.get_untracked()
    }

    pub fn forget_handoff(&self) {
        self.handoff.set(None);
    }

    pub fn credentials(&self) -> Option<Credentials> {
        self.credentials.get()
    }

    /// Names the API and account logged in, for keeping things per account
    /// (drafts); never the token.
    pub fn account_key(&self) -> Option<String> {
        self.credentials.with_untracked(|c| c.as_ref().map(Credentials::account_key))
    }

    /// The logged-in account's id, for a request about to be made;
    /// `Unauthorized` when logged out (no request is sent then).
    pub fn account_id(&self) -> Result<String, vmdeck_core::ApiError> {
        self.credentials.with_untracked(|c| c.as_ref().map(|c| c.account_id.clone())).ok_or(vmdeck_core::ApiError::Unauthorized)
    }

    pub fn is_logged_in(&self) -> bool {
        self.credentials.with(Option::is_some)
    }

    pub fn log_in(&self, mut credentials: Credentials) {
        forget_stored();
        // After the last logout, even within its millisecond.
        let logged_out: Option<f64> = storage::read(Store::Browser, keys::LOGOUT);
        credentials.logged_in_at = logged_out.map_or(now(), |out| now().max(out + 1.0));
        credentials.lifetime = Some(self.lifetime.get_untracked().unwrap_or_default());
        storage::write(Store::Tab, keys::SESSION, &credentials);
        if credentials.remembered {
            storage::write(Store::Browser, keys::SESSION, &credentials);
        }
        self.record_use(credentials.logged_in_at);
        self.notice.set(None);
        self.credentials.set(Some(credentials));
    }

    /// The user logged out: the token goes everywhere, every tab of this
    /// browser follows, and unless the login was remembered, nothing of the
    /// account stays in the browser (its history, visit record, saved
    /// address, drafts). A remembered login's data stays until "Forget this
    /// device".
    pub fn log_out(&self) {
        let ended = self.credentials.get_untracked();
        forget_stored();
        // After the login's own time, even with a clock that barely moved.
        let at = ended.as_ref().map_or(now(), |c| now().max(c.logged_in_at));
        storage::write(Store::Browser, keys::LOGOUT, &at);
        storage::remove(Store::Browser, keys::USED);
        match ended {
            Some(credentials) if !credentials.remembered => storage::forget_account(&credentials.account_key()),
            _ => storage::forget_tab_data(),
        }
        self.credentials.set(None);
    }

    /// The API refused the token: forget it and say so on the login page.
    /// Only the first refusal counts, so parallel requests do not repeat it.
    /// What was typed stays (the drafts) for the next login.
    pub fn expire(&self) {
        self.end(t::SESSION_EXPIRED.get().to_owned());
    }

    /// Ends the login in this tab with `notice` for the login page.
    fn end(&self, notice: String) {
        if self.credentials.with_untracked(Option::is_some) {
            forget_stored();
            self.credentials.set(None);
            self.notice.set(Some(notice));
        }
    }

    /// Whether the login still holds; ends it when its time is up: by the
    /// deployment's lifetime, or until that is known, the one of the login.
    pub fn check(&self) -> bool {
        let Some((times, at_login)) = self.credentials.with_untracked(|c| c.as_ref().map(|c| (self.times(c), c.lifetime))) else { return false };
        let lifetime = self.lifetime.get_untracked().or(at_login).unwrap_or_default();
        let Some(ended) = lifetime.ended(times, now()) else { return true };
        let notice = match ended {
            Ended::Idle => vmdeck_core::tf!(t::SESSION_IDLE, minutes = lifetime.idle_minutes),
            Ended::Age => vmdeck_core::tf!(t::SESSION_AGE, days = lifetime.remember_days),
            Ended::LoggedOut => t::SESSION_LOGGED_OUT_ELSEWHERE.get().to_owned(),
        };
        if ended == Ended::LoggedOut {
            // This tab's copy of what was typed goes with the logout it missed.
            storage::forget_tab_data();
        }
        self.end(notice);
        false
    }

    fn times(&self, credentials: &Credentials) -> Times {
        let stored: Option<f64> = storage::read(Store::Browser, keys::USED);
        Times {
            logged_in_at: credentials.logged_in_at,
            last_used: stored.unwrap_or(0.0).max(self.last_used.get_untracked()),
            logged_out_at: storage::read(Store::Browser, keys::LOGOUT),
            remembered: credentials.remembered,
        }
    }

    /// The user did something in this tab: first whether the login had
    /// already ended (the first touch after a long pause leads to the login
    /// page), then the use is written down for every tab.
    fn used(&self) {
        if !self.check() {
            return;
        }
        let at = now();
        if at - self.last_used.get_untracked() >= USE_WRITE_EVERY_MS {
            self.record_use(at);
        }
    }

    fn record_use(&self, at: f64) {
        self.last_used.set(at);
        storage::write(Store::Browser, keys::USED, &at);
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
        let session = Session::new(None);
        provide_context(session);
        session
    })
}

/// At the root, once: keeps the login's lifetime. It is checked when
/// `config.json` has said what it is, every few seconds (a hidden tab
/// too), when the tab is shown, at each use, and when another tab logs out.
pub fn keep_lifetime(lifetime: Signal<Option<Lifetime>>) {
    let session = use_session();
    Effect::new(move || {
        if let Some(lifetime) = lifetime.get() {
            session.lifetime.set(Some(lifetime));
            session.check();
        }
    });
    let logged_in = Signal::derive(move || session.is_logged_in());
    use_poll_with_options(logged_in, CHECK_EVERY_MS, move || {
        session.check();
    }, UsePollOptions::default().while_hidden(logged_in));
    let typed = window_event_listener(leptos::ev::keydown, move |_| session.used());
    let pointed = window_event_listener(leptos::ev::pointerdown, move |_| session.used());
    let shown = window_event_listener(leptos::ev::focus, move |_| {
        session.check();
    });
    // A link pasted into this tab while it is open: the boot script took
    // it out of the address as it came.
    let handed_over = window_event_listener_untyped(HANDED_OVER_EVENT, move |_| {
        if let Some(fragment) = take_handed_over() {
            session.handoff.set(Some(fragment));
        }
    });
    let other_tab = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() == Some(keys::LOGOUT) {
            session.check();
        }
    });
    on_cleanup(move || {
        typed.remove();
        pointed.remove();
        shown.remove();
        other_tab.remove();
        handed_over.remove();
    });
}

/// The event of the boot script for a login link that came while the panel ran.
const HANDED_OVER_EVENT: &str = "vmdeck-handoff";

/// The fragment of a login link the boot script took out of the address
/// bar (`vmdeckTakeHandoff`, which gives it once).
fn take_handed_over() -> Option<String> {
    let window = web_sys::window()?;
    let take: js_sys::Function = js_sys::Reflect::get(&window, &"vmdeckTakeHandoff".into()).ok()?.dyn_into().ok()?;
    take.call0(&wasm_bindgen::JsValue::NULL).ok()?.as_string()
}

/// The stored login, if its API address is still one the login form would
/// take (storage is writable by anything on this origin: it is read again
/// as input).
fn read() -> Option<Credentials> {
    let stored: Credentials = storage::read(Store::Tab, keys::SESSION).or_else(|| storage::read(Store::Browser, keys::SESSION))?;
    let scheme = stored.base_url.to_ascii_lowercase();
    let absolute = scheme.starts_with("https://") || scheme.starts_with("http://");
    let usable = absolute && vmdeck_core::api::paths::normalize_base_url(&stored.base_url).is_ok_and(|url| url == stored.base_url);
    if !usable {
        forget_stored();
    }
    usable.then_some(stored)
}

fn forget_stored() {
    // Storage can be full or disabled; the session then lasts for this page only.
    storage::remove(Store::Tab, keys::SESSION);
    storage::remove(Store::Browser, keys::SESSION);
}
