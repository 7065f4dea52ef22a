use leptos::html::Dialog;
use leptos::prelude::*;
use vmdeck_core::i18n::common as c;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// What Tab can stop on inside a dialog (disabled and hidden ones are left out below).
const TABBABLE: &str = "a[href], button, input, select, textarea, [tabindex], details > summary";

/// The controls of `dialog` that Tab reaches, in document order.
fn tab_stops(dialog: &web_sys::HtmlDialogElement) -> Vec<HtmlElement> {
    let Ok(list) = dialog.query_selector_all(TABBABLE) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok())
        .filter(|el| {
            el.tab_index() >= 0
                && !el.matches(":disabled").unwrap_or(true)
                && el.get_client_rects().length() > 0
        })
        // Of a radio group, Tab stops only on the chosen button.
        .filter(|el| !el.matches("input[type=radio]:not(:checked)").unwrap_or(false))
        .collect()
}

/// Tab on the last control goes to the first, Shift+Tab on the first to the
/// last: the browser would otherwise let the focus out to its own toolbar.
fn keep_focus_inside(dialog: &web_sys::HtmlDialogElement, ev: &web_sys::KeyboardEvent) {
    if ev.key() != "Tab" {
        return;
    }
    let stops = tab_stops(dialog);
    let (Some(first), Some(last)) = (stops.first(), stops.last()) else { return };
    let active = document().active_element();
    let at = |el: &HtmlElement| {
        active.as_ref().is_some_and(|a| a == el.unchecked_ref::<web_sys::Element>())
    };
    let outside = !active.as_ref().is_some_and(|a| dialog.contains(Some(a)));
    let target = if ev.shift_key() && (at(first) || outside) {
        last
    } else if !ev.shift_key() && (at(last) || outside) {
        first
    } else {
        return;
    };
    ev.prevent_default();
    let _ = target.focus();
}

/// Gives the focus back to what opened the dialog; if that is gone or
/// disabled now (the action it started keeps it busy), to the page's main
/// part, so that the next Tab goes on from there instead of from the top.
/// Only a lost focus is given back: `close` comes a task after the dialog
/// closed, and by then the user may have put the focus somewhere else.
fn return_focus(dialog: &web_sys::HtmlDialogElement, opener: Option<HtmlElement>) {
    let lost = match document().active_element() {
        None => true,
        Some(active) => {
            document().body().is_some_and(|body| body.is_same_node(Some(&active)))
                || dialog.contains(Some(&active))
        }
    };
    if !lost {
        return;
    }
    let usable = opener.filter(|el| el.is_connected() && !el.matches(":disabled").unwrap_or(true));
    let target = usable.or_else(|| {
        document()
            .query_selector("main")
            .ok()
            .flatten()
            .and_then(|el| el.dyn_into::<HtmlElement>().ok())
    });
    if let Some(target) = target {
        let _ = target.focus();
    }
}

/// A modal dialog (the browser's `<dialog>`: the page behind is inert and
/// Escape closes it). Tab cycles within it, and closing it gives the focus
/// back. Its content is made anew each time it opens.
#[component]
pub fn Modal(
    /// Whether it is open; the dialog sets it false when closed.
    open: RwSignal<bool>,
    /// The heading.
    #[prop(into)]
    title: String,
    /// The element id, which tests and the heading's id derive from.
    id: &'static str,
    children: ChildrenFn,
) -> impl IntoView {
    let dialog = NodeRef::<Dialog>::new();
    let opener = StoredValue::new_local(None::<HtmlElement>);
    Effect::new(move || {
        let Some(el) = dialog.get() else { return };
        if open.get() {
            if !el.open() {
                opener.set_value(
                    document().active_element().and_then(|a| a.dyn_into::<HtmlElement>().ok()),
                );
                let _ = el.show_modal();
            }
        } else if el.open() {
            el.close();
        }
    });
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        if let Some(el) = dialog.get_untracked() {
            keep_focus_inside(&el, &ev);
        }
    };
    let on_close = move |_| {
        // The browser fires `close` a task after the dialog closed: a quick
        // Escape then Enter on the opener may have shown it again since.
        // That close is over; the dialog stays open.
        let Some(el) = dialog.get_untracked() else { return };
        if el.open() {
            return;
        }
        open.set(false);
        return_focus(&el, opener.try_update_value(Option::take).flatten());
    };
    let title_id = format!("{id}-title");
    let labelled_by = title_id.clone();
    view! {
        <dialog node_ref=dialog class="modal" id=id aria-labelledby=labelled_by on:keydown=on_keydown on:close=on_close>
            <header class="modal-head">
                <h2 id=title_id>{title}</h2>
                <button type="button" class="icon-button" aria-label=c::CLOSE.get() on:click=move |_| open.set(false)><span aria-hidden="true">"×"</span></button>
            </header>
            <div class="modal-body">{move || open.get().then(|| children())}</div>
        </dialog>
    }
}
