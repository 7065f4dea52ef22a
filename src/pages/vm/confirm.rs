//! The end of every VM dialog's form (the request it would send, and its
//! confirming button), and the dialog with nothing to type: what it will
//! do, the refusal at its top, and that button.

use super::Op;
use crate::components::{ApiRequestView, FormView, SubmitButton};
use crate::hooks::{use_form_with_options, Form, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::i18n::vm as t;

#[component]
pub fn ConfirmDialog<I: Clone + Send + Sync + 'static>(
    op: Op<I>,
    /// The operation's input, made when the button is pressed.
    input: Callback<(), I>,
    label: &'static str,
    /// What a refusal was of, e.g. "Deleting the snapshots".
    doing: &'static str,
    #[prop(optional)] danger: bool,
    children: Children,
) -> impl IntoView {
    let form = use_form_with_options(
        "confirm",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let input = Callback::new(move |_: ConfirmForm| input.run(()));
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=doing>
            {children()}
            <DialogActions op=op form=form input=input label=label danger=danger/>
        </FormView>
    }
}

/// The end of a dialog's form: the request it would send ("Show as API
/// request", from the same `input` its submit uses) and its confirming
/// button, held while the operation is blocked (its VM busy, its request on
/// its way; `blocked` when the dialog knows more reasons) and until
/// `ready`; the form shows the refusals.
#[component]
pub fn DialogActions<I, F, O>(
    op: Op<I>,
    form: Form<F>,
    /// The form's value made into the operation's input, as its submit does
    /// (`Op::sender`); `O` is the input, or an `Option` of it.
    input: Callback<F, O>,
    label: &'static str,
    /// Extra conditions (a typed hostname, a change made).
    #[prop(optional, into)]
    ready: Option<Signal<bool>>,
    #[prop(optional)] danger: bool,
    #[prop(optional, into)] blocked: Option<Signal<Option<&'static str>>>,
) -> impl IntoView
where
    I: Clone + Send + Sync + 'static,
    F: Clone + PartialEq + Send + Sync + 'static,
    O: Into<Option<I>> + 'static,
{
    let blocked = blocked.unwrap_or_else(|| op.blocked());
    let ready = ready.unwrap_or_else(|| Signal::derive(|| true));
    view! {
        <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=t::VM_DIALOG_SENDS.get()/>
        <div class="modal-actions">
            <SubmitButton form=form id="confirm-action" label=label blocked=blocked ready=ready danger=danger/>
        </div>
    }
}
