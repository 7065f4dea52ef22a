//! A plan's monthly transfer: how much is included, the month it is counted
//! over (starting on a day of the provider's choosing, in UTC), what the
//! VM's public interfaces moved in and out so far this month by the
//! bandwidth statistics, and where that goes by the month's end at the
//! pace so far. The service has no quota of its own to ask: this is the
//! provider's plan, as `config.json` states it.

use crate::api::decode;
use crate::i18n::{number, vm as t};
use crate::stats::Bandwidth;
use crate::time::{civil_from_days, days_from_civil, days_in_month};
use serde_json::Value;

/// Bytes in a GB, as plans count transfer (decimal, as providers bill it).
pub const GB: f64 = 1e9;
/// From this share of the allowance on, the panel warns.
pub const NEAR: f64 = 0.8;

/// What a plan includes: `config.json`'s `"transfer": { "included_gb": 2000, "month_starts_on": 1 }`.
#[derive(Clone, Debug, PartialEq)]
pub struct Allowance {
    pub included_gb: f64,
    /// 1 to 28: every month has that day.
    pub month_starts_on: u32,
}

impl Allowance {
    /// Reads a plan's `transfer`: none when absent, why when it cannot be
    /// used (no amount above 0, a day outside 1 to 28).
    pub fn from_json(value: Option<&Value>) -> Result<Option<Self>, String> {
        let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(None) };
        let included_gb =
            decode::float(value.get("included_gb")).filter(|gb| gb.is_finite() && *gb > 0.0);
        let day = match value.get("month_starts_on") {
            None | Some(Value::Null) => Some(1),
            day => decode::int(day).filter(|d| (1..=28).contains(d)).map(|d| d as u32),
        };
        match (included_gb, day) {
            (Some(included_gb), Some(month_starts_on)) => {
                Ok(Some(Self { included_gb, month_starts_on }))
            }
            (None, _) => Err("transfer.included_gb must be a number above 0".to_owned()),
            (_, None) => Err("transfer.month_starts_on must be a day from 1 to 28".to_owned()),
        }
    }
}

/// The counting month `now` (seconds, UTC) is in: from its first moment to
/// the next month's.
pub fn month_around(now: i64, starts_on: u32) -> (i64, i64) {
    let day = starts_on.clamp(1, 28);
    let (mut year, mut month, today) = civil_from_days(now.div_euclid(86_400));
    if today < day {
        (year, month) = if month == 1 { (year - 1, 12) } else { (year, month - 1) };
    }
    let start = days_from_civil(year, month, day) * 86_400;
    let (next_year, next_month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    // A month of 31 days is longer than one of 28: the next start is on the same day.
    let end =
        (days_from_civil(next_year, next_month, day.min(days_in_month(next_year, next_month))))
            * 86_400;
    (start, end)
}

/// Where this month's transfer stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Usage {
    /// Bytes moved from the month's start to the last sample.
    pub used: f64,
    pub included: f64,
    /// Bytes by the month's end at the pace so far.
    pub projected: f64,
    pub month_start: i64,
    pub month_end: i64,
}

/// How close to the allowance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Fine,
    /// 80 % or more.
    Near,
    /// 100 % or more.
    Over,
}

impl Usage {
    pub fn share(&self) -> f64 {
        self.used / self.included
    }

    pub fn level(&self) -> Level {
        match self.share() {
            s if s >= 1.0 => Level::Over,
            s if s >= NEAR => Level::Near,
            _ => Level::Fine,
        }
    }

    /// Whether the pace so far would take it past the allowance by the month's end.
    pub fn projected_over(&self) -> bool {
        self.projected >= self.included
    }
}

/// "1,234.5 GB", in the panel's language.
pub fn gigabytes(bytes: f64) -> String {
    format!("{} GB", number(bytes / GB, if bytes >= 100.0 * GB { 0 } else { 1 }))
}

/// The list's short word on it: "12 % of 2,000 GB", saying so from 80 %
/// and at 100 %; 0 % before the month's first sample.
pub fn summary(usage: Option<&Usage>, allowance: &Allowance) -> String {
    let included = gigabytes(allowance.included_gb * GB);
    let Some(usage) = usage else {
        return crate::tf!(t::TRANSFER_CELL, share = "0", included = included);
    };
    let share = number((usage.share() * 100.0).floor(), 0);
    let text = match usage.level() {
        Level::Fine => t::TRANSFER_CELL,
        Level::Near => t::TRANSFER_CELL_NEAR,
        Level::Over => t::TRANSFER_CELL_OVER,
    };
    crate::tf!(text, share = share, included = included)
}

/// This month's transfer of the VM's public interfaces, in and out, from
/// statistics that cover the month so far (the service's `-1M` period);
/// samples placed in time by the report's span, those before the month's
/// start left out. None when the statistics have no sample this month or
/// cannot be placed in time.
pub fn usage(bandwidth: &Bandwidth, allowance: &Allowance, now: i64) -> Option<Usage> {
    let (month_start, month_end) = month_around(now, allowance.month_starts_on);
    let from = bandwidth.date_from?;
    let mut used = 0.0;
    let mut last: Option<i64> = None;
    for traffic in bandwidth.interfaces.iter().filter(|t| t.is_public != Some(false)) {
        let Some(step) = traffic.step_seconds(bandwidth) else { continue };
        for (i, sample) in traffic.samples.iter().enumerate() {
            // A sample counts where it ends: the traffic of the period before that moment.
            let at = from.saturating_add(((i + 1) as f64 * step) as i64);
            if let Some((inbound, outbound)) =
                sample.filter(|_| at > month_start && at <= now.max(month_start))
            {
                used += inbound + outbound;
                last = Some(last.map_or(at, |l| l.max(at)));
            }
        }
    }
    let last = last?;
    let elapsed = (last - month_start).max(1) as f64;
    let projected = used * (month_end - month_start) as f64 / elapsed;
    Some(Usage { used, included: allowance.included_gb * GB, projected, month_start, month_end })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::InterfaceTraffic;
    use serde_json::json;

    const DAY: i64 = 86_400;

    fn at(year: i64, month: u32, day: u32) -> i64 {
        days_from_civil(year, month, day) * DAY
    }

    #[test]
    fn the_counting_month_starts_on_the_plans_day() {
        assert_eq!(month_around(at(2026, 11, 26) + 3600, 1), (at(2026, 11, 1), at(2026, 12, 1)));
        assert_eq!(month_around(at(2026, 11, 26), 15), (at(2026, 11, 15), at(2026, 12, 15)));
        assert_eq!(month_around(at(2026, 11, 10), 15), (at(2026, 10, 15), at(2026, 11, 15)));
        // Across the year, and on the day itself.
        assert_eq!(month_around(at(2027, 1, 3), 20), (at(2026, 12, 20), at(2027, 1, 20)));
        assert_eq!(month_around(at(2026, 12, 20), 20), (at(2026, 12, 20), at(2027, 1, 20)));
        for day in 1..=28 {
            for now in (0..800).map(|d| at(2025, 1, 1) + d * DAY + 4000) {
                let (start, end) = month_around(now, day);
                assert!(start <= now && now < end, "day {day}, {now}");
                assert!((28 * DAY..=31 * DAY).contains(&(end - start)));
            }
        }
    }

    fn bandwidth(
        from: i64,
        to: i64,
        public: Vec<Option<(f64, f64)>>,
        private: Vec<Option<(f64, f64)>>,
    ) -> Bandwidth {
        let nic = |is_public, samples| InterfaceTraffic {
            interface_id: None,
            network_id: None,
            is_public: Some(is_public),
            samples,
        };
        Bandwidth {
            date_from: Some(from),
            date_to: Some(to),
            interfaces: vec![nic(true, public), nic(false, private)],
        }
    }

    #[test]
    fn only_this_months_public_traffic_counts_and_the_pace_projects_the_month() {
        let allowance = Allowance { included_gb: 100.0, month_starts_on: 1 };
        let now = at(2026, 11, 11);
        // Thirty daily samples to now: the last ten are this month.
        let samples = (0..30).map(|i| Some((i as f64 * GB, GB))).collect::<Vec<_>>();
        let report =
            bandwidth(now - 30 * DAY, now, samples, vec![Some((50.0 * GB, 50.0 * GB)); 30]);
        let usage = usage(&report, &allowance, now).expect("samples this month");
        let this_month: f64 = (20..30).map(|i| i as f64 * GB + GB).sum();
        assert_eq!(usage.used, this_month);
        assert_eq!((usage.month_start, usage.month_end), (at(2026, 11, 1), at(2026, 12, 1)));
        assert_eq!(usage.projected, this_month * 3.0);
        assert_eq!(usage.level(), Level::Over);
        assert!(usage.projected_over());
    }

    #[test]
    fn the_levels_are_below_80_from_80_and_from_100_percent() {
        let usage = |used: f64| Usage {
            used,
            included: 100.0,
            projected: used,
            month_start: 0,
            month_end: 1,
        };
        assert_eq!(usage(79.9).level(), Level::Fine);
        assert_eq!(usage(80.0).level(), Level::Near);
        assert_eq!(usage(100.0).level(), Level::Over);
    }

    #[test]
    fn no_sample_this_month_or_no_span_is_nothing_to_show() {
        let allowance = Allowance { included_gb: 1.0, month_starts_on: 1 };
        let now = at(2026, 11, 11);
        let old = bandwidth(at(2026, 10, 1), at(2026, 10, 31), vec![Some((1.0, 1.0)); 30], vec![]);
        assert_eq!(usage(&old, &allowance, now), None);
        let unplaced = Bandwidth { date_from: None, date_to: None, interfaces: old.interfaces };
        assert_eq!(usage(&unplaced, &allowance, now), None);
    }

    #[test]
    fn a_plans_transfer_is_read_or_refused_with_why() {
        let read = |v: serde_json::Value| Allowance::from_json(Some(&v));
        assert_eq!(
            read(json!({"included_gb": 2000})),
            Ok(Some(Allowance { included_gb: 2000.0, month_starts_on: 1 }))
        );
        assert_eq!(
            read(json!({"included_gb": "500", "month_starts_on": 15})),
            Ok(Some(Allowance { included_gb: 500.0, month_starts_on: 15 }))
        );
        assert_eq!(Allowance::from_json(None), Ok(None));
        assert_eq!(read(json!(null)), Ok(None));
        for bad in [
            json!({"included_gb": 0}),
            json!({"included_gb": 10, "month_starts_on": 31}),
            json!({}),
            json!("lots"),
        ] {
            assert!(read(bad.clone()).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_lists_word_says_the_share_and_from_80_percent_how_near() {
        let allowance = Allowance { included_gb: 2000.0, month_starts_on: 1 };
        let at = |used_gb: f64| Usage {
            used: used_gb * GB,
            included: 2000.0 * GB,
            projected: 0.0,
            month_start: 0,
            month_end: 1,
        };
        assert_eq!(summary(None, &allowance), "0 % of 2,000 GB");
        assert_eq!(summary(Some(&at(240.0)), &allowance), "12 % of 2,000 GB");
        assert_eq!(summary(Some(&at(1700.0)), &allowance), "85 % of 2,000 GB, nearly used");
        assert_eq!(summary(Some(&at(2500.0)), &allowance), "125 % of 2,000 GB, used up");
        assert_eq!(gigabytes(12.34 * GB), "12.3 GB");
    }
}
