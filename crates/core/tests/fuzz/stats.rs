//! CPU and bandwidth statistics: loose and extreme ones decode and draw, valid
//! ones round-trip.

use crate::cases;
use crate::decoders::decode_everything;
use crate::fields::{flag_field, id_field, int_field, put, sent, text_field, wrap};
use crate::strategies::{json_value, leaf};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use vmdeck_core::stats::{Bandwidth, CpuUsage, InterfaceTraffic};

/// Statistics with extreme dates and loose samples: the arithmetic of
/// sample steps and axis labels is where numbers overflow.
fn stats_shaped() -> impl Strategy<Value = Value> {
    let date = prop_oneof![any::<i64>().prop_map(Value::from), leaf()];
    let sample = prop_oneof![
        (leaf(), leaf()).prop_map(|(i, o)| json!({"traffic_in": i, "traffic_out": o})),
        json_value(),
    ];
    let data = prop_oneof![
        vec(sample.clone(), 0..6).prop_map(Value::Array),
        vec(((0u64..200_000).prop_map(|n| n.to_string()), sample), 0..6)
            .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        vec(leaf(), 0..12).prop_map(Value::Array),
    ];
    let entry = (leaf(), leaf(), data.clone()).prop_map(|(id, public, data)| {
        json!({"interface_id": id, "network_id": 1, "is_public": public, "data": data})
    });
    (date.clone(), date, vec(vec(entry, 0..3), 0..3), data, leaf()).prop_map(|(from, to, groups, data, units)| {
        json!({"date_from": from, "date_to": to, "traffic": groups, "data": data, "time_units": units, "lapse": "-1H"})
    })
}

/// Byte counts and percentages as the service writes them: at most two
/// decimals, which text carries exactly.
fn measure() -> impl Strategy<Value = f64> {
    (0u64..1_000_000_000_000).prop_map(|hundredths| hundredths as f64 / 100.0)
}

fn measure_sent(x: f64, as_text: bool) -> Value {
    if as_text {
        json!(x.to_string())
    } else {
        json!(x)
    }
}

/// Samples as a list, or keyed by index (`{"0": ..., "1": ...}`); gaps are
/// null either way.
fn samples_sent(samples: Vec<Value>, keyed: bool) -> Value {
    if keyed {
        Value::Object(samples.into_iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect())
    } else {
        Value::Array(samples)
    }
}

prop_compose! {
    fn cpu_sent()(
        lapse in text_field(),
        units in text_field(),
        data in vec((option::of(measure()), any::<bool>()), 0..40),
        keyed in any::<bool>(),
        empty_as in 0u8..3,
    ) -> (CpuUsage, Map<String, Value>) {
        let mut m = Map::new();
        let cpu = CpuUsage {
            lapse: put(&mut m, "lapse", lapse),
            time_units: put(&mut m, "time_units", units),
            data: data.iter().map(|(x, _)| *x).collect(),
        };
        let samples: Vec<Value> = data.iter().map(|(x, as_text)| x.map_or(Value::Null, |x| measure_sent(x, *as_text))).collect();
        match (samples.is_empty(), empty_as) {
            (true, 0) => {}
            (true, 1) => drop(m.insert("data".into(), Value::Null)),
            _ => drop(m.insert("data".into(), samples_sent(samples, keyed))),
        }
        (cpu, m)
    }
}

fn traffic_sent() -> impl Strategy<Value = (InterfaceTraffic, Value)> {
    (id_field(), id_field(), flag_field(), vec(option::of((measure(), measure(), any::<bool>())), 0..12), any::<bool>(), any::<bool>())
        .prop_map(|(interface_id, network_id, is_public, samples, keyed, wrapped)| {
            let mut m = Map::new();
            let traffic = InterfaceTraffic {
                interface_id: put(&mut m, "interface_id", interface_id),
                network_id: put(&mut m, "network_id", network_id),
                is_public: put(&mut m, "is_public", is_public),
                samples: samples.iter().map(|s| s.map(|(i, o, _)| (i, o))).collect(),
            };
            let data = samples
                .iter()
                .map(|s| match s {
                    Some((i, o, as_text)) => json!({"traffic_in": measure_sent(*i, *as_text), "traffic_out": measure_sent(*o, !as_text)}),
                    None => Value::Null,
                })
                .collect();
            m.insert("data".into(), samples_sent(data, keyed));
            (traffic, wrap(m, "network_usage_traffic", wrapped))
        })
}

prop_compose! {
    fn bandwidth_sent()(
        from in int_field(),
        to in int_field(),
        traffic in vec(traffic_sent(), 0..4),
        grouping in 0u8..3,
    ) -> (Bandwidth, Map<String, Value>) {
        let mut m = Map::new();
        let (interfaces, entries): (Vec<_>, Vec<_>) = traffic.into_iter().unzip();
        let bandwidth = Bandwidth { date_from: put(&mut m, "date_from", from), date_to: put(&mut m, "date_to", to), interfaces };
        let sent = match grouping {
            // One group of every entry, as the spec shows.
            0 => json!([entries]),
            // One group per entry.
            1 => Value::Array(entries.into_iter().map(|e| json!([e])).collect()),
            // Entries straight in the list, or the only one on its own.
            _ if entries.len() == 1 => entries[0].clone(),
            _ if entries.is_empty() => json!({}),
            _ => Value::Array(entries),
        };
        m.insert("traffic".into(), sent);
        (bandwidth, m)
    }
}

proptest! {
    // Drawing is the slow part: fewer cases.
    #![proptest_config(cases(64))]

    #[test]
    fn arbitrary_statistics_decode_and_draw(value in stats_shaped(), wrap in any::<bool>()) {
        decode_everything(&value, true);
        if wrap {
            decode_everything(&json!({"network_usage": value.clone()}), false);
            decode_everything(&json!({"cpu_usage": value}), false);
        }
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn cpu_usage_round_trips((cpu, map) in cpu_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(CpuUsage::from_json(&sent(&wrap(map, "cpu_usage", wrapped))), Ok(cpu));
    }

    #[test]
    fn bandwidth_round_trips((bandwidth, map) in bandwidth_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(Bandwidth::from_json(&sent(&wrap(map, "network_usage", wrapped))), Ok(bandwidth));
    }
}
