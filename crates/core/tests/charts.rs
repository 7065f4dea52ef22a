//! Chart drawings compared with committed SVG snapshots. After an intended
//! change, regenerate them with:
//!
//! `UPDATE_SNAPSHOTS=1 cargo test -p vmdeck-core --test charts`

use plotters::prelude::*;
use serde_json::json;
use vmdeck_core::stats::chart::{draw, ChartTheme, LineChart};
use vmdeck_core::stats::{axis_precision, bandwidth_chart, cpu_chart, Bandwidth, CpuUsage};
use vmdeck_core::time::{moment_label, MomentStyle};

/// The time labels of a chart over `period` as the panel writes them, in UTC
/// and the catalogue's way, so that the snapshots do not depend on where they are drawn.
fn time_label(period: &'static str) -> impl Fn(i64) -> String {
    let style = MomentStyle::catalogue();
    move |t| moment_label(t, 0, axis_precision(period), &style)
}

fn render(chart: &LineChart) -> String {
    render_at(chart, 640)
}

fn render_at(chart: &LineChart, width: u32) -> String {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (width, 240)).into_drawing_area();
        draw(&area, chart, &ChartTheme::light(1.0)).expect("drawing into a string cannot fail");
    }
    svg
}

fn check(name: &str, svg: &str) {
    let path = format!("{}/tests/snapshots/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)"));
    assert!(svg == expected, "{name}.svg differs from the snapshot; if the change is intended, regenerate with UPDATE_SNAPSHOTS=1");
}

fn diurnal(i: usize) -> f64 {
    20.0 + 15.0 * ((i as f64) / 9.5).sin() + (i % 7) as f64
}

#[test]
fn a_normal_cpu_series() {
    let cpu = CpuUsage::from_json(&json!({"lapse": "-1H", "time_units": "minutes", "data": (0..60).map(diurnal).collect::<Vec<_>>()})).unwrap();
    let svg = render(&cpu_chart(&cpu, Vec::new()));
    assert!(svg.contains("\n59 min ago\n") && svg.contains("\nnow\n"), "relative time labels");
    assert!(svg.contains("%"), "percent on the y axis");
    check("cpu_normal", &svg);
}

#[test]
fn a_narrow_chart_leaves_out_the_time_labels_that_would_overlap() {
    let cpu = CpuUsage::from_json(&json!({"lapse": "-1H", "time_units": "minutes", "data": (0..60).map(diurnal).collect::<Vec<_>>()})).unwrap();
    let chart = cpu_chart(&cpu, Vec::new());
    let wide = render_at(&chart, 640);
    let narrow = render_at(&chart, 300);
    let labels = |svg: &str| {
        ["59 min ago", "44 min ago", "29 min ago", "15 min ago", "\nnow\n"]
            .iter()
            .filter(|l| svg.contains(*l))
            .count()
    };
    assert_eq!(labels(&wide), 5);
    assert!(
        labels(&narrow) < 5 && narrow.contains("\nnow\n") && narrow.contains("59 min ago"),
        "the ends stay"
    );
}

#[test]
fn an_empty_series_says_so_instead_of_drawing_zeros() {
    let bw = Bandwidth::from_json(&json!({"date_from": 1_795_000_000, "date_to": 1_795_003_600, "traffic": [[{"interface_id": "1", "data": {}}]]})).unwrap();
    let chart = bandwidth_chart(&bw, &bw.interfaces[0], &time_label("-1H"), Vec::new());
    let svg = render(&chart);
    assert!(svg.contains("No traffic data for this period"));
    assert!(!svg.contains("stroke-width=\"2\""), "no series line at all");
    check("bandwidth_empty", &svg);
}

#[test]
fn a_series_with_gaps_breaks_its_line() {
    let data: serde_json::Map<String, serde_json::Value> = (0..60)
        .filter(|i| !(20..26).contains(i) && *i != 40)
        .map(|i| {
            (
                i.to_string(),
                json!({"traffic_in": 1000.0 * diurnal(i), "traffic_out": 600.0 * diurnal(i + 3)}),
            )
        })
        .collect();
    let bw = Bandwidth::from_json(&json!({"date_from": 1_795_000_000, "date_to": 1_795_003_600, "traffic": [[{"interface_id": "1", "data": data}]]})).unwrap();
    let svg = render(&bandwidth_chart(&bw, &bw.interfaces[0], &time_label("-1H"), Vec::new()));
    // Two series, each broken into three runs by the two gaps.
    assert_eq!(svg.matches("stroke-width=\"2\"").count(), 6);
    assert!(svg.contains("KB"), "bytes scaled to KB");
    check("bandwidth_gaps", &svg);
}

#[test]
fn a_huge_spike_scales_the_axis_without_hiding_the_rest() {
    let mut values: Vec<f64> = (0..365).map(|i| 5.0e6 + 1.0e5 * diurnal(i)).collect();
    values[200] = 4.0e9;
    let data: serde_json::Map<String, serde_json::Value> = values
        .iter()
        .enumerate()
        .map(|(i, v)| (i.to_string(), json!({"traffic_in": v, "traffic_out": v / 3.0})))
        .collect();
    let bw = Bandwidth::from_json(&json!({"date_from": 1_763_500_000, "date_to": 1_795_036_000, "traffic": [[{"interface_id": "1", "data": data}]]})).unwrap();
    let svg = render(&bandwidth_chart(&bw, &bw.interfaces[0], &time_label("-1Y"), Vec::new()));
    assert!(svg.contains("GB"), "the axis reaches the spike in GB");
    assert!(svg.contains("2026"), "year labels");
    check("bandwidth_spike", &svg);
}

#[test]
fn the_panels_actions_are_marked_and_the_period_summarised() {
    let cpu = CpuUsage::from_json(&json!({"lapse": "-1H", "time_units": "minutes", "data": (0..60).map(diurnal).collect::<Vec<_>>()})).unwrap();
    let now = 1_795_003_600;
    let moments = [
        (now - 20 * 60, "Reboot".to_owned()),
        (now - 5 * 60, "Stop".to_owned()),
        (now - 7_200, "Too early".to_owned()),
    ];
    let marks =
        vmdeck_core::stats::markers(&moments, |at| vmdeck_core::stats::cpu_index_at(&cpu, now, at));
    assert_eq!(marks.len(), 2, "a moment before the period is not marked");
    let svg = render(&cpu_chart(&cpu, marks));
    assert!(svg.contains("average 2") && svg.contains("peak 4"), "the summary above the plot");
    assert!(svg.contains("\nR\n") && svg.contains("\nS\n"), "each mark's initial");
    check("cpu_marked", &svg);

    let data: serde_json::Map<String, serde_json::Value> = (0..60)
        .map(|i| {
            (
                i.to_string(),
                json!({"traffic_in": 1000.0 * diurnal(i), "traffic_out": 600.0 * diurnal(i + 3)}),
            )
        })
        .collect();
    let bw = Bandwidth::from_json(&json!({"date_from": 1_795_000_000, "date_to": 1_795_003_600, "traffic": [[{"interface_id": "1", "data": data}]]})).unwrap();
    let traffic = &bw.interfaces[0];
    let marks =
        vmdeck_core::stats::markers(&[(1_795_001_800, "Apply firewall rules".to_owned())], |at| {
            vmdeck_core::stats::traffic_index_at(&bw, traffic, at)
        });
    let svg = render(&bandwidth_chart(&bw, traffic, &time_label("-1H"), marks));
    assert!(svg.contains("95th percentile") && svg.contains("a month"), "the traffic summary");
    check("bandwidth_marked", &svg);
}
