//! The panel's language: the one remembered in this browser, else the first
//! of the browser's languages the panel speaks. It is set before the app is
//! built; switching reloads the page (forms keep their drafts through a
//! reload), so the texts never have to follow a signal.

pub mod files;
pub mod time_zone;

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use std::cell::RefCell;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::i18n::{self, Lang, Locale};
use vmdeck_core::time::{moment_label, parse_service_date, MomentPart, MomentStyle, Precision};

fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return Vec::new() };
    let mut tags: Vec<String> =
        navigator.languages().iter().filter_map(|tag| tag.as_string()).collect();
    if tags.is_empty() {
        tags.extend(navigator.language());
    }
    tags
}

/// Chooses the language and locale and sets `<html lang>`.
pub fn init() {
    let tags = browser_languages();
    let remembered =
        storage::read::<String>(Store::Browser, keys::LANG).and_then(|code| Lang::from_tag(&code));
    let lang = remembered.unwrap_or_else(|| Lang::preferred(tags.iter().map(String::as_str)));
    let browser_tag =
        tags.iter().find(|tag| Lang::from_tag(tag) == Some(lang)).map(String::as_str).unwrap_or("");
    i18n::set_locale(Locale::new(lang, browser_tag));
    set_document_lang(lang.code());
}

/// `<html lang>`: the language the page is read in.
pub fn set_document_lang(code: &str) {
    if let Some(root) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", code);
    }
}

/// A moment (seconds since the epoch) as precise as `precision`, in the
/// user's time zone (`time_zone`) and written as the browser writes the panel's locale:
/// every moment the panel shows (a chart's axis and table, the task tray, the
/// history, the overview). The core writes it (`time::moment_label`), told the
/// zone's offset at that moment and the browser's way, so that the core's
/// tests and the chart snapshots test what is shown.
pub fn moment(epoch_secs: i64, precision: Precision) -> String {
    let offset_minutes = crate::locale::time_zone::offset_minutes(epoch_secs as f64 * 1000.0);
    let tag = i18n::locale_tag();
    MOMENT_STYLE.with(|cached| {
        let mut cached = cached.borrow_mut();
        let style = match cached.take() {
            Some((for_tag, style)) if for_tag == tag => style,
            _ => browser_moment_style(&tag),
        };
        let label = moment_label(epoch_secs, offset_minutes, precision, &style);
        *cached = Some((tag, style));
        label
    })
}

/// A date of the service, in full ([`moment`]); the raw text when it is not a date.
pub fn service_moment(raw: &str) -> String {
    match parse_service_date(raw) {
        Some(ms) => moment(ms.div_euclid(1000), Precision::Full),
        None => raw.to_owned(),
    }
}

thread_local! {
    // The locale stays until the page reloads, so the browser is asked once.
    static MOMENT_STYLE: RefCell<Option<(String, MomentStyle)>> = const { RefCell::new(None) };
}

/// How the browser's `Intl` writes the locale `tag` at each precision, in
/// pieces, with its month and day-period names: each format's pieces as it
/// writes [`MomentStyle::PROBE`], so that a padded number shows as such.
fn browser_moment_style(tag: &str) -> MomentStyle {
    const NUMERIC: &str = "numeric";
    const MINUTE: &[(&str, &str)] = &[("hour", "2-digit"), ("minute", "2-digit")];
    const DAY: &[(&str, &str)] = &[("day", NUMERIC), ("month", "short")];
    let pattern = |options: &[(&str, &str)]| {
        intl_parts(tag, options, MomentStyle::PROBE as f64 * 1000.0)
            .into_iter()
            .map(|(kind, value)| MomentPart::read(&kind, value))
            .collect()
    };
    let named = |options: &[(&str, &str)], kind: &str, moments: &[f64]| -> Vec<String> {
        moments
            .iter()
            .filter_map(|ms| {
                intl_parts(tag, options, *ms)
                    .into_iter()
                    .find(|(k, _)| k == kind)
                    .map(|(_, value)| value)
            })
            .collect()
    };
    // 2026-01-01 (in milliseconds), the days to the first of each month of
    // that year, and 01:00 and 13:00 for the morning's and the afternoon's names.
    const JANUARY: f64 = 1_767_225_600_000.0;
    const MONTH_STARTS: [f64; 12] =
        [0.0, 31.0, 59.0, 90.0, 120.0, 151.0, 181.0, 212.0, 243.0, 273.0, 304.0, 334.0];
    let day_periods =
        named(MINUTE, "dayPeriod", &[JANUARY + 3_600_000.0, JANUARY + 13.0 * 3_600_000.0]);
    MomentStyle {
        minute: pattern(MINUTE),
        // As `toLocaleTimeString` and `toLocaleString` write a moment.
        second: pattern(&[("hour", NUMERIC), ("minute", NUMERIC), ("second", NUMERIC)]),
        day: pattern(DAY),
        month: pattern(&[("month", "short"), ("year", NUMERIC)]),
        full: pattern(&[
            ("year", NUMERIC),
            ("month", NUMERIC),
            ("day", NUMERIC),
            ("hour", NUMERIC),
            ("minute", NUMERIC),
            ("second", NUMERIC),
        ]),
        month_names: named(DAY, "month", &MONTH_STARTS.map(|days| JANUARY + days * 86_400_000.0)),
        day_periods: if day_periods.len() == 2 { day_periods } else { Vec::new() },
    }
}

/// `formatToParts` of the moment `ms` by an `Intl.DateTimeFormat` of the
/// locale `tag` with these options, in UTC (so that the pieces and names are
/// those of the moment asked for): each part's type and text.
fn intl_parts(tag: &str, options: &[(&str, &str)], ms: f64) -> Vec<(String, String)> {
    let object = js_sys::Object::new();
    for (key, value) in options.iter().chain(&[("timeZone", "UTC")]) {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), &(*value).into());
    }
    let format = js_sys::Intl::DateTimeFormat::new(&js_sys::Array::of1(&tag.into()), &object);
    let read = |part: &wasm_bindgen::JsValue, key: &str| {
        js_sys::Reflect::get(part, &key.into())
            .ok()
            .and_then(|value| value.as_string())
            .unwrap_or_default()
    };
    format
        .format_to_parts(&js_sys::Date::new(&ms.into()))
        .iter()
        .map(|part| (read(&part, "type"), read(&part, "value")))
        .collect()
}

/// Remembers the language `code` and reloads the page in it.
fn choose(code: &str) {
    if code == i18n::locale_code() {
        return;
    }
    storage::write(Store::Browser, keys::LANG, code);
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// The header's language switch: each language named in itself, the
/// panel's own and those the deployment adds.
#[component]
pub fn LanguageSwitch() -> impl IntoView {
    let deploy = crate::deploy::use_deploy();
    let current = i18n::locale_code();
    let choices = move || {
        let own =
            Lang::ALL.into_iter().map(|lang| (lang.code().to_owned(), lang.name().to_owned()));
        let added = deploy.with(|d| {
            d.languages
                .iter()
                .filter(|e| e.built_in().is_none())
                .map(|e| (e.code.clone(), e.name.clone()))
                .collect::<Vec<_>>()
        });
        own.chain(added).collect::<Vec<_>>()
    };
    view! {
        <label class="inline-select language-switch">
            <span class="visually-hidden">{t::LANGUAGE.get()}</span>
            <select id="language" on:change=move |ev| choose(&event_target_value(&ev))>
                {move || choices().into_iter().map(|(code, name)| {
                    let selected = code == current;
                    view! { <option value=code.clone() lang=code selected=selected>{name}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}
