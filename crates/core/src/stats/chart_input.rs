//! What the CPU and bandwidth charts show, made from the statistics: their
//! series, axis labels, summary lines and units, for [`super::chart::draw`].

use super::axis::{relative_label, tick_indices};
use super::scale::{byte_scale, rate_scale, Scale};
use super::summary::{cpu_summary, traffic_summary, TrafficSummary};
use super::{Bandwidth, CpuUsage, InterfaceTraffic};
use crate::i18n::{fixed, messages as t};
use crate::tf;

/// The CPU chart: percent per unit, the x axis counted back from now, the
/// period's average and peak above it, and `markers`.
pub fn cpu_chart(
    cpu: &CpuUsage,
    markers: Vec<crate::stats::chart::Marker>,
) -> crate::stats::chart::LineChart {
    let count = cpu.data.len();
    let units = cpu.time_units.clone().unwrap_or_else(|| "units".into());
    crate::stats::chart::LineChart {
        series: vec![crate::stats::chart::Series { name: "CPU".into(), values: cpu.data.clone() }],
        x_labels: tick_indices(count, 5)
            .into_iter()
            .map(|i| (i, relative_label(i, count, &units)))
            .collect(),
        y_format: Box::new(|v| format!("{} %", fixed(v, if v == v.trunc() { 0 } else { 1 }))),
        y_cap: Some(100.0),
        y_divisor: 1.0,
        empty_text: t::STATS_NO_CPU_DATA.get().into(),
        summary: cpu_summary(cpu)
            .map(|c| {
                tf!(t::STATS_CPU_SUMMARY, average = fixed(c.average, 1), peak = fixed(c.peak, 1))
            })
            .into_iter()
            .collect(),
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
            crate::stats::chart::Series {
                name: t::STATS_IN.get().into(),
                values: traffic.samples.iter().map(|s| s.map(|(i, _)| i)).collect(),
            },
            crate::stats::chart::Series {
                name: t::STATS_OUT.get().into(),
                values: traffic.samples.iter().map(|s| s.map(|(_, o)| o)).collect(),
            },
        ],
        x_labels,
        y_format: Box::new(move |v| scale.format(v)),
        y_cap: None,
        y_divisor: scale.divisor,
        empty_text: t::STATS_NO_TRAFFIC_DATA.get().into(),
        summary: step
            .and_then(|step| traffic_summary(traffic, step))
            .map(|t| traffic_summary_lines(&t))
            .unwrap_or_default(),
        markers,
    }
}

/// A traffic summary in words, a line each: the totals, the rates, the month.
pub fn traffic_summary_lines(t: &TrafficSummary) -> Vec<String> {
    use crate::i18n::messages as text;
    let bytes = byte_scale(t.bytes_in.max(t.bytes_out));
    let rates = rate_scale(t.peak_rate);
    vec![
        tf!(
            text::STATS_TRAFFIC_TOTALS,
            bytes_in = bytes.format(t.bytes_in),
            bytes_out = bytes.format(t.bytes_out)
        ),
        tf!(
            text::STATS_TRAFFIC_RATES,
            average = rates.format(t.average_rate),
            peak = rates.format(t.peak_rate),
            p95 = rates.format(t.p95_rate)
        ),
        tf!(text::STATS_TRAFFIC_MONTH, month = byte_scale(t.month_bytes).format(t.month_bytes)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_in_words() {
        let t = TrafficSummary {
            bytes_in: 210e6,
            bytes_out: 20e6,
            average_rate: 1.5e6,
            peak_rate: 2.8e6,
            p95_rate: 2.7e6,
            month_bytes: 99e9,
        };
        let lines = traffic_summary_lines(&t);
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("in ") && lines[2].ends_with(" a month"), "{lines:?}");
        let cpu = CpuUsage { lapse: None, time_units: None, data: vec![Some(10.0), Some(30.0)] };
        assert_eq!(cpu_chart(&cpu, Vec::new()).summary, ["average 20.0 % · peak 30.0 %"]);
        // Sizes are written by the language's number formatter, grouped.
        assert_eq!(byte_scale(1000.0).format(1000.0), "1,000 B");
        assert_eq!(byte_scale(3e6).format(2.5e6), "2.38 MB");
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;
    use crate::stats::axis::axis_precision;
    use crate::stats::CPU_PERIODS;
    use crate::time::{moment_label, MomentStyle};

    #[test]
    fn charts_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        let cpu = CpuUsage {
            lapse: None,
            time_units: Some("minutes".into()),
            data: vec![Some(10.0), Some(30.0)],
        };
        let chart = cpu_chart(&cpu, Vec::new());
        assert_eq!(chart.summary, ["media 20,0 % · máximo 30,0 %"]);
        assert_eq!((chart.y_format)(12.5), "12,5 %");
        assert_eq!(chart.empty_text, "No hay datos de CPU para este periodo");
        let t = TrafficSummary {
            bytes_in: 210e6,
            bytes_out: 20e6,
            average_rate: 1.5e6,
            peak_rate: 2.8e6,
            p95_rate: 2.7e6,
            month_bytes: 99e9,
        };
        assert_eq!(
            traffic_summary_lines(&t),
            [
                "entrada 200 MB · salida 19,1 MB",
                "media 1,50 Mbps · máximo 2,80 Mbps · percentil 95 2,70 Mbps",
                "a este ritmo, 92,2 GB al mes"
            ]
        );
        assert_eq!(relative_label(0, 60, "minutes"), "hace 59 min");
        assert_eq!(relative_label(28, 30, "days"), "ayer");
        assert_eq!(
            moment_label(1_795_000_000, 0, axis_precision("-1M"), &MomentStyle::catalogue()),
            "18 nov"
        );
        assert_eq!(CPU_PERIODS[1].1.get(), "Últimos 30 días");
    }
}
