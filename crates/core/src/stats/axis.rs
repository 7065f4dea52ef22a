//! The x axis of the statistics charts: labels counted back from now for
//! CPU samples, where the ticks fall, and how precise a bandwidth sample's
//! time is written.

use crate::i18n::messages as t;
use crate::tf;
use crate::time::Precision;

/// "3 min ago" style labels for CPU samples, which carry no timestamps: the
/// last unit is now, each earlier one a unit before.
pub fn relative_label(index: usize, count: usize, time_units: &str) -> String {
    let back = count.saturating_sub(index + 1);
    let unit = time_units.trim_end_matches('s');
    match (back, unit) {
        (0, "day") => t::STATS_TODAY.get().to_owned(),
        (0, _) => t::STATS_NOW.get().to_owned(),
        (1, "day") => t::STATS_YESTERDAY.get().to_owned(),
        (n, "minute") => tf!(t::STATS_MINUTES_AGO, n = n),
        (n, "hour") => tf!(t::STATS_HOURS_AGO, n = n),
        (n, "day") => tf!(t::STATS_DAYS_AGO, n = n),
        (n, other) => tf!(t::STATS_UNITS_AGO, n = n, unit = other),
    }
}

/// Evenly spread indices for `ticks` axis labels over `count` samples, always including the last.
pub fn tick_indices(count: usize, ticks: usize) -> Vec<usize> {
    if count == 0 || ticks == 0 {
        return Vec::new();
    }
    if count <= ticks {
        return (0..count).collect();
    }
    let step = (count - 1) as f64 / (ticks - 1).max(1) as f64;
    let mut out: Vec<usize> = (0..ticks).map(|i| (i as f64 * step).round() as usize).collect();
    out.dedup();
    out
}

/// How precise a sample's time is on the axis of a bandwidth chart over
/// `period`: the time of day for an hour or a day, the day for a month, the
/// month for a year. Written by [`crate::time::moment_label`].
pub fn axis_precision(period: &str) -> Precision {
    match period {
        "-1M" => Precision::Day,
        "-1Y" => Precision::Month,
        _ => Precision::Minute,
    }
}

/// How precise one sample's time is where it is read alone (the chart's
/// table, the pointer's readout): as on the axis, but a year's samples by
/// their day, since many fall in one month.
pub fn sample_precision(period: &str) -> Precision {
    match axis_precision(period) {
        Precision::Month => Precision::Day,
        precision => precision,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{moment_label, MomentStyle};

    #[test]
    fn axis_labels() {
        assert_eq!(relative_label(59, 60, "minutes"), "now");
        assert_eq!(relative_label(0, 60, "minutes"), "59 min ago");
        assert_eq!(relative_label(29, 30, "days"), "today");
        assert_eq!(relative_label(28, 30, "days"), "yesterday");
        assert_eq!(relative_label(0, 30, "days"), "29 days ago");
        assert_eq!(tick_indices(60, 5), vec![0, 15, 30, 44, 59]);
        assert_eq!(tick_indices(3, 5), vec![0, 1, 2]);
        assert!(tick_indices(0, 5).is_empty());
    }

    #[test]
    fn labels_as_precise_as_the_period_needs() {
        let label = |period: &str, precision: fn(&str) -> Precision| {
            moment_label(1_795_000_000, 0, precision(period), &MomentStyle::catalogue())
        };
        // 2026-11-18T11:06:40Z
        assert_eq!(label("-1H", axis_precision), "11:06");
        assert_eq!(label("-1day", axis_precision), "11:06");
        assert_eq!(label("-1M", axis_precision), "18 Nov");
        assert_eq!(label("-1Y", axis_precision), "Nov 2026");
        assert_eq!(label("-1Y", sample_precision), "18 Nov");
        assert_eq!(label("-1H", sample_precision), "11:06");
    }
}
