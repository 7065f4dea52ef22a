//! Keeping the logins' lifetime while the panel runs: checked on a timer,
//! at each use, when the tab is shown and when another tab logs out; and a
//! portal's login link pasted into a running tab.

use super::use_session;
use crate::hooks::{use_poll_with_options, UsePollOptions};
use crate::storage::keys;
use leptos::prelude::*;
use vmdeck_core::session::Lifetime;

/// How often an open tab looks whether its logins have ended.
const CHECK_EVERY_MS: u32 = 15_000;

/// At the root, once: keeps the login's lifetime. It is checked when
/// `config.json` has said what it is, every few seconds (a hidden tab
/// too), when the tab is shown, at each use, and when another tab logs out.
pub fn keep_lifetime(lifetime: Signal<Option<Lifetime>>) {
    let session = use_session();
    Effect::new(move || {
        if let Some(lifetime) = lifetime.get() {
            session.lifetime.set(Some(lifetime));
            session.check();
        }
    });
    // Every login of the tab, shown or not, has its time.
    let logged_in = Signal::derive(move || session.logins.with(|logins| !logins.is_empty()));
    use_poll_with_options(
        logged_in,
        CHECK_EVERY_MS,
        move || {
            session.check();
        },
        UsePollOptions::default().while_hidden(logged_in),
    );
    let typed = window_event_listener(leptos::ev::keydown, move |_| session.used());
    let pointed = window_event_listener(leptos::ev::pointerdown, move |_| session.used());
    let shown = window_event_listener(leptos::ev::focus, move |_| {
        session.check();
    });
    // A link pasted into this tab while it is open: the boot script took
    // it out of the address as it came.
    let handed_over = window_event_listener_untyped(HANDED_OVER_EVENT, move |_| {
        if let Some(fragment) = take_handed_over() {
            session.handoff.set(Some(fragment));
        }
    });
    let other_tab = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().as_deref() == Some(keys::LOGOUT) {
            session.check();
        }
    });
    on_cleanup(move || {
        typed.remove();
        pointed.remove();
        shown.remove();
        other_tab.remove();
        handed_over.remove();
    });
}

/// The event of the boot script for a login link that came while the panel ran.
const HANDED_OVER_EVENT: &str = vmdeck_core::boot::hooks::HANDOFF_EVENT;

/// The fragment of a login link the boot script took out of the address
/// bar (`hooks::HANDOFF`, which gives it once).
pub(super) fn take_handed_over() -> Option<String> {
    let take =
        crate::start::boot_hook::boot_hook::<js_sys::Function>(vmdeck_core::boot::hooks::HANDOFF)?;
    take.call0(&wasm_bindgen::JsValue::NULL).ok()?.as_string()
}
