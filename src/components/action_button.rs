use leptos::prelude::*;

/// A button for an action that may not be possible now: while `blocked`
/// gives a reason it is disabled, and the reason is its tooltip and its
/// accessible description. What it does on a click is the caller's
/// `on:click`.
#[component]
pub fn ActionButton(
    /// Why the action cannot be taken now; `None` while it can.
    #[prop(into)]
    blocked: Signal<Option<&'static str>>,
    /// Its tooltip while the action can be taken, if it has one.
    #[prop(optional)]
    hint: &'static str,
    /// Disabled for a reason said elsewhere (the note of a form with mistakes).
    #[prop(optional, into)]
    held: Option<Signal<bool>>,
    #[prop(optional)] id: &'static str,
    /// The button's classes.
    #[prop(default = "button")]
    class: &'static str,
    /// Submits the form it is in.
    #[prop(optional)]
    submit: bool,
    children: Children,
) -> impl IntoView {
    let held = move || held.is_some_and(|h| h.get());
    view! {
        <button
            type=if submit { "submit" } else { "button" }
            class=class
            id=(!id.is_empty()).then_some(id)
            disabled=move || blocked.with(Option::is_some) || held()
            title=move || blocked.get().or((!hint.is_empty()).then_some(hint))
            aria-description=move || blocked.get()
        >
            {children()}
        </button>
    }
}
