use crate::hooks::{use_auto_refresh, use_poll, AUTO_REFRESH_CHOICES};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::time::updated_ago;

/// How old the data on screen is ("Updated 12 s ago"), a Refresh button and
/// the auto-refresh choice, for the top of a page.
#[component]
pub fn Freshness(
    /// When the data shown was asked for.
    updated_at: Signal<Option<f64>>,
    loading: Signal<bool>,
    on_refresh: Callback<()>,
) -> impl IntoView {
    let auto = use_auto_refresh();
    // The age counts while the tab is visible; it costs no request.
    let now = RwSignal::new(js_sys::Date::now());
    use_poll(true, 1_000, move || now.set(js_sys::Date::now()));
    let age = Memo::new(move |_| updated_at.get().map(|at| updated_ago((now.get() - at) as i64)));
    view! {
        <div class="freshness">
            <span class="muted small" id="updated-ago">
                {move || if loading.get() && age.with(Option::is_none) { t::SHELL_LOADING.get().to_owned() } else { age.get().unwrap_or_default() }}
            </span>
            // Never disabled: a read on its way (a busy VM's poll) takes the
            // click's place, so a click sends at most one request.
            <button type="button" class="button button-small" id="refresh" on:click=move |_| on_refresh.run(())>{c::REFRESH.get()}</button>
            // The choices say what they are; the label is for screen readers.
            <label class="inline-select small">
                <span class="visually-hidden">{t::SHELL_AUTO_REFRESH.get()}</span>
                <select id="auto-refresh" on:change=move |ev| {
                    if let Ok(seconds) = event_target_value(&ev).parse() {
                        auto.set(seconds);
                    }
                }>
                    {AUTO_REFRESH_CHOICES.iter().map(|(seconds, label)| view! {
                        <option value=seconds.to_string() selected=move || auto.seconds().get() == *seconds>{label.get()}</option>
                    }).collect_view()}
                </select>
            </label>
        </div>
    }
}
