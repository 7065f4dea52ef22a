//! API keys, made by customers in the provider's own panel: they open their
//! accounts until a hard date, or until left unused for a number of days.
//! They are never refreshed: an expired key is the customer's to replace.

use crate::config::logins::ApiKeySpec;
use std::collections::BTreeSet;

pub const DAY_MS: u64 = 86_400_000;

pub struct ApiKey {
    pub accounts: BTreeSet<u64>,
    valid_until_ms: u64,
    idle_ms: u64,
    last_used_ms: u64,
}

impl ApiKey {
    /// The key of `spec`, made at `started_ms` (Unix milliseconds).
    pub fn new(spec: &ApiKeySpec, accounts: BTreeSet<u64>, started_ms: u64) -> Self {
        Self {
            accounts,
            valid_until_ms: started_ms.saturating_add(spec.days_left.saturating_mul(DAY_MS)),
            idle_ms: spec.idle_days.saturating_mul(DAY_MS),
            last_used_ms: started_ms,
        }
    }

    /// Uses the key at `now_ms`: false once past its date or unused too
    /// long; a use starts the unused days again.
    pub fn use_at(&mut self, now_ms: u64) -> bool {
        if now_ms >= self.valid_until_ms || now_ms.saturating_sub(self.last_used_ms) >= self.idle_ms
        {
            return false;
        }
        self.last_used_ms = self.last_used_ms.max(now_ms);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::logins::AccountSet;

    fn made(days_left: u64, idle_days: u64) -> ApiKey {
        let spec = ApiKeySpec {
            key: "k".into(),
            accounts: AccountSet::Listed(vec![1]),
            days_left,
            idle_days,
        };
        ApiKey::new(&spec, [1].into(), 1_000)
    }

    #[test]
    fn the_hard_date_ends_it_however_often_it_is_used() {
        let mut key = made(10, 3);
        for day in 0..10 {
            assert!(key.use_at(1_000 + day * DAY_MS), "day {day}");
        }
        assert!(!key.use_at(1_000 + 10 * DAY_MS));
        assert!(!made(0, 90).use_at(1_000), "0 days left: expired from the start");
    }

    #[test]
    fn unused_days_end_it_and_each_use_starts_them_again() {
        let mut key = made(365, 90);
        assert!(key.use_at(1_000 + 89 * DAY_MS));
        assert!(key.use_at(1_000 + 178 * DAY_MS), "89 days after the last use");
        assert!(!key.use_at(1_000 + 268 * DAY_MS), "90 days unused");
        assert!(!key.use_at(1_000 + 269 * DAY_MS), "expired stays expired");
    }
}
