//! The page-wide leave guard: closing the tab, or following a link of the
//! panel away from a form with unsent input, asks first. Each form says
//! whether it holds unsent input; one listener serves them all.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use vmdeck_core::i18n::shell as t;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;

thread_local! {
    static NEXT_FORM: Cell<u64> = const { Cell::new(0) };
    static UNSENT: RefCell<BTreeSet<u64>> = const { RefCell::new(BTreeSet::new()) };
    static GUARDED: Cell<bool> = const { Cell::new(false) };
}

pub(super) fn next_form_id() -> u64 {
    NEXT_FORM.with(|n| {
        let id = n.get();
        n.set(id.wrapping_add(1));
        id
    })
}

pub(super) fn mark_unsent(form: u64, unsent: bool) {
    UNSENT.with(|set| {
        let mut set = set.borrow_mut();
        if unsent {
            set.insert(form);
        } else {
            set.remove(&form);
        }
    });
}

/// The page is left on purpose with what it holds forgotten (a logout of
/// the account shown): nothing to ask about.
pub fn leave_forgetting_unsent() {
    UNSENT.with(|set| set.borrow_mut().clear());
}

fn any_unsent() -> bool {
    UNSENT.with(|set| !set.borrow().is_empty())
}

/// Once per page: closing the tab or following a link of the panel away
/// from unsent input asks first. Links are caught before the router sees
/// them (the capture phase on the window).
pub(super) fn install_leave_guard() {
    if GUARDED.with(|g| g.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let on_unload =
        Closure::<dyn Fn(web_sys::BeforeUnloadEvent)>::new(|ev: web_sys::BeforeUnloadEvent| {
            if any_unsent() {
                ev.prevent_default();
                ev.set_return_value(t::FORM_LEAVE_QUESTION.get());
            }
        });
    let on_click = Closure::<dyn Fn(web_sys::MouseEvent)>::new(|ev: web_sys::MouseEvent| {
        if !any_unsent()
            || ev.default_prevented()
            || ev.button() != 0
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.shift_key()
            || ev.alt_key()
        {
            return;
        }
        let Some(anchor) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("a[href]").ok().flatten())
            .and_then(|el| el.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        else {
            return;
        };
        let Some(location) = web_sys::window().map(|w| w.location()) else { return };
        let same_page = location.pathname().ok() == Some(anchor.pathname())
            && location.search().ok() == Some(anchor.search());
        let elsewhere = location.origin().ok() != Some(anchor.origin())
            || !anchor.target().is_empty()
            || anchor.has_attribute("download");
        if same_page || elsewhere {
            return;
        }
        let leave = web_sys::window()
            .and_then(|w| w.confirm_with_message(t::FORM_LEAVE_QUESTION.get()).ok())
            .unwrap_or(true);
        if !leave {
            ev.prevent_default();
            ev.stop_immediate_propagation();
        }
    });
    let _ =
        window.add_event_listener_with_callback("beforeunload", on_unload.as_ref().unchecked_ref());
    let _ = window.add_event_listener_with_callback_and_bool(
        "click",
        on_click.as_ref().unchecked_ref(),
        true,
    );
    // They live as long as the page.
    on_unload.forget();
    on_click.forget();
}
