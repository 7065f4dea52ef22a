//! One chart on a `<canvas>`: sharp on HiDPI screens, redrawn on resize
//! and theme change, with the nearest sample's value under the pointer and
//! the same values as a table for keyboard and screen reader users.

use crate::components::{Column, DataTable};
use crate::shell::theme::use_dark;
use leptos::html::Canvas;
use leptos::prelude::*;
use plotters::prelude::IntoDrawingArea;
use plotters_canvas::CanvasBackend;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::stats::chart::{draw, ChartTheme, Geometry, LineChart};

/// What a chart shows, kept as data so that it can be drawn again.
pub trait ChartData: Clone + PartialEq + Send + Sync + 'static {
    fn chart(&self) -> LineChart;
    /// A sample's time, for the pointer label and the table.
    fn time(&self, index: usize) -> String;
    /// A sample's values in words ("In 1.2 MB (270 Kbps)").
    fn values(&self, index: usize) -> Vec<String>;
    fn count(&self) -> usize;
    fn has_data(&self) -> bool;
}

const HEIGHT_CSS: f64 = 240.0;

#[component]
pub fn CanvasChart<D: ChartData>(
    /// The data on screen (the last loaded; kept while a new one loads).
    data: Signal<Option<D>>,
    /// The chart's accessible name.
    #[prop(into)]
    label: String,
    /// An id prefix for the canvas and its table.
    id: String,
) -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let dark = use_dark();
    let resized = Trigger::new();
    let listener = window_event_listener(leptos::ev::resize, move |_| resized.notify());
    on_cleanup(move || listener.remove());
    let geometry = StoredValue::new(None::<Geometry>);
    let hover = RwSignal::new(None::<(usize, f64, &'static str)>);
    let show_table = RwSignal::new(false);
    let draw_error = RwSignal::new(None::<String>);
    let dpr = move || web_sys::window().map(|w| w.device_pixel_ratio()).unwrap_or(1.0).max(1.0);

    Effect::new(move || {
        resized.track();
        let dark = dark.get();
        let (Some(el), Some(data)) = (canvas.get(), data.get()) else { return };
        let scale = dpr();
        let width = f64::from(el.client_width().max(300));
        el.set_width((width * scale).round() as u32);
        el.set_height((HEIGHT_CSS * scale).round() as u32);
        let theme = if dark { ChartTheme::dark(scale) } else { ChartTheme::light(scale) };
        let drawn = match CanvasBackend::with_canvas_object(el.clone()) {
            Some(backend) => draw(&backend.into_drawing_area(), &data.chart(), &theme)
                .map_err(|e| format!("{e:?}")),
            None => Err("the canvas has no 2D context".to_owned()),
        };
        draw_error.set(drawn.as_ref().err().cloned());
        geometry.set_value(drawn.ok());
    });

    let on_move = move |ev: leptos::ev::MouseEvent| {
        let scale = dpr();
        let found = geometry.get_value().and_then(|g| g.index_at(f64::from(ev.offset_x()) * scale));
        let has_data = data.with_untracked(|d| d.as_ref().is_some_and(ChartData::has_data));
        // Near an edge the readout opens inwards, so that it stays on the chart.
        let width = canvas.get_untracked().map_or(0.0, |c| f64::from(c.client_width()));
        let x = f64::from(ev.offset_x());
        let side = if x > width * 0.66 {
            "chart-tip tip-end"
        } else if x < width * 0.33 {
            "chart-tip tip-start"
        } else {
            "chart-tip"
        };
        hover.set(found.filter(|_| has_data).map(|i| (i, x, side)));
    };
    let table_id = format!("{id}-table");
    let canvas_id = format!("{id}-canvas");
    view! {
        <div class="chart">
            <div class="chart-frame">
                <canvas
                    node_ref=canvas
                    id=canvas_id
                    class="chart-canvas"
                    role="img"
                    aria-label=label.clone()
                    // Set through the CSSOM (`style:`), which a `style-src 'self'` policy allows.
                    style:height=format!("{HEIGHT_CSS}px")
                    on:mousemove=on_move
                    on:mouseleave=move |_| hover.set(None)
                ></canvas>
                {move || hover.get().and_then(|(index, x, side)| data.with(|d| d.as_ref().map(|d| {
                    let values = d.values(index);
                    view! {
                        <div class=side style:left=format!("{x:.0}px")>
                            <strong>{d.time(index)}</strong>
                            {values.into_iter().map(|v| view! { <div>{v}</div> }).collect_view()}
                        </div>
                    }
                })))}
            </div>
            {move || draw_error.get().map(|e| view! { <p class="field-error">{vmdeck_core::tf!(t::STATS_DRAW_FAILED, error = e)}</p> })}
            <button type="button" class="button button-quiet button-small" aria-expanded=move || show_table.get().to_string() aria-controls=table_id.clone()
                on:click=move |_| show_table.update(|s| *s = !*s)>
                {move || if show_table.get() { t::STATS_HIDE_VALUES.get() } else { t::STATS_SHOW_VALUES.get() }}
            </button>
            {move || show_table.get().then(|| data.with(|d| d.as_ref().map(|d| {
                let columns = vec![Column::text(t::STATS_TIME.get()), Column::text(t::STATS_VALUES.get())];
                let rows = (0..d.count()).map(|i| view! {
                    <tr><td>{d.time(i)}</td><td class="mono">{d.values(i).join(" · ")}</td></tr>
                }).collect_view();
                view! { <DataTable id=id.clone() columns=columns wrap_class="chart-table">{rows}</DataTable> }
            })))}
        </div>
    }
}
