//! CPU and bandwidth statistics, in the spec's shapes: deterministic for a
//! VM and a moment (the same sample always has the same value), with a daily
//! rhythm, noise, bursts and the odd missing sample.

use crate::records::Vm;
use crate::rng::Rng;
use serde_json::{json, Map, Value};

/// The spec's CPU periods: the number of units and each unit's length.
pub fn cpu_period(period: &str) -> Option<(&'static str, u64, u64)> {
    match period {
        "-1H" => Some(("minutes", 60, 60)),
        "-30days" => Some(("days", 30, 86_400)),
        _ => None,
    }
}

/// The spec's bandwidth periods: samples and the seconds each covers.
pub fn bandwidth_period(period: &str) -> Option<(u64, u64)> {
    match period {
        "-1H" => Some((60, 60)),
        "-1day" => Some((288, 300)),
        "-1M" => Some((720, 3_600)),
        "-1Y" => Some((365, 86_400)),
        _ => None,
    }
}

/// A number in 0..1 fixed by the inputs.
fn unit(seed: u64, a: u64, b: u64) -> f64 {
    let mut rng = Rng::new(
        seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
    );
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Busier in the afternoon, quiet at night (UTC), between 0.25 and 1.
fn daily_rhythm(epoch_secs: u64) -> f64 {
    let hour = (epoch_secs % 86_400) as f64 / 3_600.0;
    0.25 + 0.75 * (0.5 - 0.5 * ((hour - 4.0) / 24.0 * std::f64::consts::TAU).cos())
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The CPU usage resource, in percent of all the VM's CPUs.
pub fn cpu(vm: &Vm, period: &str, now_secs: u64) -> Option<Value> {
    let (time_units, units, step) = cpu_period(period)?;
    let data: Vec<Value> = if vm.status == "unbuilt" {
        Vec::new()
    } else {
        let level = 5.0 + 40.0 * unit(vm.stats_seed, 1, 0);
        let running = if vm.status == "online" { 1.0 } else { 0.05 };
        let last = now_secs / step;
        (0..units)
            .map(|i| {
                let bucket = last - (units - 1 - i);
                let noise = 0.7 + 0.6 * unit(vm.stats_seed, 2, bucket);
                let burst = if unit(vm.stats_seed, 3, bucket) > 0.96 { 35.0 } else { 0.0 };
                let value = (level * daily_rhythm(bucket * step) * noise + burst) * running;
                json!(round2(value.clamp(0.0, 100.0)))
            })
            .collect()
    };
    Some(json!({
        "lapse": period,
        "machine_id": vm.id.to_string(),
        "data": data,
        "time_units": time_units,
    }))
}

/// The network usage resource: one group per network, one entry per interface,
/// `data` keyed by sample index strings; `traffic` is `{}` without data.
pub fn bandwidth(vm: &Vm, period: &str, now_secs: u64) -> Option<Value> {
    let (samples, step) = bandwidth_period(period)?;
    let date_to = now_secs / step * step;
    let date_from = date_to - samples * step;
    if vm.status == "unbuilt" || vm.interfaces.is_empty() {
        return Some(json!({"date_from": date_from, "date_to": date_to, "traffic": {}}));
    }
    let mut groups: Vec<(u64, Vec<Value>)> = Vec::new();
    for nic in &vm.interfaces {
        let seed = vm.stats_seed ^ nic.id.wrapping_mul(0x2545_F491_4F6C_DD1D);
        // Bytes per second at the busiest hour: public links carry more.
        let peak = if nic.is_public() {
            20_000.0 + 400_000.0 * unit(seed, 1, 0)
        } else {
            5_000.0 + 100_000.0 * unit(seed, 1, 1)
        };
        let running = if vm.status == "online" { 1.0 } else { 0.01 };
        let mut data = Map::new();
        for i in 0..samples {
            let start = date_from + i * step;
            let bucket = start / step;
            if unit(seed, 4, bucket) < 0.01 {
                continue; // the collector missed this one
            }
            let burst = if unit(seed, 3, bucket) > 0.97 { 8.0 } else { 1.0 };
            let rate =
                peak * daily_rhythm(start) * (0.6 + 0.8 * unit(seed, 2, bucket)) * burst * running;
            let traffic_out = (rate * step as f64).round();
            let traffic_in = (rate * step as f64 * (0.3 + 0.5 * unit(seed, 5, bucket))).round();
            data.insert(
                i.to_string(),
                json!({"traffic_out": traffic_out, "traffic_in": traffic_in}),
            );
        }
        let entry = json!({
            "network_id": nic.network_id.to_string(),
            "is_public": nic.is_public(),
            "interface_id": nic.id.to_string(),
            "data": data,
        });
        match groups.iter_mut().find(|(network, _)| *network == nic.network_id) {
            Some((_, entries)) => entries.push(entry),
            None => groups.push((nic.network_id, vec![entry])),
        }
    }
    let traffic: Vec<Value> =
        groups.into_iter().map(|(_, entries)| Value::Array(entries)).collect();
    Some(json!({"date_from": date_from, "date_to": date_to, "traffic": traffic}))
}
