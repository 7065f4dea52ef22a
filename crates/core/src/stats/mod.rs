//! CPU and bandwidth statistics: the spec's shapes decoded tolerantly, the
//! samples put in order and in time, and their units scaled for people.

mod axis;
pub mod chart;
mod chart_input;
mod moments;
mod scale;
mod summary;
pub mod transfer;

pub use axis::{axis_precision, relative_label, sample_precision, tick_indices};
pub use chart_input::{bandwidth_chart, cpu_chart, traffic_scale, traffic_summary_lines};
pub use moments::{cpu_index_at, markers, traffic_index_at};
pub use scale::{byte_scale, rate_scale, Scale};
pub use summary::{cpu_summary, traffic_summary, CpuSummary, TrafficSummary};

use crate::api::decode::{self, DecodeError};
use crate::i18n::{messages as t, Text};
use serde_json::Value;

/// The CPU periods of the spec, with their names.
pub const CPU_PERIODS: [(&str, Text); 2] =
    [("-1H", t::STATS_LAST_HOUR), ("-30days", t::STATS_LAST_30_DAYS)];
/// The bandwidth periods of the spec, with their names.
pub const BANDWIDTH_PERIODS: [(&str, Text); 4] = [
    ("-1H", t::STATS_LAST_HOUR),
    ("-1day", t::STATS_LAST_DAY),
    ("-1M", t::STATS_LAST_MONTH),
    ("-1Y", t::STATS_LAST_YEAR),
];

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
            Some(Value::Array(items)) => {
                items.iter().map(|v| decode::float(Some(v)).filter(|x| x.is_finite())).collect()
            }
            Some(Value::Object(keyed)) => ordered_by_index(keyed)
                .into_iter()
                .map(|v| v.and_then(|v| decode::float(Some(v))))
                .collect(),
            None | Some(Value::Null) => Vec::new(),
            Some(other) => {
                return Err(DecodeError {
                    expected: "a list of CPU usage numbers",
                    found: decode::kind_of(other),
                })
            }
        };
        Ok(Self {
            lapse: decode::text(map.get("lapse")),
            time_units: decode::text(map.get("time_units")),
            data,
        })
    }

    pub fn has_data(&self) -> bool {
        self.data.iter().any(Option::is_some)
    }
}

/// Values of an object keyed by sample index strings, by numeric index
/// ("10" after "9", not after "1"); missing indices are gaps.
fn ordered_by_index(map: &serde_json::Map<String, Value>) -> Vec<Option<&Value>> {
    let mut indexed: Vec<(usize, &Value)> = map
        .iter()
        .filter_map(|(k, v)| {
            k.trim().parse::<usize>().ok().filter(|i| *i < 100_000).map(|i| (i, v))
        })
        .collect();
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
            Some(Value::Object(o)) if !o.is_empty() => {
                entries.push(map.get("traffic").unwrap_or(&Value::Null))
            }
            _ => {}
        }
        for entry in entries {
            let Value::Object(e) = decode::unwrap_item(entry, "network_usage_traffic") else {
                continue;
            };
            let samples = match e.get("data") {
                Some(Value::Object(keyed)) => ordered_by_index(keyed),
                Some(Value::Array(items)) => items.iter().map(Some).collect(),
                _ => Vec::new(),
            }
            .into_iter()
            .map(|v| {
                let v = v?;
                let bytes =
                    |k: &str| decode::float(v.get(k)).filter(|x| x.is_finite() && *x >= 0.0);
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
        Ok(Self {
            date_from: decode::int(map.get("date_from")),
            date_to: decode::int(map.get("date_to")),
            interfaces,
        })
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
        (to > from && !self.samples.is_empty())
            .then(|| to.abs_diff(from) as f64 / self.samples.len() as f64)
    }
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
        for body in [
            json!({"date_from": 1, "date_to": 2, "traffic": {}}),
            json!({"traffic": []}),
            json!({"traffic": [[{"data": {}}]]}),
        ] {
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
        let wrapped =
            CpuUsage::from_json(&json!({"cpu_usage": {"data": {"1": 5, "0": 4}}})).unwrap();
        assert_eq!(wrapped.data, vec![Some(4.0), Some(5.0)]);
    }
}
