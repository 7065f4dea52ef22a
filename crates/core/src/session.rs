//! How long a login lasts (its form is `login::form`): a remembered one a number of
//! days from the login, any one a number of minutes without use. A deployment sets both
//! in `config.json` (`"session": {"remember_days": 14, "idle_minutes": 30}`);
//! a value out of range is left out with a warning and the default holds.

use crate::api::decode;
use serde_json::Value;

const MINUTE_MS: f64 = 60_000.0;
const DAY_MS: f64 = 24.0 * 60.0 * MINUTE_MS;

/// The limits a deployment may choose between.
pub const REMEMBER_DAYS: std::ops::RangeInclusive<u32> = 1..=365;
pub const IDLE_MINUTES: std::ops::RangeInclusive<u32> = 1..=1_440;

/// The lifetime of a login.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Lifetime {
    /// A remembered login ends this many days after it began.
    pub remember_days: u32,
    /// Any login ends after this many minutes in which no tab of the panel
    /// in this browser was used.
    pub idle_minutes: u32,
}

impl Default for Lifetime {
    fn default() -> Self {
        Self { remember_days: 14, idle_minutes: 30 }
    }
}

/// Why a login has ended by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// No use for `idle_minutes`.
    Idle,
    /// A remembered login older than `remember_days`.
    Age,
    /// A login from before the last logout in this browser (a tab closed
    /// before the logout and reopened after it).
    LoggedOut,
}

/// When a login began and was last used, in milliseconds since the epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Times {
    pub logged_in_at: f64,
    pub last_used: f64,
    /// The last logout in this browser, if any.
    pub logged_out_at: Option<f64>,
    pub remembered: bool,
}

impl Lifetime {
    /// Reads `config.json`'s `session`; what is missing or out of range
    /// keeps its default and, when given but unusable, is named in `warnings`.
    pub fn from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Self {
        let mut lifetime = Self::default();
        let Some(value) = value.filter(|v| !v.is_null()) else { return lifetime };
        let mut read = |key: &str, range: &std::ops::RangeInclusive<u32>, into: &mut u32| {
            let Some(given) = value.get(key).filter(|v| !v.is_null()) else { return };
            match decode::int(Some(given)).and_then(|n| u32::try_from(n).ok()).filter(|n| range.contains(n)) {
                Some(n) => *into = n,
                None => warnings.push(format!(
                    "config.json: session.{key} must be a whole number from {} to {}; the default {} is used.",
                    range.start(),
                    range.end(),
                    into
                )),
            }
        };
        read("remember_days", &REMEMBER_DAYS, &mut lifetime.remember_days);
        read("idle_minutes", &IDLE_MINUTES, &mut lifetime.idle_minutes);
        lifetime
    }

    /// Whether a login with these times has ended at `now`, and why. A
    /// clock that went back counts as no time passed.
    pub fn ended(&self, times: Times, now: f64) -> Option<Ended> {
        if times.logged_out_at.is_some_and(|out| times.logged_in_at <= out) {
            return Some(Ended::LoggedOut);
        }
        if now <= self.ends_at(times) {
            return None;
        }
        Some(
            if times.remembered && now > times.logged_in_at + f64::from(self.remember_days) * DAY_MS
            {
                Ended::Age
            } else {
                Ended::Idle
            },
        )
    }

    /// The moment a login with these times ends unless it is used again (or
    /// logged out before): its age or its idle time, whichever comes first.
    /// The boot script sends no request with the login from then on.
    pub fn ends_at(&self, times: Times) -> f64 {
        // A use is never earlier than the login itself.
        let used = times.last_used.max(times.logged_in_at);
        let idle = used + f64::from(self.idle_minutes) * MINUTE_MS;
        if times.remembered {
            idle.min(times.logged_in_at + f64::from(self.remember_days) * DAY_MS)
        } else {
            idle
        }
    }
}

/// A login's id in this browser: the first 128 bits of the SHA-256 of its
/// API address, account and token, in hex. Every tab that logs in to the
/// same account with the same token gets the same id, so that a logout of it
/// reaches them all; and the id, which a logout leaves behind
/// ([`LogoutRecord`]), names no account to someone who does not hold the
/// token.
pub fn login_id(base_url: &str, account: &str, token: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    for part in [base_url, account, token] {
        // Each part's length first: no two triples write the same bytes.
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part.as_bytes());
    }
    hasher.finalize().iter().take(16).map(|byte| format!("{byte:02x}")).collect()
}

/// How many logouts of one login a browser remembers: enough for any number
/// of accounts a person keeps open, and bounded.
const LOGOUTS_KEPT: usize = 32;

/// The logouts of this browser: of every login (`all`), and of one login
/// each, by [`login_id`]. A login made before its logout is over: a tab
/// closed before it and reopened after cannot bring it back. It holds
/// times and ids, nothing that names an account.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LogoutRecord {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all: Option<f64>,
    /// `(login id, when)`, the latest last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub one: Vec<(String, f64)>,
}

impl LogoutRecord {
    /// The last logout that ended the login `id`, if any.
    pub fn ended_at(&self, id: &str) -> Option<f64> {
        let own = self
            .one
            .iter()
            .filter(|(one, _)| one == id)
            .map(|(_, at)| *at)
            .fold(None, |latest: Option<f64>, at| Some(latest.map_or(at, |l| l.max(at))));
        match (self.all, own) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    }

    /// A logout of every login at `at`: what was recorded of one is older.
    pub fn log_out_all(&mut self, at: f64) {
        self.all = Some(self.all.map_or(at, |all| all.max(at)));
        self.one.clear();
    }

    /// A logout of the login `id` at `at`; the oldest records go beyond
    /// [`LOGOUTS_KEPT`] (a login older than them would have ended by its
    /// lifetime long before).
    pub fn log_out(&mut self, id: &str, at: f64) {
        self.one.retain(|(one, _)| one != id);
        self.one.push((id.to_owned(), at));
        let over = self.one.len().saturating_sub(LOGOUTS_KEPT);
        self.one.drain(..over);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const NOW: f64 = 1_800_000_000_000.0;

    fn times(logged_in_ago_ms: f64, used_ago_ms: f64, remembered: bool) -> Times {
        Times {
            logged_in_at: NOW - logged_in_ago_ms,
            last_used: NOW - used_ago_ms,
            logged_out_at: None,
            remembered,
        }
    }

    #[test]
    fn reads_the_limits_and_keeps_the_defaults_for_what_cannot_be_used() {
        let mut warnings = Vec::new();
        let read = Lifetime::from_json(
            Some(&json!({"remember_days": 7, "idle_minutes": "90"})),
            &mut warnings,
        );
        assert_eq!(read, Lifetime { remember_days: 7, idle_minutes: 90 });
        assert!(warnings.is_empty());

        let read = Lifetime::from_json(
            Some(&json!({"remember_days": 0, "idle_minutes": 100000})),
            &mut warnings,
        );
        assert_eq!(read, Lifetime::default());
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("session.remember_days") && warnings[0].contains("1 to 365"));

        let mut none = Vec::new();
        assert_eq!(Lifetime::from_json(None, &mut none), Lifetime::default());
        assert_eq!(
            Lifetime::from_json(Some(&json!({"remember_days": -3})), &mut none),
            Lifetime::default()
        );
        assert_eq!(none.len(), 1);
    }

    #[test]
    fn any_login_ends_after_the_idle_time() {
        let limits = Lifetime { remember_days: 14, idle_minutes: 30 };
        assert_eq!(limits.ended(times(DAY_MS, 29.0 * MINUTE_MS, false), NOW), None);
        assert_eq!(limits.ended(times(DAY_MS, 31.0 * MINUTE_MS, false), NOW), Some(Ended::Idle));
        assert_eq!(limits.ended(times(DAY_MS, 31.0 * MINUTE_MS, true), NOW), Some(Ended::Idle));
        // No use recorded yet: the login itself is the last use.
        assert_eq!(limits.ended(times(10.0 * MINUTE_MS, f64::INFINITY, false), NOW), None);
        assert_eq!(
            limits.ended(times(40.0 * MINUTE_MS, f64::INFINITY, false), NOW),
            Some(Ended::Idle)
        );
        // A clock set back is no time passed.
        assert_eq!(limits.ended(times(-MINUTE_MS, -MINUTE_MS, false), NOW), None);
    }

    #[test]
    fn a_remembered_login_ends_after_its_days_and_only_it() {
        let limits = Lifetime { remember_days: 14, idle_minutes: 30 };
        assert_eq!(limits.ended(times(13.0 * DAY_MS, MINUTE_MS, true), NOW), None);
        assert_eq!(limits.ended(times(15.0 * DAY_MS, MINUTE_MS, true), NOW), Some(Ended::Age));
        assert_eq!(
            limits.ended(times(15.0 * DAY_MS, MINUTE_MS, false), NOW),
            None,
            "kept alive by use in its tab"
        );
    }

    #[test]
    fn a_login_from_before_the_last_logout_is_over() {
        let limits = Lifetime::default();
        let before =
            Times { logged_out_at: Some(NOW - MINUTE_MS), ..times(2.0 * MINUTE_MS, 0.0, false) };
        assert_eq!(limits.ended(before, NOW), Some(Ended::LoggedOut));
        let after = Times { logged_out_at: Some(NOW - 3.0 * MINUTE_MS), ..before };
        assert_eq!(limits.ended(after, NOW), None);
    }

    #[test]
    fn a_login_id_is_the_same_for_the_same_credentials_and_names_nothing() {
        let id = login_id("https://panel.example/api", "42", "s3cret-token");
        assert_eq!(id.len(), 32);
        assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(id, login_id("https://panel.example/api", "42", "s3cret-token"));
        assert_ne!(id, login_id("https://panel.example/api", "42", "other-token"));
        assert_ne!(id, login_id("https://panel.example/api", "43", "s3cret-token"));
        // The parts cannot slide into each other.
        assert_ne!(login_id("a", "1", "2x"), login_id("a", "12", "x"));
        // Known vectors, written by another SHA-256 (Python's hashlib) over
        // the three parts, each after its length as 8 bytes little-endian.
        assert_eq!(login_id("", "", ""), "9d908ecfb6b256def8b49a7c504e6c88");
        assert_eq!(id, "933182caf9439ad2edc286e270cc804e");
    }

    #[test]
    fn a_logout_ends_the_logins_made_before_it() {
        let mut record = LogoutRecord::default();
        assert_eq!(record.ended_at("a"), None);
        record.log_out("a", 10.0);
        record.log_out("b", 20.0);
        assert_eq!(record.ended_at("a"), Some(10.0));
        assert_eq!(record.ended_at("c"), None);
        record.log_out("a", 30.0);
        assert_eq!(record.ended_at("a"), Some(30.0));
        assert_eq!(record.one.len(), 2, "one record per login");
        record.log_out_all(25.0);
        assert_eq!(record.ended_at("c"), Some(25.0));
        assert!(record.one.is_empty());
        for i in 0..100 {
            record.log_out(&format!("id{i}"), 100.0 + f64::from(i));
        }
        assert_eq!(record.one.len(), LOGOUTS_KEPT);
        assert_eq!(record.ended_at("id99"), Some(199.0));
        assert_eq!(record.ended_at("id0"), Some(25.0), "forgotten, the logout of all still holds");
    }

    #[test]
    fn a_logout_record_is_kept_as_json_and_read_back() {
        let mut record = LogoutRecord::default();
        record.log_out("a", 5.0);
        let text = serde_json::to_string(&record).unwrap();
        assert_eq!(text, r#"{"one":[["a",5.0]]}"#);
        assert_eq!(serde_json::from_str::<LogoutRecord>(&text).unwrap(), record);
        assert!(serde_json::from_str::<LogoutRecord>(r#"{"one":"x"}"#).is_err());
    }

    proptest::proptest! {
        /// A login has ended by its age or idle time exactly after `ends_at`.
        #[test]
        fn ends_at_is_when_it_has_ended(in_ago in 0.0f64..4e10, used_ago in 0.0f64..4e10, later in -1e6f64..4e10, remembered: bool, days in 1u32..=365, minutes in 1u32..=1440) {
            let lifetime = Lifetime { remember_days: days, idle_minutes: minutes };
            let times = times(in_ago, used_ago, remembered);
            let at = lifetime.ends_at(times) + later;
            proptest::prop_assert_eq!(lifetime.ended(times, at).is_some(), later > 0.0);
        }
    }
}
