//! The frame of every form (`hooks::use_form`): the `<form>` element, what
//! shows at its top (a restored draft, the refusal that names no field),
//! and its submit button.

use super::{ActionButton, ErrorView};
use crate::hooks::Form;
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;

/// A form: submitting it checks it and, when it passes, gives its value to
/// `on_submit` (which sends it, e.g. with `Op::submit`).
#[component]
pub fn FormView<F: Clone + PartialEq + Send + Sync + 'static>(
    form: Form<F>,
    on_submit: Callback<F>,
    /// What a refusal was of, e.g. "Saving the changes".
    doing: &'static str,
    #[prop(optional)] class: &'static str,
    children: Children,
) -> impl IntoView {
    let prefix = form.prefix;
    view! {
        <form
            id=format!("{prefix}-form")
            class=if class.is_empty() { "form-compact" } else { class }
            novalidate
            node_ref=form.node
            on:submit=move |ev| {
                ev.prevent_default();
                if let Some(value) = form.submit() {
                    on_submit.run(value);
                }
            }
        >
            {move || form.restored().then(|| view! {
                <div class="notice notice-info form-draft" role="status" id=format!("{prefix}-draft")>
                    <p>{t::FORM_DRAFT_RESTORED.get()}</p>
                    <button type="button" class="button button-quiet" id=format!("{prefix}-discard") on:click=move |_| form.discard()>{t::FORM_DISCARD.get()}</button>
                </div>
            })}
            {move || form.top().map(|error| view! { <div id=format!("{prefix}-error")><ErrorView error=error doing=doing/></div> })}
            {children()}
        </form>
    }
}

/// The submit button, with the note that holds it back while fields are
/// wrong. It stays disabled while the form's request is on its way, while
/// `blocked` gives a reason (said as [`ActionButton`] says it), and until
/// `ready`.
#[component]
pub fn SubmitButton<F: Clone + PartialEq + Send + Sync + 'static>(
    form: Form<F>,
    id: &'static str,
    label: &'static str,
    /// The text while the request is on its way.
    #[prop(default = t::FORM_SENDING.get())]
    sending: &'static str,
    #[prop(optional, into)] blocked: Option<Signal<Option<&'static str>>>,
    #[prop(optional, into)] ready: Option<Signal<bool>>,
    #[prop(optional)] danger: bool,
) -> impl IntoView {
    let pending = form.pending();
    let reason = Signal::derive(move || {
        if pending.get() {
            Some(vmdeck_core::i18n::common::SENDING_REQUEST.get())
        } else {
            blocked.and_then(|b| b.get())
        }
    });
    let held = Signal::derive(move || form.held_back() || !ready.is_none_or(|r| r.get()));
    let count = move || form.problem_count();
    view! {
        {move || form.held_back().then(|| view! {
            <p class="field-error form-held" id=format!("{}-invalid-note", form.prefix)>
                {vmdeck_core::i18n::plural(count() as u64, &t::FORM_FIX_ONE, &t::FORM_FIX_OTHER)}
            </p>
        })}
        <ActionButton submit=true class=if danger { "button button-danger" } else { "button button-primary" } id=id blocked=reason held=held>
            {move || if pending.get() { sending } else { label }}
        </ActionButton>
    }
}
