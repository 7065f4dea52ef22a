//! A menu drawn as `<details>` in a toolbar closes as menus do: on a press
//! outside it, and on Escape, which gives the focus back to its summary.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Closes `menu` on a press outside it; the handler for its `keydown`
/// closes it on Escape.
pub fn dismissable(
    menu: NodeRef<leptos::html::Details>,
) -> impl Fn(leptos::ev::KeyboardEvent) + Copy + 'static {
    let outside = window_event_listener(leptos::ev::pointerdown, move |ev| {
        let Some(details) = menu.get_untracked().filter(|d| d.open()) else { return };
        let inside = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Node>().ok())
            .is_some_and(|node| details.contains(Some(&node)));
        if !inside {
            details.set_open(false);
        }
    });
    on_cleanup(move || outside.remove());
    move |ev| {
        if ev.key() != "Escape" {
            return;
        }
        let Some(details) = menu.get_untracked().filter(|d| d.open()) else { return };
        details.set_open(false);
        if let Some(summary) =
            details.first_element_child().and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = summary.focus();
        }
    }
}
