//! Moving an item of a list one place with its ↑/↓ buttons (the keyboard's
//! way to reorder): where the focus goes as the list is drawn again.

use wasm_bindgen::JsCast;

/// After a step `by` (-1 up, 1 down) that left the item at `at` of `total`:
/// the focus on the arrow pressed, or at an end, where that arrow is
/// disabled, on the other one. The arrows are `<prefix>-up-<key>` and
/// `<prefix>-down-<key>`.
pub fn focus_arrow(prefix: &str, key: &str, by: isize, at: usize, total: usize) {
    let at_end = if by < 0 { at == 0 } else { at + 1 >= total };
    let button = if (by < 0) != at_end { "up" } else { "down" };
    focus_later(format!("{prefix}-{button}-{key}"));
}

/// Focuses the element `id` once the list is drawn again.
pub fn focus_later(id: String) {
    leptos::prelude::request_animation_frame(move || {
        if let Some(el) = leptos::prelude::document()
            .get_element_by_id(&id)
            .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
}
