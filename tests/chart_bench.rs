//! How long drawing a year of hourly samples (8,760 per series, two series)
//! takes on a canvas in the browser. Prints figures; asserts nothing about time.
//!
//! `scripts/bench-charts.sh`

#![cfg(target_arch = "wasm32")]

use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use vmdeck_core::stats::chart::{draw, ChartTheme, LineChart, Series};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn draw_a_year_of_hourly_samples() {
    let document = web_sys::window().and_then(|w| w.document()).expect("a document");
    let canvas: web_sys::HtmlCanvasElement =
        document.create_element("canvas").unwrap().unchecked_into();
    canvas.set_width(2400);
    canvas.set_height(480);
    document.body().unwrap().append_child(&canvas).unwrap();
    let values = |phase: f64| -> Vec<Option<f64>> {
        (0..8760)
            .map(|i| {
                Some(
                    5.0e6 + 4.0e6 * ((i as f64 + phase) / 24.0 * std::f64::consts::TAU).sin().abs(),
                )
            })
            .collect()
    };
    let chart = || LineChart {
        series: vec![
            Series { name: "In".into(), values: values(0.0) },
            Series { name: "Out".into(), values: values(6.0) },
        ],
        x_labels: vec![
            (0, "Nov 2025".into()),
            (4380, "May 2026".into()),
            (8759, "Nov 2026".into()),
        ],
        y_format: Box::new(|v| format!("{:.0} MB", v / 1.0e6)),
        y_cap: None,
        y_divisor: 1.0e6,
        empty_text: String::new(),
        summary: Vec::new(),
        markers: Vec::new(),
    };
    let performance = web_sys::window().and_then(|w| w.performance()).expect("performance");
    let theme = ChartTheme::light(2.0);
    let mut times = Vec::new();
    for _ in 0..25 {
        let chart = chart();
        let start = performance.now();
        let backend = CanvasBackend::with_canvas_object(canvas.clone()).expect("a 2D context");
        draw(&backend.into_drawing_area(), &chart, &theme).expect("drawn");
        times.push(performance.now() - start);
    }
    times.sort_by(f64::total_cmp);
    console_log!(
        "chart, 2 x 8760 samples on a 2400x480 canvas: median {:.2} ms, min {:.2} ms, max {:.2} ms (25 draws)",
        times[times.len() / 2],
        times[0],
        times[times.len() - 1]
    );
}
