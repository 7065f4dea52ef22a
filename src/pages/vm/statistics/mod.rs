//! The VM's statistics: CPU and each interface's traffic over the spec's periods.

mod chart;

use super::use_vm;
use crate::api::network::vm_interfaces;
use crate::api::stats::{bw_stats, cpu_stats};
use crate::components::{ErrorView, Export, ExportButtons};
use crate::hooks::network_name;
use crate::hooks::{use_data, use_url_filters, UrlFilters};
use crate::locale::moment;
use crate::tasks::use_tasks;
use chart::{CanvasChart, ChartData};
use leptos::prelude::*;
use vmdeck_core::history::chart_moments;
use vmdeck_core::history::export;
use vmdeck_core::i18n::{firewall as t, messages as m, Text};
use vmdeck_core::network::Interface;
use vmdeck_core::stats::chart::{LineChart, Marker};
use vmdeck_core::stats::{
    axis_precision, bandwidth_chart, cpu_chart, cpu_index_at, markers, rate_scale, relative_label,
    sample_precision, traffic_index_at, traffic_scale, Bandwidth, CpuUsage, BANDWIDTH_PERIODS,
    CPU_PERIODS,
};
use vmdeck_core::tf;

/// What the panel did to the VM, as marks: (seconds since the epoch, what).
type Moments = Vec<(i64, String)>;

/// The marks' labels at a sample, for the pointer's readout and the table.
fn marked_at(markers: &[Marker], index: usize) -> Vec<String> {
    markers
        .iter()
        .filter(|m| m.index == index)
        .map(|m| tf!(t::STATS_FROM_THIS_BROWSER, action = m.label))
        .collect()
}

#[derive(Clone, PartialEq)]
struct CpuData {
    usage: CpuUsage,
    markers: Vec<Marker>,
}

impl CpuData {
    fn new(usage: CpuUsage, moments: &Moments) -> Self {
        let now = (js_sys::Date::now() / 1000.0) as i64;
        let markers = markers(moments, |at| cpu_index_at(&usage, now, at));
        Self { usage, markers }
    }
}

impl ChartData for CpuData {
    fn chart(&self) -> LineChart {
        cpu_chart(&self.usage, self.markers.clone())
    }
    fn time(&self, index: usize) -> String {
        relative_label(
            index,
            self.usage.data.len(),
            self.usage.time_units.as_deref().unwrap_or("units"),
        )
    }
    fn values(&self, index: usize) -> Vec<String> {
        let mut out = vec![match self.usage.data.get(index).copied().flatten() {
            Some(v) => tf!(t::STATS_CPU_VALUE, value = vmdeck_core::i18n::fixed(v, 1)),
            None => t::STATS_NO_SAMPLE.get().to_owned(),
        }];
        out.extend(marked_at(&self.markers, index));
        out
    }
    fn count(&self) -> usize {
        self.usage.data.len()
    }
    fn has_data(&self) -> bool {
        self.usage.has_data()
    }
}

#[derive(Clone, PartialEq)]
struct TrafficData {
    bandwidth: Bandwidth,
    index: usize,
    period: String,
    markers: Vec<Marker>,
}

impl ChartData for TrafficData {
    fn chart(&self) -> LineChart {
        let period = self.period.clone();
        match self.bandwidth.interfaces.get(self.index) {
            Some(traffic) => bandwidth_chart(
                &self.bandwidth,
                traffic,
                &move |t| moment(t, axis_precision(&period)),
                self.markers.clone(),
            ),
            None => bandwidth_chart(
                &self.bandwidth,
                &Default::default(),
                &|_| String::new(),
                Vec::new(),
            ),
        }
    }
    fn time(&self, index: usize) -> String {
        let Some(traffic) = self.bandwidth.interfaces.get(self.index) else { return String::new() };
        match (self.bandwidth.date_from, traffic.step_seconds(&self.bandwidth)) {
            (Some(from), Some(step)) => {
                moment(from + (step * index as f64) as i64, sample_precision(&self.period))
            }
            _ => tf!(t::STATS_SAMPLE_N, n = index),
        }
    }
    fn values(&self, index: usize) -> Vec<String> {
        let Some(traffic) = self.bandwidth.interfaces.get(self.index) else { return Vec::new() };
        let Some((inb, outb)) = traffic.samples.get(index).copied().flatten() else {
            return vec![t::STATS_NO_SAMPLE.get().to_owned()];
        };
        let bytes = traffic_scale(traffic);
        let step = traffic.step_seconds(&self.bandwidth).unwrap_or(1.0).max(1.0);
        let rates = rate_scale(inb.max(outb) * 8.0 / step);
        let mut out = vec![
            tf!(
                t::STATS_IN_VALUE,
                bytes = bytes.format(inb),
                rate = rates.format(inb * 8.0 / step)
            ),
            tf!(
                t::STATS_OUT_VALUE,
                bytes = bytes.format(outb),
                rate = rates.format(outb * 8.0 / step)
            ),
        ];
        out.extend(marked_at(&self.markers, index));
        out
    }
    fn count(&self) -> usize {
        self.bandwidth.interfaces.get(self.index).map_or(0, |t| t.samples.len())
    }
    fn has_data(&self) -> bool {
        self.bandwidth
            .interfaces
            .get(self.index)
            .is_some_and(|t| t.samples.iter().any(Option::is_some))
    }
}

/// The period in the URL, if it is one of the spec's.
fn period(filters: UrlFilters, key: &'static str, allowed: &[(&'static str, Text)]) -> String {
    let wanted = filters.get(key);
    allowed.iter().find(|(p, _)| *p == wanted).map(|(p, _)| *p).unwrap_or(allowed[0].0).to_owned()
}

#[component]
fn PeriodPicker(
    filters: UrlFilters,
    key: &'static str,
    periods: &'static [(&'static str, Text)],
    chosen: Memo<String>,
) -> impl IntoView {
    view! {
        <div class="segmented period-picker" role="group" aria-label=t::STATS_PERIOD.get()>
            {periods.iter().map(|(p, label)| view! {
                <button type="button" class="button button-small" id=format!("{key}-period{p}") aria-pressed=move || (chosen.get() == *p).to_string()
                    on:click=move |_| filters.set(key, (*p).to_owned())>{label.get()}</button>
            }).collect_view()}
        </div>
    }
}

#[component]
pub fn StatisticsTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let tasks = use_tasks();
    // The panel's own actions on this VM, from the history, to mark on the charts.
    let moments = Memo::new(move |_| tasks.list().with(|list| chart_moments(list, &ctx.id.get())));
    let filters = use_url_filters(&["cpu", "bw"]);
    let cpu_period = Memo::new(move |_| period(filters, "cpu", &CPU_PERIODS));
    let bw_period = Memo::new(move |_| period(filters, "bw", &BANDWIDTH_PERIODS));
    // Each answer comes with the period it is for, which its labels need;
    // what is on screen stays until the next answer arrives.
    let cpu = use_data(
        move || (ctx.id.get(), cpu_period.get()),
        |api, (id, p)| async move { Ok((p.clone(), cpu_stats(&api, &id, &p).await?)) },
    );
    let bw = use_data(
        move || (ctx.id.get(), bw_period.get()),
        |api, (id, p)| async move { Ok((p.clone(), bw_stats(&api, &id, &p).await?)) },
    );
    let interfaces = use_data(
        move || ctx.id.get(),
        |api, id| async move { vm_interfaces(&api, &id, &[]).await },
    );
    let (cpu_shown, cpu_error, cpu_loading) = (cpu.data, cpu.error, cpu.stale);
    let (bw_shown, bw_error, bw_loading) = (bw.data, bw.error, bw.stale);
    let cpu_retry = Callback::new(move |()| cpu.refresh());
    let bw_retry = Callback::new(move |()| bw.refresh());

    view! {
        <section class="panel stats" id="cpu-stats">
            <header class="stats-head">
                <h2>"CPU"</h2>
                {move || cpu_loading.get().then(|| view! { <span class="busy"><span class="spinner" aria-hidden="true"></span>{t::STATS_LOADING.get()}</span> })}
                <PeriodPicker filters=filters key="cpu" periods=&CPU_PERIODS chosen=cpu_period/>
                <ExportButtons id="cpu" name=Signal::derive(move || format!("cpu-vm{}{}", ctx.id.get(), cpu_period.get()))
                    export=Callback::new(move |()| cpu_shown.with(|d| d.as_ref().map(|(_, d)| Export::table(&export::cpu(d)))))/>
            </header>
            <p class="muted small" id="cpu-meaning">{move || {
                let cpus = ctx.vm.with(|vm| vm.as_ref().and_then(|vm| vm.cpus));
                match cpus {
                    Some(n) if n > 1 => tf!(t::STATS_CPU_MEANING_MANY, n = n),
                    _ => t::STATS_CPU_MEANING_ONE.get().to_owned(),
                }
            }}" "<span id="cpu-zone">{tf!(vmdeck_core::i18n::shell::TIMES_IN_ZONE, zone = crate::locale::time_zone::zone_name())}</span></p>
            {move || cpu_error.get().map(|e| view! { <ErrorView error=e doing=t::STATS_LOADING_CPU.get() on_retry=cpu_retry/> })}
            {move || cpu_shown.with(|s| s.as_ref().map(|(_, d)| !d.has_data())).unwrap_or(false).then(|| view! {
                <p class="muted" id="cpu-no-data">{t::STATS_NO_CPU_DATA_SENTENCE.get()}</p>
            })}
            <CanvasChart data=Signal::derive(move || cpu_shown.with(|s| s.as_ref().map(|(_, d)| moments.with(|m| CpuData::new(d.clone(), m))))) label=t::STATS_CPU_CHART.get() id="cpu".to_owned()/>
        </section>
        <section class="panel stats" id="bw-stats">
            <header class="stats-head">
                <h2>{t::STATS_TRAFFIC.get()}</h2>
                {move || bw_loading.get().then(|| view! { <span class="busy"><span class="spinner" aria-hidden="true"></span>{t::STATS_LOADING.get()}</span> })}
                <PeriodPicker filters=filters key="bw" periods=&BANDWIDTH_PERIODS chosen=bw_period/>
                <ExportButtons id="bw" name=Signal::derive(move || format!("traffic-vm{}{}", ctx.id.get(), bw_period.get()))
                    export=Callback::new(move |()| bw_shown.with(|d| d.as_ref().map(|(_, d)| Export::table(&export::bandwidth(d, &crate::locale::time_zone::iso)))))/>
            </header>
            <p class="muted small">{t::STATS_TRAFFIC_MEANING.get()}" "<span id="bw-zone">{tf!(vmdeck_core::i18n::shell::TIMES_IN_ZONE, zone = crate::locale::time_zone::zone_name())}</span></p>
            {move || bw_error.get().map(|e| view! { <ErrorView error=e doing=t::STATS_LOADING_TRAFFIC.get() on_retry=bw_retry/> })}
            {move || {
                let count = bw_shown.with(|s| s.as_ref().map(|(_, d)| if d.has_data() { d.interfaces.len() } else { 0 }));
                match count {
                    None => None,
                    Some(0) => Some(view! { <p class="muted" id="bw-no-data">{t::STATS_NO_TRAFFIC_DATA_SENTENCE.get()}</p> }.into_any()),
                    Some(n) => Some((0..n).map(|index| {
                        let data = Signal::derive(move || bw_shown.with(|s| s.as_ref().map(|(p, b)| {
                            let marks = b.interfaces.get(index).map(|t| moments.with(|m| markers(m, |at| traffic_index_at(b, t, at)))).unwrap_or_default();
                            TrafficData { bandwidth: b.clone(), index, period: p.clone(), markers: marks }
                        })));
                        let title = move || {
                            let (iface, public, network) = bw_shown.with(|s| s.as_ref().and_then(|(_, b)| b.interfaces.get(index).map(|t| (t.interface_id.clone(), t.is_public, t.network_id.clone())))).unwrap_or_default();
                            let name = interfaces.data.with(|list| list.as_ref().and_then(|list| list.iter().find(|n| n.id == iface).map(Interface::name))).unwrap_or_else(|| iface.map(|i| tf!(vmdeck_core::i18n::common::INTERFACE_NUMBER, id = i)).unwrap_or_default());
                            let kind = match public { Some(true) => vmdeck_core::i18n::common::PUBLIC.get(), Some(false) => vmdeck_core::i18n::common::PRIVATE.get(), None => "" };
                            tf!(t::STATS_INTERFACE_ON, name = name, network = network_name(network.as_deref()), kind = kind)
                        };
                        view! {
                            <h3 class="chart-title">{title}</h3>
                            <div class="chart-legend"><span class="legend-in">{m::STATS_IN.get()}</span><span class="legend-out">{m::STATS_OUT.get()}</span></div>
                            <CanvasChart data=data label=t::STATS_TRAFFIC_CHART.get() id=format!("bw-{index}")/>
                        }
                    }).collect_view().into_any()),
                }
            }}
        </section>
    }
    .into_any()
}
