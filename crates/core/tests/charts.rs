//! Chart drawings compared with committed SVG snapshots. After an intended
//! change, regenerate them with:
//!
//! `UPDATE_SNAPSHOTS=1 cargo test -p vmdeck-core --test charts`

use plotters::prelude::*;
use serde_json::json;
use vmdeck_core::chart::{draw, ChartTheme, LineChart};
use vmdeck_core::stats::{bandwidth_chart, cpu_chart, utc_label, Bandwidth, CpuUsage};

fn render(chart: &LineChart) -> String {
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (640, 240)).into_drawing_area();
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
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e} (run with UPDATE_SNAPSHOTS=1 to create it)"));
    assert!(svg == expected, "{name}.svg differs from the snapshot; if the change is intended, regenerate with UPDATE_SNAPSHOTS=1");
}

fn diurnal(i: usize) -> f64 {
    20.0 + 15.0 * ((i as f64) / 9.5).sin() + (i % 7) as f64
}

#[test]
fn a_normal_cpu_series() {
    let cpu = CpuUsage::from_json(&json!({"lapse": "-1H", "time_units": "minutes", "data": (0..60).map(diurnal).collect::<Vec<_>>()})).unwrap();
    let svg = render(&cpu_chart(&cpu));
    assert!(svg.contains("\n59 min ago\n") && svg.contains("\nnow\n"), "relative time labels");
    assert!(svg.contains("%"), "percent on the y axis");
    check("cpu_normal", &svg);
}

#[test]
fn an_empty_series_says_so_instead_of_drawing_zeros() {
    let bw = Bandwidth::from_json(&json!({"date_from": 1_795_000_000, "date_to": 1_795_003_600, "traffic": [[{"interface_id": "1", "data": {}}]]})).unwrap();
    let chart = bandwidth_chart(&bw, &bw.interfaces[0], &|t| utc_label(t, "-1H"));
    let svg = render(&chart);
    assert!(svg.contains("No traffic data for this period"));
    assert!(!svg.contains("stroke-width=\"2\""), "no series line at all");
    check("bandwidth_empty", &svg);
}

#[test]
fn a_series_with_gaps_breaks_its_line() {
    let data: serde_json::Map<String, serde_json::Value> = (0..60)
        .filter(|i| !(20..26).contains(i) && *i != 40)
        .map(|i| (i.to_string(), json!({"traffic_in": 1000.0 * diurnal(i), "traffic_out": 600.0 * diurnal(i + 3)})))
        .collect();
    let bw = Bandwidth::from_json(&json!({"date_from": 1_795_000_000, "date_to": 1_795_003_600, "traffic": [[{"interface_id": "1", "data": data}]]})).unwrap();
    let svg = render(&bandwidth_chart(&bw, &bw.interfaces[0], &|t| utc_label(t, "-1H")));
    // Two series, each broken into three runs by the two gaps.
    assert_eq!(svg.matches("stroke-width=\"2\"").count(), 6);
    assert!(svg.contains("KB"), "bytes scaled to KB");
    check("bandwidth_gaps", &svg);
}

#[test]
fn a_huge_spike_scales_the_axis_without_hiding_the_rest() {
    let mut values: Vec<f64> = (0..365).map(|i| 5.0e6 + 1.0e5 * diurnal(i)).collect();
    values[200] = 4.0e9;
    let data: serde_json::Map<String, serde_json::Value> =
        values.iter().enumerate().map(|(i, v)| (i.to_string(), json!({"traffic_in": v, "traffic_out": v / 3.0}))).collect();
    let bw = Bandwidth::from_json(&json!({"date_from": 1_763_500_000, "date_to": 1_795_036_000, "traffic": [[{"interface_id": "1", "data": data}]]})).unwrap();
    let svg = render(&bandwidth_chart(&bw, &bw.interfaces[0], &|t| utc_label(t, "-1Y")));
    assert!(svg.contains("GB"), "the axis reaches the spike in GB");
    assert!(svg.contains("2026"), "year labels");
    check("bandwidth_spike", &svg);
}
