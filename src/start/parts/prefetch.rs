//! Downloading parts ahead: those behind a link the user points at, and
//! those of the page likely opened next, when the browser is idle.

use super::pages_and_tabs::{parts_of, prefetch_path};
use super::{download_files, Part};
use leptos::prelude::*;
use vmdeck_core::route::Route;
use wasm_bindgen::JsCast;

/// Prefetches the parts behind the links a user points at or tabs to: one
/// listener for the whole document, so every link takes part, present or future.
pub fn prefetch_on_intent() {
    thread_local! {
        static LISTENING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    // Once for the page: a component mounted again must not add a second.
    if LISTENING.with(|listening| listening.replace(true)) {
        return;
    }
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on_intent =
        wasm_bindgen::closure::Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
            if let Some(path) = event.target().and_then(|t| link_path(&t)) {
                prefetch_path(&path);
            }
        });
    for kind in ["pointerover", "focusin", "touchstart"] {
        let _ = document.add_event_listener_with_callback(kind, on_intent.as_ref().unchecked_ref());
    }
    // Lives as long as the page.
    on_intent.forget();
}

/// Downloads the parts of the page a user of `path` most likely opens next
/// (`Route::likely_next`: a VM, from the list), once this page is complete
/// and the browser has nothing better to do; never when the browser says
/// data is to be saved or the connection is slow. Only downloads: compiling
/// waits for a sign of intent (a hover, a focus) or the page itself. Every
/// other part comes when a link to it is pointed at (`prefetch_on_intent`).
pub fn prefetch_likely_next(path: &str) {
    let Some(next) = Route::from_path(path).likely_next() else { return };
    if saving_data() {
        return;
    }
    after_load(move || {
        when_idle(move || {
            for module in
                next.modules().iter().filter(|module| !parts_of(module).any(Part::is_loaded))
            {
                let _ = download_files(module, false);
            }
        })
    });
}

/// Whether the browser asks to save data (`Save-Data`) or says its
/// connection is slow (`navigator.connection`, where there is one).
fn saving_data() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let Ok(connection) = js_sys::Reflect::get(&window.navigator(), &"connection".into()) else {
        return false;
    };
    if connection.is_undefined() || connection.is_null() {
        return false;
    }
    let read = |key: &str| js_sys::Reflect::get(&connection, &key.into()).ok();
    let save = read("saveData").and_then(|v| v.as_bool()).unwrap_or(false);
    let kind = read("effectiveType").and_then(|v| v.as_string()).unwrap_or_default();
    save || matches!(kind.as_str(), "slow-2g" | "2g" | "3g")
}

/// Runs `work` once the page has loaded (at once if it has).
fn after_load(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    let complete = window.document().is_some_and(|d| d.ready_state() == "complete");
    if complete {
        work();
        return;
    }
    let callback = wasm_bindgen::closure::Closure::once_into_js(work);
    let options = web_sys::AddEventListenerOptions::new();
    options.set_once(true);
    let _ = window.add_event_listener_with_callback_and_add_event_listener_options(
        "load",
        callback.unchecked_ref(),
        &options,
    );
}

/// Runs `work` in the browser's next idle period (at most 3 s away), or in a
/// second where there is no such thing (Safari).
fn when_idle(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    let callback = wasm_bindgen::closure::Closure::once_into_js(work);
    let callback = callback.unchecked_ref::<js_sys::Function>();
    if js_sys::Reflect::has(&window, &"requestIdleCallback".into()).unwrap_or(false) {
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(3_000);
        let _ = window.request_idle_callback_with_options(callback, &options);
    } else {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(callback, 1_000);
    }
}

/// The same-origin path a link (or the element inside one) leads to.
fn link_path(target: &wasm_bindgen::JsValue) -> Option<String> {
    let element = target.dyn_ref::<web_sys::Element>()?;
    let link = element.closest("a[href]").ok()??;
    let href = link.get_attribute("href")?;
    // Only the panel's own pages: "/vms/42", not "//elsewhere" or "https://…".
    (href.starts_with('/') && !href.starts_with("//"))
        .then(|| href.split(['?', '#']).next().unwrap_or_default().to_owned())
}

/// Prefetches the parts of each page as it opens (all of them at once), and
/// then, once it is complete, those of the page likely opened next.
#[component]
pub fn Prefetcher() -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    prefetch_on_intent();
    Effect::new(move || {
        let path = location.pathname.get();
        prefetch_path(&path);
        prefetch_likely_next(&path);
    });
}
