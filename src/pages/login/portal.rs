//! `/portal`: the page a portal window opens to hand a login over by
//! `postMessage`, which keeps the token out of every address. The panel
//! says it is ready to the window that opened it, at each of the portal's
//! origins (`config.json`'s `portal.origins`; the browser drops the message
//! for any other), and takes `{"type": "vmdeck:login", "account", "token",
//! "next"}` only from that window and from one of those origins.
//!
//! The servers send this page without `Cross-Origin-Opener-Policy:
//! same-origin` (the site files in `deploy/`): with it, the browser would
//! cut the panel off from the portal window that opened it.

use super::handoff::{Given, HandoffDialog};
use crate::deploy::use_loaded;
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::href;
use wasm_bindgen::{JsCast, JsValue};

/// What the panel says when it is ready, and what the portal answers with.
const READY: &str = "vmdeck:ready";
const LOGIN: &str = "vmdeck:login";

/// The window that opened this one, if the browser kept it. Another
/// origin's window is no `instanceof Window` here (its prototype is out of
/// reach), so it is taken as one unchecked: only `postMessage` is used.
fn opener() -> Option<web_sys::Window> {
    window().opener().ok().filter(|o| !o.is_null() && !o.is_undefined()).map(JsCast::unchecked_into)
}

/// A message's data as JSON, when it is the login message.
fn login_message(data: &JsValue) -> Option<serde_json::Value> {
    let text: String = js_sys::JSON::stringify(data).ok()?.into();
    let value: serde_json::Value = serde_json::from_str(&text).ok()?;
    (value.get("type").and_then(|t| t.as_str()) == Some(LOGIN)).then_some(value)
}

#[component]
pub fn PortalPage() -> impl IntoView {
    let config = use_loaded();
    let received = RwSignal::new(None::<serde_json::Value>);
    let waiting = Memo::new(move |_| {
        config.with(|c| c.as_ref().map(|c| !c.portal.origins.is_empty() && opener().is_some()))
    });
    let label = move || config.with(|c| c.as_ref().map(|c| c.portal.label())).unwrap_or_default();

    // Listens, then says it is ready: the portal answers that.
    Effect::new(move || {
        let Some(config) = config.get() else { return };
        let Some(opener) = opener().filter(|_| !config.portal.origins.is_empty()) else { return };
        let portal = config.portal.clone();
        let from = opener.clone();
        let listening = window_event_listener(leptos::ev::message, move |event| {
            let from_opener = event
                .source()
                .is_some_and(|source| JsValue::from(source) == JsValue::from(from.clone()));
            if from_opener && portal.trusts(&event.origin()) {
                if let Some(value) = login_message(&event.data()) {
                    received.set(Some(value));
                }
            }
        });
        on_cleanup(move || listening.remove());
        let ready = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&ready, &"type".into(), &READY.into());
        for origin in &config.portal.origins {
            let _ = opener.post_message(&ready, origin);
        }
    });
    let to_login = move || {
        view! {
            <p class="hint" id="portal-none">{t::HANDOFF_NO_PORTAL.get()}</p>
            <a class="button" href=href::login() id="portal-to-login">{t::HANDOFF_TO_LOGIN.get()}</a>
        }
    };
    view! {
        <div class="login-page">
            <main class="login-card" id="portal-page">
                <h1 class="brand brand-large"><crate::shell::brand::BrandName/></h1>
                {move || match waiting.get() {
                    None => None,
                    Some(true) => Some(view! { <p aria-busy="true" id="portal-waiting">{vmdeck_core::tf!(t::HANDOFF_WAITING, portal = label())}</p> }.into_any()),
                    Some(false) => Some(to_login().into_any()),
                }}
                {move || received.get().map(|value| view! { <HandoffDialog given=Given::Message(value) on_done=Callback::new(move |()| received.set(None))/> })}
            </main>
        </div>
    }
}
