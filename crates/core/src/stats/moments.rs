//! Where a moment falls among a chart's samples, so that what the panel did
//! to the VM then (a reboot, new firewall rules) is marked on the chart.

use super::{Bandwidth, CpuUsage, InterfaceTraffic};

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
pub fn traffic_index_at(
    bandwidth: &Bandwidth,
    traffic: &InterfaceTraffic,
    at: i64,
) -> Option<usize> {
    let (from, step) = (bandwidth.date_from?, traffic.step_seconds(bandwidth)?);
    let offset = at.checked_sub(from)?;
    let index = (offset as f64 / step).floor() as usize;
    (index < traffic.samples.len()).then_some(index)
}

/// Marks for the moments (seconds since the epoch, and what happened) that
/// fall on a sample.
pub fn markers(
    moments: &[(i64, String)],
    index_at: impl Fn(i64) -> Option<usize>,
) -> Vec<crate::stats::chart::Marker> {
    moments
        .iter()
        .filter_map(|(at, label)| {
            Some(crate::stats::chart::Marker { index: index_at(*at)?, label: label.clone() })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_fall_on_their_samples() {
        let cpu =
            CpuUsage { lapse: None, time_units: Some("minutes".into()), data: vec![Some(1.0); 60] };
        let now = 1_000_000;
        assert_eq!(cpu_index_at(&cpu, now, now), Some(59), "now is the last sample");
        assert_eq!(cpu_index_at(&cpu, now, now - 61), Some(58));
        assert_eq!(cpu_index_at(&cpu, now, now - 3_600), None, "before the period");
        assert_eq!(cpu_index_at(&cpu, now, now + 5), None, "after now");
        let traffic =
            InterfaceTraffic { samples: vec![Some((1.0, 1.0)); 24], ..Default::default() };
        let bandwidth = Bandwidth {
            date_from: Some(0),
            date_to: Some(86_400),
            interfaces: vec![traffic.clone()],
        };
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 3_599), Some(0));
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 3_600), Some(1));
        assert_eq!(traffic_index_at(&bandwidth, &traffic, 86_400), None);
        let marks = markers(&[(now - 30, "Reboot".into()), (0, "Stop".into())], |at| {
            cpu_index_at(&cpu, now, at)
        });
        assert_eq!(marks, vec![crate::stats::chart::Marker { index: 59, label: "Reboot".into() }]);
    }
}
