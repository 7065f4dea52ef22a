//! Whether each login of the tab still holds, by its lifetime and the
//! logouts of other tabs; what the boot script of this tab and of a new
//! one may send its first read with; and each use written down.

use super::{now, stored, Credentials, Session};
use crate::storage::{self, Store};
use leptos::prelude::*;
use std::collections::BTreeMap;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::session::{Ended, LogoutRecord, Times};

/// A use is written down at most this often: every key press would be a write.
const USE_WRITE_EVERY_MS: f64 = 10_000.0;

impl Session {
    /// Whether the login shown still holds; ends each login whose time is
    /// up: by the deployment's lifetime, or until that is known, the one of
    /// the login.
    pub fn check(&self) -> bool {
        let holds = self.check_tab();
        self.write_new_tab_read();
        holds
    }

    /// `check` for this tab's logins only: what each use does, without the
    /// browser-wide work, which changes only when a use is written down.
    fn check_tab(&self) -> bool {
        let (logouts, uses, at) = (stored::logouts(), stored::uses(), now());
        let deployment = self.lifetime.get_untracked();
        // Until when each login that holds may be used without a check: the
        // boot script's first read goes out only before then.
        let mut holds_until = Vec::new();
        let ended: Vec<(Credentials, String)> = self.logins.with_untracked(|logins| {
            logins
                .iter()
                .filter_map(|c| {
                    let lifetime = deployment.or(c.lifetime).unwrap_or_default();
                    let seen_here =
                        self.last_used.with_value(|used| used.get(&c.login_id).copied());
                    let times = times(c, &uses, seen_here, &logouts);
                    let Some(ended) = lifetime.ended(times, at) else {
                        holds_until.push((c.login_id.clone(), lifetime.ends_at(times)));
                        return None;
                    };
                    let notice = match ended {
                        Ended::Idle => {
                            vmdeck_core::tf!(t::SESSION_IDLE, minutes = lifetime.idle_minutes)
                        }
                        Ended::Age => {
                            vmdeck_core::tf!(t::SESSION_AGE, days = lifetime.remember_days)
                        }
                        Ended::LoggedOut => {
                            // This tab's copy of what was typed goes with the logout it missed.
                            storage::forget_tab_data(&c.account_key());
                            t::SESSION_LOGGED_OUT_ELSEWHERE.get().to_owned()
                        }
                    };
                    Some((c.clone(), notice))
                })
                .collect()
        });
        if !ended.is_empty() {
            self.end(&ended);
        }
        let current = self.current.get_untracked();
        let shown =
            current.as_deref().and_then(|id| holds_until.iter().find(|(held, _)| held == id));
        stored::write_first_read(Store::Tab, shown.map(|(id, until)| (id.as_str(), *until)));
        current.is_some()
    }

    /// What a new tab's boot script may send its first read with: by the
    /// uses every tab has written down, not this tab's own.
    fn write_new_tab_read(&self) {
        let (logouts, uses, at) = (stored::logouts(), stored::uses(), now());
        let deployment = self.lifetime.get_untracked();
        let remembered = stored::remembered();
        let next_tab = stored::shown_first(remembered.iter(), &uses).and_then(|c| {
            let lifetime = deployment.or(c.lifetime).unwrap_or_default();
            let times = times(c, &uses, None, &logouts);
            lifetime
                .ended(times, at)
                .is_none()
                .then(|| (c.login_id.as_str(), lifetime.ends_at(times)))
        });
        stored::write_first_read(Store::Browser, next_tab);
    }

    /// The user did something in this tab: first whether the login shown
    /// had already ended (the first touch after a long pause leads to the
    /// login page), then its use is written down for every tab.
    pub(super) fn used(&self) {
        if !self.check_tab() {
            return;
        }
        let Some(id) = self.current.get_untracked() else { return };
        let at = now();
        let last = self.last_used.with_value(|used| used.get(&id).copied().unwrap_or(0.0));
        if at - last >= USE_WRITE_EVERY_MS {
            self.record_use(&id, at);
            self.write_new_tab_read();
        }
    }

    pub(super) fn record_use(&self, login_id: &str, at: f64) {
        self.last_used.update_value(|used| {
            used.insert(login_id.to_owned(), at);
        });
        stored::record_use(login_id, at);
    }
}

/// A login's times as this browser has them: its use the latest any tab
/// wrote down, or this one saw.
fn times(
    login: &Credentials,
    uses: &BTreeMap<String, f64>,
    seen_here: Option<f64>,
    logouts: &LogoutRecord,
) -> Times {
    Times {
        logged_in_at: login.logged_in_at,
        last_used: uses.get(&login.login_id).copied().unwrap_or(0.0).max(seen_here.unwrap_or(0.0)),
        logged_out_at: logouts.ended_at(&login.login_id),
        remembered: login.remembered,
    }
}
