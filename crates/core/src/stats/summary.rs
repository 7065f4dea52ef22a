//! A chart's period in a few numbers: the CPU's average and peak, and the
//! traffic's totals, rates and pace over a month.

use super::{CpuUsage, InterfaceTraffic};

/// A CPU chart's period in two numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CpuSummary {
    pub average: f64,
    pub peak: f64,
}

/// The average and the peak of the samples there are; none without any.
pub fn cpu_summary(cpu: &CpuUsage) -> Option<CpuSummary> {
    let values: Vec<f64> = cpu.data.iter().flatten().copied().collect();
    let peak = values
        .iter()
        .copied()
        .fold(None, |max: Option<f64>, v| Some(max.map_or(v, |m| m.max(v))))?;
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
mod tests {
    use super::*;

    #[test]
    fn cpu_average_and_peak_skip_the_gaps() {
        let cpu = CpuUsage {
            lapse: None,
            time_units: None,
            data: vec![Some(10.0), None, Some(30.0), Some(20.0)],
        };
        assert_eq!(cpu_summary(&cpu), Some(CpuSummary { average: 20.0, peak: 30.0 }));
        assert_eq!(
            cpu_summary(&CpuUsage { lapse: None, time_units: None, data: vec![None] }),
            None
        );
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
