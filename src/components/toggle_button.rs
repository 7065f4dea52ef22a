//! A button that shows and hides a part of the page, saying which it does.

use leptos::prelude::*;

/// Opens and closes `open`, the element `controls` (`aria-expanded` tells
/// screen readers which); `before` runs first on every press.
#[component]
pub fn ToggleButton(
    id: &'static str,
    controls: &'static str,
    open: RwSignal<bool>,
    #[prop(default = "button")] class: &'static str,
    #[prop(optional)] before: Option<Callback<()>>,
    children: Children,
) -> impl IntoView {
    let toggle = move |_| {
        if let Some(before) = before {
            before.run(());
        }
        open.update(|open| *open = !*open);
    };
    view! {
        <button type="button" class=class id=id aria-expanded=move || open.get().to_string() aria-controls=controls on:click=toggle>
            {children()}
        </button>
    }
}
