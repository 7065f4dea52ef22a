//! The time zone every moment is shown in: this browser's (the default),
//! UTC, or an IANA zone the user chose, remembered in this browser
//! (`keys::TIME_ZONE`). Like the language, it is set before the app is
//! built and a change reloads the page, so no text has to follow a signal.
//!
//! The browser knows the zones: a named zone's offset at a moment is read off
//! the wall clock `Intl` writes for it there (`time::offset_from_wall`).

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use std::cell::RefCell;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::time::{offset_from_wall, ZoneChoice};
use wasm_bindgen::{JsCast, JsValue};

struct Zone {
    choice: ZoneChoice,
    /// For a named zone: an `Intl.DateTimeFormat` writing its wall clock.
    wall_clock: Option<js_sys::Intl::DateTimeFormat>,
}

thread_local! {
    static ZONE: RefCell<Zone> = const { RefCell::new(Zone { choice: ZoneChoice::Browser, wall_clock: None }) };
}

/// An `Intl.DateTimeFormat` for `options`; `None` where the browser refuses
/// them (a zone it does not know throws, which must not end the app).
fn date_time_format(options: &[(&str, &str)]) -> Option<js_sys::Intl::DateTimeFormat> {
    let intl = js_sys::Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let constructor: js_sys::Function =
        js_sys::Reflect::get(&intl, &"DateTimeFormat".into()).ok()?.dyn_into().ok()?;
    let object = js_sys::Object::new();
    for (key, value) in options {
        js_sys::Reflect::set(&object, &(*key).into(), &(*value).into()).ok()?;
    }
    js_sys::Reflect::construct(&constructor, &js_sys::Array::of2(&"en-US".into(), &object))
        .ok()?
        .dyn_into()
        .ok()
}

/// The wall clock of `zone`, in numbers, on a 24-hour clock (`h23`: hours 0 to 23).
fn wall_clock(zone: &str) -> Option<js_sys::Intl::DateTimeFormat> {
    const NUMERIC: &str = "numeric";
    let fields = [
        ("year", NUMERIC),
        ("month", NUMERIC),
        ("day", NUMERIC),
        ("hour", NUMERIC),
        ("minute", NUMERIC),
        ("second", NUMERIC),
    ];
    let mut options = vec![("timeZone", zone), ("hourCycle", "h23")];
    options.extend(fields);
    date_time_format(&options)
}

/// Reads the chosen zone; one the browser does not know is its own.
pub fn init() {
    let stored: Option<String> = storage::read(Store::Browser, keys::TIME_ZONE);
    let choice = stored.as_deref().map(ZoneChoice::from_stored).unwrap_or_default();
    let (choice, wall_clock) = match choice {
        ZoneChoice::Named(name) => match wall_clock(&name) {
            Some(format) => (ZoneChoice::Named(name), Some(format)),
            None => (ZoneChoice::Browser, None),
        },
        other => (other, None),
    };
    let _ = ZONE.try_with(|zone| *zone.borrow_mut() = Zone { choice, wall_clock });
}

/// How many minutes the chosen zone is ahead of UTC at `ms` (ms since the epoch).
pub fn offset_minutes(ms: f64) -> i32 {
    let browser = || -js_sys::Date::new(&ms.into()).get_timezone_offset() as i32;
    ZONE.try_with(|zone| {
        let zone = zone.borrow();
        match (&zone.choice, &zone.wall_clock) {
            (ZoneChoice::Utc, _) => 0,
            (ZoneChoice::Named(_), Some(format)) => {
                named_offset(format, ms).unwrap_or_else(browser)
            }
            _ => browser(),
        }
    })
    .unwrap_or_else(|_| browser())
}

fn named_offset(format: &js_sys::Intl::DateTimeFormat, ms: f64) -> Option<i32> {
    let mut wall = [0i64; 6];
    for part in format.format_to_parts(&js_sys::Date::new(&ms.into())).iter() {
        let kind = js_sys::Reflect::get(&part, &"type".into()).ok()?.as_string()?;
        let slot =
            ["year", "month", "day", "hour", "minute", "second"].iter().position(|k| *k == kind);
        if let Some(slot) = slot {
            let value = js_sys::Reflect::get(&part, &"value".into()).ok()?.as_string()?;
            *wall.get_mut(slot)? = value.parse().ok()?;
        }
    }
    offset_from_wall((ms / 1000.0).floor() as i64, wall)
}

/// The browser's own zone by name (`Europe/Madrid`).
fn browser_zone() -> String {
    date_time_format(&[])
        .and_then(|format| {
            js_sys::Reflect::get(&format.resolved_options(), &"timeZone".into()).ok()
        })
        .and_then(|zone| zone.as_string())
        .unwrap_or_else(|| "UTC".to_owned())
}

/// The zone's name, said where times are shown: `UTC`, `Asia/Tokyo`.
pub fn zone_name() -> String {
    let choice = ZONE.try_with(|zone| zone.borrow().choice.clone()).unwrap_or_default();
    match choice {
        ZoneChoice::Browser => browser_zone(),
        ZoneChoice::Utc => "UTC".to_owned(),
        ZoneChoice::Named(name) => name,
    }
}

/// A moment (ms since the epoch) as ISO 8601 in the chosen zone, for exports.
pub fn iso(ms: f64) -> String {
    vmdeck_core::time::iso_at_offset(ms, offset_minutes(ms))
}

/// The zones the browser knows, by name.
fn known_zones() -> Vec<String> {
    let supported = js_sys::Reflect::get(&js_sys::global(), &"Intl".into())
        .and_then(|intl| {
            js_sys::Reflect::get(&intl, &"supportedValuesOf".into()).map(|f| (intl, f))
        })
        .ok()
        .and_then(|(intl, f)| {
            f.dyn_into::<js_sys::Function>().ok()?.call1(&intl, &"timeZone".into()).ok()
        });
    supported
        .map(|list| {
            js_sys::Array::from(&list).iter().filter_map(|zone: JsValue| zone.as_string()).collect()
        })
        .unwrap_or_default()
}

const UTC: &str = "UTC";

/// The header's time zone choice. The some 400 zones it offers besides
/// the browser's, UTC and the one chosen are written once `all` holds (its
/// menu opened): every page would pay for them at its first paint.
#[component]
pub fn TimeZoneSwitch(all: Signal<bool>) -> impl IntoView {
    let current =
        ZONE.try_with(|zone| zone.borrow().choice.stored().to_owned()).unwrap_or_default();
    let browser = vmdeck_core::tf!(t::TIME_ZONE_BROWSER, zone = browser_zone());
    let named = match ZoneChoice::from_stored(&current) {
        ZoneChoice::Named(name) => Some(name),
        _ => None,
    };
    let choose = move |ev: leptos::ev::Event| {
        let chosen = ZoneChoice::from_stored(&event_target_value(&ev));
        storage::write(Store::Browser, keys::TIME_ZONE, chosen.stored());
        let _ = window().location().reload();
    };
    view! {
        <label class="time-zone-switch">
            <span>{t::TIME_ZONE.get()}</span>
            <select id="time-zone" on:change=choose>
                <option value="browser" selected=current == "browser">{browser}</option>
                // Zones by their IANA names, which are data in every language.
                <option value=UTC selected=current == UTC translate="no">{UTC}</option>
                {named.clone().map(|name| view! { <option value=name.clone() selected=true translate="no">{name.clone()}</option> })}
                {move || all.get().then(|| known_zones().into_iter().filter(|zone| Some(zone) != named.as_ref() && zone != UTC).map(|zone| view! {
                    <option value=zone.clone() translate="no">{zone.clone()}</option>
                }).collect_view())}
            </select>
        </label>
    }
}
