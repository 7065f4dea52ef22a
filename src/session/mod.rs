//! Who is logged in: the logins of this tab (one account each, at an API
//! address), the one it shows, and how long each lasts.
//!
//! A tab may be logged in to several accounts and shows one at a time; the
//! header and the switcher change which. Each login's token lives in memory
//! and in sessionStorage (so a reload keeps it), and in localStorage only
//! when the user asked to be remembered (then every new tab has it too). It
//! never goes into a URL or a log line.
//!
//! Each login ends by itself (`vmdeck_core::session::Lifetime`, set in
//! `config.json`): a remembered one some days after it began, any one after
//! some minutes in which no tab of the panel showed it and was used. A
//! logout, of one login or of all, reaches every tab of the browser: it
//! writes its time and the login's id (`keys::LOGOUT`, which names no
//! account), which the other tabs hear through the `storage` event and
//! which keeps a tab closed before it, and reopened after, from bringing
//! the login back. Changing the account shown loads the page afresh, so
//! that nothing of one account stays in memory under another.

mod check;
mod credentials;
mod lifetime;
mod renew;
mod stored;

pub use credentials::{Account, Credentials, GrantState, Token};
pub use lifetime::keep_lifetime;
use lifetime::take_handed_over;
pub use renew::{keep_renewed, renew};

/// Whether this browser keeps any login for this tab to show: its own, or a
/// remembered one. Without one, the page opened leads to the login page.
pub fn any_kept() -> bool {
    !stored::tab().logins.is_empty() || !stored::remembered().is_empty()
}

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use std::collections::BTreeMap;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::session::Lifetime;

/// The login state of the app, provided as context at the root.
#[derive(Clone, Copy)]
pub struct Session {
    /// This tab's logins, the latest last.
    logins: RwSignal<Vec<Credentials>>,
    /// The id of the one shown; none after it ended until the user chooses.
    current: RwSignal<Option<String>>,
    /// Why the user was sent back to the login page, shown there once.
    notice: RwSignal<Option<String>>,
    /// The deployment's lifetime, once `config.json` is read.
    lifetime: RwSignal<Option<Lifetime>>,
    /// The last use of each login seen by this tab, for when the storage
    /// cannot keep it.
    last_used: StoredValue<BTreeMap<String, f64>>,
    /// A login the portal handed over in a link's fragment, not used yet
    /// (`pages::login::handoff`).
    handoff: RwSignal<Option<String>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Session {
    fn new(logins: Vec<Credentials>, current: Option<String>) -> Self {
        Self {
            logins: RwSignal::new(logins),
            current: RwSignal::new(current),
            notice: RwSignal::new(None),
            lifetime: RwSignal::new(None),
            last_used: StoredValue::new(BTreeMap::new()),
            handoff: RwSignal::new(None),
        }
    }

    /// The logins as stored by an earlier page load (this tab's, and the
    /// ones this browser remembers), unless they have ended since: by a
    /// logout, or by their lifetime as it was at the login (the
    /// deployment's current one is checked once `config.json` is read).
    /// A new tab shows the remembered login used last.
    pub fn restore() -> Self {
        let tab = stored::tab();
        let mut logins = tab.logins;
        for remembered in stored::remembered() {
            if !logins.iter().any(|c| c.login_id == remembered.login_id) {
                logins.push(remembered);
            }
        }
        let current =
            tab.current.filter(|id| logins.iter().any(|c| &c.login_id == id)).or_else(|| {
                stored::shown_first(logins.iter(), &stored::uses()).map(|c| c.login_id.clone())
            });
        let session = Self::new(logins, current);
        session.check();
        session.save();
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

    /// The login shown (tracked).
    pub fn credentials(&self) -> Option<Credentials> {
        let id = self.current.get()?;
        self.logins.with(|logins| logins.iter().find(|c| c.login_id == id).cloned())
    }

    /// The login `login_id` as this tab holds it now, renewed token and all.
    pub fn login(&self, login_id: &str) -> Option<Credentials> {
        self.logins.with_untracked(|logins| logins.iter().find(|c| c.login_id == login_id).cloned())
    }

    fn shown_untracked(&self) -> Option<Credentials> {
        let id = self.current.get_untracked()?;
        self.logins.with_untracked(|logins| logins.iter().find(|c| c.login_id == id).cloned())
    }

    /// This tab's logins, for choosing between them (tracked).
    pub fn accounts(&self) -> Vec<Account> {
        let shown = self.current.get();
        self.logins.with(|logins| {
            logins
                .iter()
                .map(|c| Account {
                    login_id: c.login_id.clone(),
                    account_id: c.account_id.clone(),
                    name: c.account_name.clone(),
                    host: c.host(),
                    shown: shown.as_ref() == Some(&c.login_id),
                })
                .collect()
        })
    }

    /// Names the API and account shown, for keeping things per account
    /// (drafts); never the token.
    pub fn account_key(&self) -> Option<String> {
        self.shown_untracked().map(|c| c.account_key())
    }

    /// The shown account's id, for a request about to be made;
    /// `Unauthorized` when logged out (no request is sent then).
    pub fn account_id(&self) -> Result<String, vmdeck_core::ApiError> {
        self.shown_untracked().map(|c| c.account_id).ok_or(vmdeck_core::ApiError::Unauthorized)
    }

    pub fn is_logged_in(&self) -> bool {
        self.current.with(Option::is_some)
    }

    /// Logs in to `credentials` (made by [`Credentials::new`]) beside the
    /// tab's logins of other accounts, and shows it. Returns whether another
    /// account was shown: the caller then loads its next page afresh.
    #[must_use]
    pub fn log_in(&self, credentials: Credentials) -> bool {
        self.log_in_with(credentials, Vec::new())
    }

    /// [`Session::log_in`] to `shown`, and beside it to `others`, the other
    /// accounts the same login reaches: the switcher lists them, one press
    /// from being shown, without a second login.
    #[must_use]
    pub fn log_in_with(&self, shown: Credentials, others: Vec<Credentials>) -> bool {
        let account = shown.account_key();
        let switched = self.shown_untracked().is_some_and(|before| before.account_key() != account);
        for other in others.into_iter().filter(|c| c.account_key() != account) {
            self.admit(other);
        }
        let id = self.admit(shown);
        self.current.set(Some(id.clone()));
        self.save();
        self.record_use(&id, now());
        self.notice.set(None);
        switched
    }

    /// Takes a login in among the tab's, in the place of the account's
    /// earlier one (one login per account), with its times; returns its id.
    fn admit(&self, mut credentials: Credentials) -> String {
        // After this login's last logout, even within its millisecond.
        let logged_out = stored::logouts().ended_at(&credentials.login_id);
        credentials.logged_in_at = logged_out.map_or(now(), |out| now().max(out + 1.0));
        credentials.lifetime = Some(self.lifetime.get_untracked().unwrap_or_default());
        if credentials.remembered {
            stored::remember(&credentials);
        } else {
            stored::forget_remembered(&credentials.login_id);
        }
        let id = credentials.login_id.clone();
        let account = credentials.account_key();
        let replaced: Vec<String> = self.logins.with_untracked(|logins| {
            logins
                .iter()
                .filter(|c| c.account_key() == account && c.login_id != id)
                .map(|c| c.login_id.clone())
                .collect()
        });
        for old in &replaced {
            stored::forget_remembered(old);
        }
        self.logins.update(|logins| {
            logins.retain(|c| c.login_id != id && c.account_key() != account);
            logins.push(credentials);
        });
        id
    }

    /// Shows another of this tab's logins, at `path`, on a fresh page.
    /// Nothing happens if it has ended meanwhile.
    pub fn switch_to(&self, login_id: &str, path: &str) {
        self.check();
        if !self.logins.with_untracked(|logins| logins.iter().any(|c| c.login_id == login_id)) {
            return;
        }
        // Written, not shown: the page that loads next shows it.
        self.logins.with_untracked(|logins| stored::write_tab(Some(login_id), logins));
        let _ = window().location().assign(path);
    }

    /// The user logged out of the account shown: its token goes from every
    /// tab of this browser, and unless the login was remembered, nothing of
    /// the account stays (its history, visit record, drafts). Returns
    /// whether another login remains, now shown (the caller loads a fresh page).
    pub fn log_out(&self) -> bool {
        let Some(ended) = self.shown_untracked() else { return false };
        // After the login's own time, even with a clock that barely moved.
        let at = now().max(ended.logged_in_at);
        stored::record_logout(|record| record.log_out(&ended.login_id, at));
        self.forget(&[ended]);
        let next = self.logins.with_untracked(|logins| logins.last().map(|c| c.login_id.clone()));
        self.current.set(next);
        self.save();
        self.is_logged_in()
    }

    /// The user logged out of every account, in every tab of this browser.
    pub fn log_out_all(&self) {
        let ended = self.logins.get_untracked();
        let at = ended.iter().fold(now(), |at, c| at.max(c.logged_in_at));
        stored::record_logout(|record| record.log_out_all(at));
        self.forget(&ended);
        self.current.set(None);
        self.save();
    }

    /// Takes logins out of this tab and the browser, with the data of each
    /// account that was not remembered (a remembered one's stays until
    /// "Forget this device"; its drafts go). The address the user saved
    /// goes with the last login, unless that was remembered.
    fn forget(&self, ended: &[Credentials]) {
        let staying: Vec<Credentials> = self.logins.with_untracked(|logins| {
            logins
                .iter()
                .filter(|c| !ended.iter().any(|e| e.login_id == c.login_id))
                .cloned()
                .collect()
        });
        renew::revoke(ended, &staying);
        for login in ended {
            if login.remembered {
                storage::forget_tab_data(&login.account_key());
            } else {
                storage::forget_account(&login.account_key());
            }
        }
        self.take_out(ended.iter());
        if self.logins.with_untracked(Vec::is_empty) && ended.iter().any(|c| !c.remembered) {
            storage::remove(Store::Browser, keys::MY_ADDRESS);
        }
    }

    /// Takes logins out of this tab and of what the browser keeps of them:
    /// remembered, and when last used.
    fn take_out<'a>(&self, ended: impl Iterator<Item = &'a Credentials>) {
        let ids: Vec<String> = ended.map(|c| c.login_id.clone()).collect();
        for id in &ids {
            stored::forget_remembered(id);
        }
        stored::forget_uses(&ids);
        self.logins.update(|logins| logins.retain(|c| !ids.contains(&c.login_id)));
    }

    fn save(&self) {
        let current = self.current.get_untracked();
        self.logins.with_untracked(|logins| stored::write_tab(current.as_deref(), logins));
        // No login shown: nothing for the boot script to send a read with.
        if current.is_none() {
            stored::write_first_read(Store::Tab, None);
        }
    }

    /// The API refused the token of the login `login_id`: forget it, and if
    /// it was shown, say so on the login page. Only the first refusal
    /// counts, so parallel requests do not repeat it. What was typed stays
    /// (the drafts) for the next login.
    pub fn expire(&self, login_id: &str) {
        let Some(login) = self
            .logins
            .with_untracked(|logins| logins.iter().find(|c| c.login_id == login_id).cloned())
        else {
            return;
        };
        self.end(&[(login, t::SESSION_EXPIRED.get().to_owned())]);
    }

    /// Ends logins in this tab, each with the notice for the login page
    /// should it be the one shown.
    fn end(&self, ended: &[(Credentials, String)]) {
        let shown = self.current.get_untracked();
        self.take_out(ended.iter().map(|(login, _)| login));
        if let Some((_, notice)) = ended.iter().find(|(c, _)| Some(&c.login_id) == shown.as_ref()) {
            self.current.set(None);
            self.notice.set(Some(notice.clone()));
        }
        self.save();
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
    // The root provides it: a second instance would be a second state, so a
    // missing provider is a bug that ends the app where a test sees it.
    expect_context::<Session>()
}
