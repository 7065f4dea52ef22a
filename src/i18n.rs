//! The panel's language: the one remembered in this browser, else the first
//! of the browser's languages the panel speaks. It is set before the app is
//! built; switching reloads the page (forms keep their drafts through a
//! reload), so the texts never have to follow a signal.

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use vmdeck_core::i18n::{self, Lang, Locale};
use vmdeck_core::i18n::shell as t;
use vmdeck_core::time::{moment_label, MomentPart, MomentStyle, Precision};
use std::cell::OnceCell;


fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return Vec::new() };
    let mut tags: Vec<String> = navigator.languages().iter().filter_map(|tag| tag.as_string()).collect();
    if tags.is_empty() {
        tags.extend(navigator.language());
    }
    tags
}

/// Chooses the language and locale and sets `<html lang>`.
pub fn init() {
    let tags = browser_languages();
    let remembered = storage::read::<String>(Store::Browser, keys::LANG).and_then(|code| Lang::from_tag(&code));
    let lang = remembered.unwrap_or_else(|| Lang::preferred(tags.iter().map(String::as_str)));
    let browser_tag = tags.iter().find(|tag| Lang::from_tag(tag) == Some(lang)).map(String::as_str).unwrap_or("");
    i18n::set_locale(Locale::new(lang, browser_tag));
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", lang.code());
    }
}

/// A moment (milliseconds since the epoch) as the panel's locale writes a
/// date and time in the user's time zone, in full: the history, the overview.
pub fn date_time(ms: f64) -> String {
    String::from(js_sys::Date::new(&ms.into()).to_locale_string(&i18n::locale_tag(), &wasm_bindgen::JsValue::UNDEFINED))
}

/// A date as the service writes it, in full in the user's time zone (a
/// VM's dates, a snapshot's); the raw text when it is not a date.
pub fn service_date_time(raw: &str) -> String {
    match vmdeck_core::time::parse_service_date(raw) {
        Some(ms) => date_time(ms as f64),
        None => raw.to_owned(),
    }
}

/// The time of day of a moment, as [`date_time`] writes it, for today's events.
pub fn time_of_day(ms: f64) -> String {
    String::from(js_sys::Date::new(&ms.into()).to_locale_time_string(&i18n::locale_tag()))
}

/// A moment (seconds since the epoch) as precise as `precision`, in the
/// user's time zone and written as the browser writes the panel's locale: a
/// chart's axis and table. The core writes it (`time::moment_label`), told
/// the zone's offset at that moment and the browser's way, so that the chart
/// snapshots test what is shown.
pub fn moment(epoch_secs: i64, precision: Precision) -> String {
    let offset_minutes = -js_sys::Date::new(&(epoch_secs as f64 * 1000.0).into()).get_timezone_offset();
    MOMENT_STYLE.with(|style| moment_label(epoch_secs, offset_minutes as i32, precision, style.get_or_init(browser_moment_style)))
}

thread_local! {
    // The locale stays until the page reloads, so the browser is asked once.
    static MOMENT_STYLE: OnceCell<MomentStyle> = const { OnceCell::new() };
}

/// How the browser's `Intl` writes the panel's locale at each precision, in
/// pieces, with its month and day-period names; the catalogue's way for
/// whatever it does not say.
fn browser_moment_style() -> MomentStyle {
    let catalogue = MomentStyle::catalogue();
    let minute_format = intl_format(&[("hour", "2-digit"), ("minute", "2-digit")]);
    let day_format = intl_format(&[("day", "numeric"), ("month", "short")]);
    let month_format = intl_format(&[("month", "short"), ("year", "numeric")]);
    let january = js_sys::Date::utc(2026.0, 0.0);
    let pattern = |format: &js_sys::Intl::DateTimeFormat, fallback: Vec<MomentPart>| {
        let parts: Vec<MomentPart> = intl_parts(format, january).into_iter().map(|(kind, value)| moment_part(&kind, value)).collect();
        if parts.is_empty() { fallback } else { parts }
    };
    // The first of each month; 01:00 and 13:00 for the morning's and the afternoon's names.
    let named = |format: &js_sys::Intl::DateTimeFormat, kind: &str, moments: Vec<f64>| -> Vec<String> {
        moments.into_iter().filter_map(|ms| intl_parts(format, ms).into_iter().find(|(k, _)| k == kind).map(|(_, value)| value)).collect()
    };
    let month_names = named(&day_format, "month", (0..12).map(|month| js_sys::Date::utc(2026.0, f64::from(month))).collect());
    let day_periods = named(&minute_format, "dayPeriod", vec![january + 3_600_000.0, january + 13.0 * 3_600_000.0]);
    MomentStyle {
        minute: pattern(&minute_format, catalogue.minute),
        day: pattern(&day_format, catalogue.day),
        month: pattern(&month_format, catalogue.month),
        month_names: if month_names.len() == 12 { month_names } else { catalogue.month_names },
        day_periods: if day_periods.len() == 2 { day_periods } else { Vec::new() },
    }
}

/// An `Intl.DateTimeFormat` of the panel's locale with these options, in UTC,
/// so that the names it gives are those of the moments asked for.
fn intl_format(options: &[(&str, &str)]) -> js_sys::Intl::DateTimeFormat {
    let object = js_sys::Object::new();
    for (key, value) in options.iter().chain(&[("timeZone", "UTC")]) {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), &(*value).into());
    }
    js_sys::Intl::DateTimeFormat::new(&js_sys::Array::of1(&i18n::locale_tag().into()), &object)
}

/// `formatToParts` of the moment `ms`: each part's type and text.
fn intl_parts(format: &js_sys::Intl::DateTimeFormat, ms: f64) -> Vec<(String, String)> {
    let read = |part: &wasm_bindgen::JsValue, key: &str| js_sys::Reflect::get(part, &key.into()).ok().and_then(|value| value.as_string());
    format.format_to_parts(&js_sys::Date::new(&ms.into())).iter().filter_map(|part| Some((read(&part, "type")?, read(&part, "value")?))).collect()
}

fn moment_part(kind: &str, value: String) -> MomentPart {
    match kind {
        "day" => MomentPart::Day,
        "month" => MomentPart::Month,
        "year" => MomentPart::Year,
        "hour" => MomentPart::Hour,
        "minute" => MomentPart::Minute,
        "dayPeriod" => MomentPart::DayPeriod,
        _ => MomentPart::Literal(value),
    }
}

fn choose(lang: Lang) {
    if lang == i18n::lang() {
        return;
    }
    storage::write(Store::Browser, keys::LANG, lang.code());
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// The header's language switch: each language named in itself.
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let current = i18n::lang();
    view! {
        <label class="inline-select language-switch">
            <span class="visually-hidden">{t::LANGUAGE.get()}</span>
            <select id="language" on:change=move |ev| {
                if let Some(lang) = Lang::from_tag(&event_target_value(&ev)) {
                    choose(lang);
                }
            }>
                {Lang::ALL.into_iter().map(|lang| view! {
                    <option value=lang.code() lang=lang.code() selected=lang == current>{lang.name()}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
