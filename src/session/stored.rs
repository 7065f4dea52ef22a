//! What the browser keeps of the logins: this tab's (and which one it
//! shows), the remembered ones, when each was last used, and the logouts.
//! Storage is writable by anything on this origin: what is read back is
//! read again as input.

use super::Credentials;
use crate::storage::{self, keys, Store};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use vmdeck_core::session::LogoutRecord;

/// This tab's logins and the one it shows.
#[derive(Default, Serialize, Deserialize)]
pub(super) struct TabLogins {
    #[serde(default)]
    pub current: Option<String>,
    #[serde(default)]
    pub logins: Vec<Credentials>,
}

/// Whether a stored login can be used: its API address is one the login
/// form would take, and its id is the one its credentials give (a login
/// kept before logins had ids has none, and has ended).
fn usable(stored: &Credentials) -> bool {
    let scheme = stored.base_url.to_ascii_lowercase();
    let absolute = scheme.starts_with("https://") || scheme.starts_with("http://");
    absolute
        && vmdeck_core::api::paths::normalize_base_url(&stored.base_url)
            .is_ok_and(|url| url == stored.base_url)
        && stored.login_id == stored.own_id()
}

/// This tab's logins, those of them that can be used.
pub(super) fn tab() -> TabLogins {
    let Some(mut stored) = storage::read::<TabLogins>(Store::Tab, keys::SESSION) else {
        // Nothing, or what this panel cannot read (an older shape): never kept.
        storage::remove(Store::Tab, keys::SESSION);
        return TabLogins::default();
    };
    stored.logins.retain(usable);
    stored
}

pub(super) fn write_tab(current: Option<&str>, logins: &[Credentials]) {
    if logins.is_empty() {
        storage::remove(Store::Tab, keys::SESSION);
    } else {
        storage::write(Store::Tab, keys::SESSION, &TabLoginsRef { current, logins });
    }
}

#[derive(Serialize)]
struct TabLoginsRef<'a> {
    current: Option<&'a str>,
    logins: &'a [Credentials],
}

/// The logins this browser remembers, for every tab; those that cannot be
/// used are gone from it too.
pub(super) fn remembered() -> Vec<Credentials> {
    match storage::read::<Vec<Credentials>>(Store::Browser, keys::SESSION) {
        Some(mut logins) => {
            let before = logins.len();
            logins.retain(usable);
            if logins.is_empty() {
                storage::remove(Store::Browser, keys::SESSION);
            } else if logins.len() != before {
                storage::write(Store::Browser, keys::SESSION, &logins);
            }
            logins
        }
        None => {
            storage::remove(Store::Browser, keys::SESSION);
            Vec::new()
        }
    }
}

/// Keeps `login` among the remembered ones (another tab may have written
/// since: read, changed, written).
pub(super) fn remember(login: &Credentials) {
    let mut logins = remembered();
    logins.retain(|c| c.login_id != login.login_id);
    logins.push(login.clone());
    storage::write(Store::Browser, keys::SESSION, &logins);
}

pub(super) fn forget_remembered(login_id: &str) {
    let mut logins = remembered();
    let before = logins.len();
    logins.retain(|c| c.login_id != login_id);
    if logins.is_empty() {
        storage::remove(Store::Browser, keys::SESSION);
    } else if logins.len() != before {
        storage::write(Store::Browser, keys::SESSION, &logins);
    }
}

/// When each login was last used in any tab, by its id.
pub(super) fn uses() -> BTreeMap<String, f64> {
    storage::read(Store::Browser, keys::USED).unwrap_or_default()
}

pub(super) fn record_use(login_id: &str, at: f64) {
    let mut uses = uses();
    uses.insert(login_id.to_owned(), at);
    storage::write(Store::Browser, keys::USED, &uses);
}

pub(super) fn forget_uses(login_ids: &[String]) {
    let mut uses = uses();
    uses.retain(|id, _| !login_ids.contains(id));
    if uses.is_empty() {
        storage::remove(Store::Browser, keys::USED);
    } else {
        storage::write(Store::Browser, keys::USED, &uses);
    }
}

pub(super) fn logouts() -> LogoutRecord {
    storage::read(Store::Browser, keys::LOGOUT).unwrap_or_default()
}

/// Changes the record as it stands now, and writes it: the other tabs
/// hear it through the `storage` event.
pub(super) fn record_logout(change: impl FnOnce(&mut LogoutRecord)) {
    let mut record = logouts();
    change(&mut record);
    storage::write(Store::Browser, keys::LOGOUT, &record);
}

/// What the boot script's first read may go out with (`boot.js`, written by
/// `scripts/build-wasm.mjs`): a login, until when it holds without a check,
/// and the browser's logouts as they stand, so that any logout since stops
/// it. In the tab's store, the login this tab shows; in the browser's, the
/// remembered login a new tab would show. Without one, nothing.
#[derive(Serialize)]
struct FirstRead<'a> {
    login: &'a str,
    until: f64,
    logouts: Option<String>,
}

pub(super) fn write_first_read(store: Store, login: Option<(&str, f64)>) {
    match login {
        Some((login, until)) => {
            let logouts = storage::read_text(Store::Browser, keys::LOGOUT);
            storage::write_changed(store, keys::FIRST_READ, &FirstRead { login, until, logouts });
        }
        None => storage::remove(store, keys::FIRST_READ),
    }
}

/// The login a tab shows when it has none of its own: of `logins`, the
/// one used last in any tab (or, never used, logged in to last).
pub(super) fn shown_first<'a>(
    logins: impl Iterator<Item = &'a Credentials>,
    uses: &BTreeMap<String, f64>,
) -> Option<&'a Credentials> {
    let last = |c: &Credentials| uses.get(&c.login_id).copied().unwrap_or(c.logged_in_at);
    logins.max_by(|a, b| last(a).total_cmp(&last(b)))
}
