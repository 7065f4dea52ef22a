//! The panel's language: the one remembered in this browser, else the first
//! of the browser's languages the panel speaks. It is set before the app is
//! built; switching reloads the page (forms keep their drafts through a
//! reload), so the texts never have to follow a signal.

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use vmdeck_core::i18n::{self, Lang, Locale};
use vmdeck_core::i18n::shell as t;


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
/// date and time in the user's time zone.
pub fn date_time(ms: f64) -> String {
    String::from(js_sys::Date::new(&ms.into()).to_locale_string(&i18n::locale_tag(), &wasm_bindgen::JsValue::UNDEFINED))
}

/// The time of day of a moment, as [`date_time`] writes it, for today's events.
pub fn time_of_day(ms: f64) -> String {
    String::from(js_sys::Date::new(&ms.into()).to_locale_time_string(&i18n::locale_tag()))
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
