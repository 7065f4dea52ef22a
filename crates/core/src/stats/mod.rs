//! CPU and bandwidth statistics: the spec's shapes decoded tolerantly, the
//! samples put in order and in time, and their units scaled for people.

pub mod chart;
pub mod transfer;

use crate::api::decode::{self, DecodeError};
use crate::i18n::{fixed, messages as t, Text};
use crate::time::Precision;
use crate::tf;
use serde_json::Value;

/// The CPU periods of the spec, with their names.
pub const CPU_PERIODS: [(&str, Text); 2] = [("-1H", t::STATS_LAST_HOUR), ("-30days", t::STATS_LAST_30_DAYS)];
/// The bandwidth periods of the spec, with their names.
pub const BANDWIDTH_PERIODS: [(&str, Text); 4] =
    [("-1H", t::STATS_LAST_HOUR), ("-1day", t::STATS_LAST_DAY), ("-1M", t::STATS_LAST_MONTH), ("-1Y", t::STATS_LAST_YEAR)];

/// The CPU usage resource. `data` holds one value per unit; a value that
/// is not a number is a gap.
#[derive(Clone, Debug, PartialEq)]
pub struct CpuUsage {
    pub lapse: Option<String>,
    pub time_units: Option<String>,
    pub data: Vec<Option<f64>>,
}

impl CpuUsage {
    pub fn from_json(value: &Value) -> Result<Self, DecodeError> {
        let map = decode::object(value, "cpu_usage", "a CPU usage resource")?;
        let data = match map.get("data") {
            Some(Value::Array(items)) => items.iter().map(|v| decode::float(Some(v)).filter(|x| x.is_finite())).collect(),
            Some(Value::Object(keyed)) => ordered_by_index(keyed).into_iter().map(|v| v.and_then(|v| decode::float(Some(v)))).collect(),
            None | Some(Value::Null) => Vec::new(),
            Some(other) => return Err(DecodeError { expected: "a list of CPU usage numbers", found: decode::kind_of(other) }),
        };
        Ok(Self { lapse: decode::text(map.get("lapse")), time_units: decode::text(map.get("time_units")), data })
    }

    pub fn has_data(&self) -> bool {
        self.data.iter().any(Option::is_some)
    }
}

/// Values of an object keyed by sample index strings, by numeric index
/// ("10" after "9", not after "1"); missing indices are gaps.
fn ordered_by_index(map: &serde_json::Map<String, Value>) -> Vec<Option<&Value>> {
    let mut indexed: Vec<(usize, &Value)> =
        map.iter().filter_map(|(k, v)| k.trim().parse::<usize>().ok().filter(|i| *i < 100_000).map(|i| (i, v))).collect();
    indexed.sort_by_key(|(i, _)| *i);
    let len = indexed.last().map(|(i, _)| i + 1).unwrap_or(0);
    let mut out = vec![None; len];
    for (i, v) in indexed {
        out[i] = Some(v);
    }
    out
}

/// One interface's traffic: in and out bytes per sample, gaps as `None`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InterfaceTraffic {
    pub interface_id: Option<String>,
    pub network_id: Option<String>,
    pub is_public: Option<bool>,
    pub samples: Vec<Option<(f64, f64)>>,
}

/// The network usage resource.
#[derive(Clone, Debug, PartialEq)]
pub struct Bandwidth {
    pub date_from: Option<i64>,
    pub date_to: Option<i64>,
    pub interfaces: Vec<InterfaceTraffic>,
}

impl Bandwidth {
    pub fn from_json(value: &Value) -> Result<Self, DecodeError> {
        let map = decode::object(value, "network_usage", "a network usage resource")?;
        let mut interfaces = Vec::new();
        // `traffic` is a list of groups, each a list of entries; `{}` when there is none.
        let mut entries: Vec<&Value> = Vec::new();
        match map.get("traffic") {
            Some(Value::Array(groups)) => {
                for group in groups {
                    match group {
                        Value::Array(items) => entries.extend(items),
                        Value::Object(_) => entries.push(group),
                        _ => {}
                    }
                }
            }
            Some(Value::Object(o)) if !o.is_empty() => entries.push(map.get("traffic").unwrap_or(&Value::Null)),
            _ => {}
        }
        for entry in entries {
            let Value::Object(e) = decode::unwrap_item(entry, "network_usage_traffic") else { continue };
            let samples = match e.get("data") {
                Some(Value::Object(keyed)) => ordered_by_index(keyed),
                Some(Value::Array(items)) => items.iter().map(Some).collect(),
                _ => Vec::new(),
            }
            .into_iter()
            .map(|v| {
                let v = v?;
                let bytes = |k: &str| decode::float(v.get(k)).filter(|x| x.is_finite() && *x >= 0.0);
                match (bytes("traffic_in"), bytes("traffic_out")) {
                    (None, None) => None,
                    (i, o) => Some((i.unwrap_or(0.0), o.unwrap_or(0.0))),
                }
            })
            .collect();
            interfaces.push(InterfaceTraffic {
                interface_id: decode::id(e.get("interface_id")),
                network_id: decode::id(e.get("network_id")),
                is_public: decode::flag(e.get("is_public")),
                samples,
            });
        }
        Ok(Self { date_from: decode::int(map.get("date_from")), date_to: decode::int(map.get("date_to")), interfaces })
    }

    pub fn has_data(&self) -> bool {
        self.interfaces.iter().any(|i| i.samples.iter().any(Option::is_some))
    }
}

impl InterfaceTraffic {
    /// Seconds one sample covers, from the report's span and the sample count.
    pub fn step_seconds(&self, bandwidth: &Bandwidth) -> Option<f64> {
        let (from, to) = (bandwidth.date_from?, bandwidth.date_to?);
        // `abs_diff`: a span from far before 1970 to far after it does not fit an i64.
        (to > from && !self.samples.is_empty()).then(|| to.abs_diff(from) as f64 / self.samples.len() as f64)
    }
}

/// A unit chosen for a largest value: divide by `divisor`, write `unit`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub divisor: f64,
    pub unit: &'static str,
}

impl Scale {
    pub fn format(&self, value: f64) -> String {
        let v = value / self.divisor;
        // Three significant digits at most, none wasted on a whole number.
        let decimals = if v >= 100.0 || v == v.trunc() { 0 } else if v >= 10.0 { 1 } else { 2 };
        format!("{} {}", fixed(v, decimals), self.unit)
    }
}

/// Bytes in B, KB, MB, GB or TB (1024-based) for values up to `max`.
pub fn byte_scale(max: f64) -> Scale {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut divisor = 1.0;
    let mut unit = 0;
    while max / divisor >= 1024.0 && unit < UNITS.len() - 1 {
        divisor *= 1024.0;
        unit += 1;
    }
    Scale { divisor, unit: UNITS[unit] }
}

/// Bits per second in bps, Kbps, Mbps or Gbps (1000-based) for rates up to `max`.
pub fn rate_scale(max_bits_per_second: f64) -> Scale {
    const UNITS: [&str; 4] = ["bps", "Kbps", "Mbps", "Gbps"];
    let mut divisor = 1.0;
    let mut unit = 0;
    while max_bits_per_second / divisor >= 1000.0 && unit < UNITS.len() - 1 {
        divisor *= 1000.0;
        unit += 1;
    }
    Scale { divisor, unit: UNITS[unit] }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn samples_are_ordered_by_number_with_gaps() {
        let bw = Bandwidth::from_json(&json!({
            "date_from": 1000, "date_to": 1600,
            "traffic": [[{"interface_id": "5", "network_id": "1", "is_public": true,
                "data": {"10": {"traffic_in": 10, "traffic_out": 20}, "2": {"traffic_in": 2, "traffic_out": 3}, "9": {"traffic_in": "9", "traffic_out": 1}, "x": {}}}]]
        }))
        .unwrap();
        let s = &bw.interfaces[0].samples;
        assert_eq!(s.len(), 11);
        assert_eq!(s[2], Some((2.0, 3.0)));
        assert_eq!(s[9], Some((9.0, 1.0)));
        assert_eq!(s[10], Some((10.0, 20.0)), "10 comes after 9, not after 1");
        assert_eq!(s[0], None);
        assert_eq!(s[5], None, "a missing index is a gap");
        assert_eq!(bw.interfaces[0].is_public, Some(true));
        assert!((bw.interfaces[0].step_seconds(&bw).unwrap() - 600.0 / 11.0).abs() < 1e-9);
    }

    #[test]
    fn a_span_wider_than_an_i64_still_has_a_step() {
        let bw = Bandwidth::from_json(&json!({
            "date_from": i64::MIN, "date_to": i64::MAX,
            "traffic": [[{"data": [{"traffic_in": 1, "traffic_out": 2}, {"traffic_in": 3, "traffic_out": 4}]}]]
        }))
        .unwrap();
        let traffic = &bw.interfaces[0];
        assert_eq!(traffic.step_seconds(&bw), Some(u64::MAX as f64 / 2.0));
        let chart = bandwidth_chart(&bw, traffic, &|t| t.to_string(), Vec::new());
        assert_eq!(chart.x_labels, vec![(0, i64::MIN.to_string()), (1, "-1".to_owned())]);
    }

    #[test]
    fn no_traffic_is_no_data_not_zeros() {
        for body in [json!({"date_from": 1, "date_to": 2, "traffic": {}}), json!({"traffic": []}), json!({"traffic": [[{"data": {}}]]})] {
            let bw = Bandwidth::from_json(&body).unwrap();
            assert!(!bw.has_data(), "{body}");
        }
        assert!(Bandwidth::from_json(&json!([1])).is_err());
    }

    #[test]
    fn cpu_with_gaps_and_loose_numbers() {
        let cpu = CpuUsage::from_json(&json!({"lapse": "-1H", "machine_id": "1", "time_units": "minutes", "data": [1.5, "2", null, "x", 3]})).unwrap();
        assert_eq!(cpu.data, vec![Some(1.5), Some(2.0), None, None, Some(3.0)]);
        assert!(cpu.has_data());
        let empty = CpuUsage::from_json(&json!({"data": []})).unwrap();
        assert!(!empty.has_data());
        let wrapped = CpuUsage::from_json(&json!({"cpu_usage": {"data": {"1": 5, "0": 4}}})).unwrap();
        assert_eq!(wrapped.data, vec![Some(4.0), Some(5.0)]);
    }

    #[test]
    fn units_scale() {
        assert_eq!(byte_scale(500.0).unit, "B");
        assert_eq!(byte_scale(2048.0).unit, "KB");
        assert_eq!(byte_scale(5.0 * 1024.0 * 1024.0).unit, "MB");
        assert_eq!(byte_scale(3.0e9).unit, "GB");
        assert_eq!(byte_scale(2048.0).format(3072.0), "3 KB");
        assert_eq!(byte_scale(2048.0).format(1536.0), "1.50 KB");
        assert_eq!(rate_scale(999.0).unit, "bps");
        assert_eq!(rate_scale(1.5e6).unit, "Mbps");
        assert_eq!(rate_scale(2.0e9).format(1.25e9), "1.25 Gbps");
    }

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
}

/// Seconds in a CPU sample's unit ("minutes", "hours", "days").
fn unit_seconds(time_units: &str) -> Option<i64> {
    match time_units.trim_end_matches('s') {
        "minute" => Some(60),
        "hour" => Some(3_600),
        "day" => Some(86_400),
        _ => None,
    }
}

/// The CPU sample a moment falls in (seconds since the epoch), the last
/// sample being the unit that ends `now`.
pub fn cpu_index_at(cpu: &CpuUsage, now: i64, at: i64) -> Option<usize> {
    let unit = unit_seconds(cpu.time_units.as_deref()?)?;
    let back = usize::try_from(now.checked_sub(at)?.div_euclid(unit)).ok()?;
    cpu.data.len().checked_sub(back + 1)
}

/// The traffic sample a moment falls in (seconds since the epoch).
pub fn traffic_index_at(bandwidth: &Bandwidth, traffic: &InterfaceTraffic, at: i64) -> Option<usize> {
    let (from, step) = (bandwidth.date_from?, traffic.step_seconds(bandwidth)?);
    let offset = at.checked_sub(from)?;
    let index = (offset as f64 / step).floor() as usize;
    (index < traffic.samples.len()).then_some(index)
}

/// Marks for the moments (seconds since the epoch, and what happened) that
/// fall on a sample.
pub fn markers(moments: &[(i64, String)], index_at: impl Fn(i64) -> Option<usize>) -> Vec<crate::stats::chart::Marker> {
    moments.iter().filter_map(|(at, label)| Some(crate::stats::chart::Marker { index: index_at(*at)?, label: label.clone() })).collect()
}

/// The CPU chart: percent per unit, the x axis counted back from now, the
/// period's average and peak above it, and `markers`.
pub fn cpu_chart(cpu: &CpuUsage, markers: Vec<crate::stats::chart::Marker>) -> crate::stats::chart::LineChart {
    let count = cpu.data.len();
    let units = cpu.time_units.clone().unwrap_or_else(|| "units".into());
    crate::stats::chart::LineChart {
        series: vec![crate::stats::chart::Series { name: "CPU".into(), values: cpu.data.clone() }],
        x_labels: tick_indices(count, 5).into_iter().map(|i| (i, relative_label(i, count, &units))).collect(),
        y_format: Box::new(|v| format!("{} %", fixed(v, if v == v.trunc() { 0 } else { 1 }))),
        y_cap: Some(100.0),
        y_divisor: 1.0,
        empty_text: t::STATS_NO_CPU_DATA.get().into(),
        summary: cpu_summary(cpu).map(|c| tf!(t::STATS_CPU_SUMMARY, average = fixed(c.average, 1), peak = fixed(c.peak, 1))).into_iter().collect(),
        markers,
    }
}

/// The unit of a bandwidth chart: bytes per sample, scaled for its largest value.
pub fn traffic_scale(traffic: &InterfaceTraffic) -> Scale {
    byte_scale(traffic.samples.iter().flatten().fold(0.0f64, |m, (i, o)| m.max(*i).max(*o)))
}

/// One interface's chart: bytes in and out per sample; `time_label` writes
/// a sample's start (seconds since the epoch) for the x axis.
pub fn bandwidth_chart(
    bandwidth: &Bandwidth,
    traffic: &InterfaceTraffic,
    time_label: &dyn Fn(i64) -> String,
    markers: Vec<crate::stats::chart::Marker>,
) -> crate::stats::chart::LineChart {
    let count = traffic.samples.len();
    let scale = traffic_scale(traffic);
    let step = traffic.step_seconds(bandwidth);
    let start = bandwidth.date_from;
    let x_labels = tick_indices(count, 5)
        .into_iter()
        .filter_map(|i| Some((i, time_label(start?.saturating_add((step? * i as f64) as i64)))))
        .collect();
    crate::stats::chart::LineChart {
        series: vec![
            crate::stats::chart::Series { name: t::STATS_IN.get().into(), values: traffic.samples.iter().map(|s| s.map(|(i, _)| i)).collect() },
            crate::stats::chart::Series { name: t::STATS_OUT.get().into(), values: traffic.samples.iter().map(|s| s.map(|(_, o)| o)).collect() },
        ],
        x_labels,
        y_format: Box::new(move |v| scale.format(v)),
        y_cap: None,
        y_divisor: scale.divisor,
        empty_text: t::STATS_NO_TRAFFIC_DATA.get().into(),
        summary: step.and_then(|step| traffic_summary(traffic, step)).map(|t| traffic_summary_lines(&t)).unwrap_or_default(),
        markers,
    }
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
mod chart_input_tests {
    use super::*;
    use crate::time::{moment_label, MomentStyle};

    #[test]
    fn labels_as_precise_as_the_period_needs() {
        let label = |period: &str, precision: fn(&str) -> Precision| moment_label(1_795_000_000, 0, precision(period), &MomentStyle::catalogue());
        // 2026-11-18T11:06:40Z
        assert_eq!(label("-1H", axis_precision), "11:06");
        assert_eq!(label("-1day", axis_precision), "11:06");
        assert_eq!(label("-1M", axis_precision), "18 Nov");
        assert_eq!(label("-1Y", axis_precision), "Nov 2026");
        assert_eq!(label("-1Y", sample_precision), "18 Nov");
        assert_eq!(label("-1H", sample_precision), "11:06");
    }
}

/// A CPU chart's period in two numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuSummary {
    pub average: f64,
    pub peak: f64,
}

/// The average and the peak of the samples there are; none without any.
pub fn cpu_summary(cpu: &CpuUsage) -> Option<CpuSummary> {
    let values: Vec<f64> = cpu.data.iter().flatten().copied().collect();
    let peak = values.iter().copied().fold(None, |max: Option<f64>, v| Some(max.map_or(v, |m| m.max(v))))?;
    Some(CpuSummary { average: values.iter().sum::<f64>() / values.len() as f64, peak })
}

/// A traffic chart's period: bytes in and out, and rates in bits per
/// second over both directions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrafficSummary {
    pub bytes_in: f64,
    pub bytes_out: f64,
    pub average_rate: f64,
    pub peak_rate: f64,
    /// The rate 95 % of the samples stay at or under, as providers bill it.
    pub p95_rate: f64,
    /// Bytes in and out a 30-day month would move at this period's pace.
    pub month_bytes: f64,
}

/// A traffic summary in words, a line each: the totals, the rates, the month.
pub fn traffic_summary_lines(t: &TrafficSummary) -> Vec<String> {
    use crate::i18n::messages as text;
    let bytes = byte_scale(t.bytes_in.max(t.bytes_out));
    let rates = rate_scale(t.peak_rate);
    vec![
        tf!(text::STATS_TRAFFIC_TOTALS, bytes_in = bytes.format(t.bytes_in), bytes_out = bytes.format(t.bytes_out)),
        tf!(text::STATS_TRAFFIC_RATES, average = rates.format(t.average_rate), peak = rates.format(t.peak_rate), p95 = rates.format(t.p95_rate)),
        tf!(text::STATS_TRAFFIC_MONTH, month = byte_scale(t.month_bytes).format(t.month_bytes)),
    ]
}

/// Seconds in the month a projection is made for: 30 days.
const MONTH_SECONDS: f64 = 30.0 * 86_400.0;

/// The summary of one interface's samples, each `step` seconds long; none
/// without samples or a step.
pub fn traffic_summary(traffic: &InterfaceTraffic, step: f64) -> Option<TrafficSummary> {
    if !(step.is_finite() && step > 0.0) {
        return None;
    }
    let samples: Vec<(f64, f64)> = traffic.samples.iter().flatten().copied().collect();
    if samples.is_empty() {
        return None;
    }
    let bytes_in: f64 = samples.iter().map(|(i, _)| i).sum();
    let bytes_out: f64 = samples.iter().map(|(_, o)| o).sum();
    let mut rates: Vec<f64> = samples.iter().map(|(i, o)| (i + o) * 8.0 / step).collect();
    rates.sort_by(f64::total_cmp);
    // Nearest rank: the smallest rate with at least 95 % of samples at or under it.
    let rank = ((0.95 * rates.len() as f64).ceil() as usize).clamp(1, rates.len());
    let covered = samples.len() as f64 * step;
    Some(TrafficSummary {
        bytes_in,
        bytes_out,
        average_rate: (bytes_in + bytes_out) * 8.0 / covered,
        peak_rate: rates.last().copied().unwrap_or(0.0),
        p95_rate: rates.get(rank - 1).copied().unwrap_or(0.0),
        month_bytes: (bytes_in + bytes_out) / covered * MONTH_SECONDS,
    })
}

#[cfg(test)]
mod summary_tests {
    use super::*;

    #[test]
    fn moments_fall_on_their_samples() {
        let cpu = CpuUsage { lapse: None, time_units: Some("minutes".into()), data: vec![Some(1.0); 60] };
        let now = 1_000_000;
        assert_eq!(cpu_index_at(&cpu, now, now), Some(59), "now is the last sample");
        assert_eq!(cpu_index_at(&cpu, now, now - 61), Some(58));
        assert_eq!(cpu_index_at(&cpu, now, now - 3_600), None, "before the period");
        assert_eq!(cpu_index_at(&cpu, now, now + 5), None, "after now");
        let traffic = InterfaceTraffic { samples: vec![Some((1.0, 1.0)); 24], ..Default::default() };
        let bandwidth = Bandwidth { date_from: Some(0), date_to: Some(86_400), interfaces: vec![traffic.clone()] };
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 3_599), Some(0));
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 3_600), Some(1));
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 86_400), None);
        let marks = markers(&[(now - 30, "Reboot".into()), (0, "Stop".into())], |at| cpu_index_at(&cpu, now, at));
        assert_eq!(marks, vec![crate::stats::chart::Marker { index: 59, label: "Reboot".into() }]);
    }

    #[test]
    fn summaries_in_words() {
        let t = TrafficSummary { bytes_in: 210e6, bytes_out: 20e6, average_rate: 1.5e6, peak_rate: 2.8e6, p95_rate: 2.7e6, month_bytes: 99e9 };
        let lines = traffic_summary_lines(&t);
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("in ") && lines[2].ends_with(" a month"), "{lines:?}");
        let cpu = CpuUsage { lapse: None, time_units: None, data: vec![Some(10.0), Some(30.0)] };
        assert_eq!(cpu_chart(&cpu, Vec::new()).summary, ["average 20.0 % · peak 30.0 %"]);
        // Sizes are written by the language's number formatter, grouped.
        assert_eq!(byte_scale(1000.0).format(1000.0), "1,000 B");
        assert_eq!(byte_scale(3e6).format(2.5e6), "2.38 MB");
    }

    #[test]
    fn cpu_average_and_peak_skip_the_gaps() {
        let cpu = CpuUsage { lapse: None, time_units: None, data: vec![Some(10.0), None, Some(30.0), Some(20.0)] };
        assert_eq!(cpu_summary(&cpu), Some(CpuSummary { average: 20.0, peak: 30.0 }));
        assert_eq!(cpu_summary(&CpuUsage { lapse: None, time_units: None, data: vec![None] }), None);
    }

    #[test]
    fn traffic_totals_rates_p95_and_the_month_by_hand() {
        // 20 samples of 60 s: 1..=20 MB in, 1 MB out each.
        let samples = (1..=20).map(|n| Some((f64::from(n) * 1e6, 1e6))).chain([None]).collect();
        let traffic = InterfaceTraffic { samples, ..Default::default() };
        let s = traffic_summary(&traffic, 60.0).unwrap();
        assert_eq!(s.bytes_in, 210e6);
        assert_eq!(s.bytes_out, 20e6);
        // 230 MB over 1200 s: 230e6 * 8 / 1200 = 1 533 333.3 bit/s.
        assert!((s.average_rate - 1_533_333.333).abs() < 0.01);
        // The busiest sample: 21 MB in 60 s = 2.8 Mbit/s.
        assert!((s.peak_rate - 2_800_000.0).abs() < 1e-6);
        // 95 % of 20 samples is 19: the 19th smallest is 19 + 1 MB = 20 MB, 2 666 666.7 bit/s.
        assert!((s.p95_rate - 2_666_666.667).abs() < 0.01);
        // 230 MB in 20 minutes is 230 * 3 * 24 * 30 MB in 30 days.
        assert!((s.month_bytes - 230e6 * 3.0 * 24.0 * 30.0).abs() < 1.0);
        assert_eq!(traffic_summary(&traffic, 0.0), None);
        assert_eq!(traffic_summary(&InterfaceTraffic::default(), 60.0), None);
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;
    use crate::time::{moment_label, MomentStyle};

    #[test]
    fn charts_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        let cpu = CpuUsage { lapse: None, time_units: Some("minutes".into()), data: vec![Some(10.0), Some(30.0)] };
        let chart = cpu_chart(&cpu, Vec::new());
        assert_eq!(chart.summary, ["media 20,0 % · máximo 30,0 %"]);
        assert_eq!((chart.y_format)(12.5), "12,5 %");
        assert_eq!(chart.empty_text, "No hay datos de CPU para este periodo");
        let t = TrafficSummary { bytes_in: 210e6, bytes_out: 20e6, average_rate: 1.5e6, peak_rate: 2.8e6, p95_rate: 2.7e6, month_bytes: 99e9 };
        assert_eq!(
            traffic_summary_lines(&t),
            ["entrada 200 MB · salida 19,1 MB", "media 1,50 Mbps · máximo 2,80 Mbps · percentil 95 2,70 Mbps", "a este ritmo, 92,2 GB al mes"]
        );
        assert_eq!(relative_label(0, 60, "minutes"), "hace 59 min");
        assert_eq!(relative_label(28, 30, "days"), "ayer");
        assert_eq!(moment_label(1_795_000_000, 0, axis_precision("-1M"), &MomentStyle::catalogue()), "18 nov");
        assert_eq!(CPU_PERIODS[1].1.get(), "Últimos 30 días");
    }
}
