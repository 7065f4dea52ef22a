use leptos::html::Dialog;
use leptos::prelude::*;

/// A modal dialog (the browser's `<dialog>`: focus stays inside, Escape
/// closes it). Its content is made anew each time it opens.
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
    Effect::new(move || {
        let Some(el) = dialog.get() else { return };
        if open.get() {
            if !el.open() {
                let _ = el.show_modal();
            }
        } else if el.open() {
            el.close();
        }
    });
    let title_id = format!("{id}-title");
    let labelled_by = title_id.clone();
    view! {
        <dialog node_ref=dialog class="modal" id=id aria-labelledby=labelled_by on:close=move |_| open.set(false)>
            <header class="modal-head">
                <h2 id=title_id>{title}</h2>
                <button type="button" class="icon-button" aria-label="Close" on:click=move |_| open.set(false)>"×"</button>
            </header>
            <div class="modal-body">{move || open.get().then(|| children())}</div>
        </dialog>
    }
}
