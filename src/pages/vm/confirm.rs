//! The end of every VM dialog's form (its confirming button), and the
//! dialog with nothing to type: what it will do, the refusal at its top,
//! and that button.

use super::{blocked_reason, Op, VmCtx};
use crate::components::{FormView, SubmitButton};
use crate::hooks::{use_form_with_options, Form, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::small_forms::ConfirmForm;

#[component]
pub fn ConfirmDialog<I: Clone + Send + Sync + 'static>(
    ctx: VmCtx,
    op: Op<I>,
    /// The operation's input, made when the button is pressed.
    input: Callback<(), I>,
    label: &'static str,
    /// What a refusal was of, e.g. "Deleting the snapshots".
    doing: &'static str,
    #[prop(optional)] danger: bool,
    children: Children,
) -> impl IntoView {
    let form = use_form_with_options("confirm", ConfirmForm::default(), UseFormOptions::default().pending(op.pending()));
    view! {
        <FormView form=form on_submit=Callback::new(move |_| op.submit(form, input.run(()))) doing=doing>
            {children()}
            <DialogActions ctx=ctx op=op form=form label=label danger=danger/>
        </FormView>
    }
}

/// The end of a dialog's form: its confirming button, held while the VM is
/// busy or the request is on its way (the form shows the refusals).
#[component]
pub fn DialogActions<I: Clone + Send + Sync + 'static, F: Clone + PartialEq + Send + Sync + 'static>(
    ctx: VmCtx,
    op: Op<I>,
    form: Form<F>,
    label: &'static str,
    /// Extra conditions (a typed hostname, a change made).
    #[prop(optional, into)]
    ready: Option<Signal<bool>>,
    #[prop(optional)] danger: bool,
) -> impl IntoView {
    let blocked = Signal::derive(move || blocked_reason(ctx, op.pending()));
    let ready = ready.unwrap_or_else(|| Signal::derive(|| true));
    view! {
        <div class="modal-actions">
            <SubmitButton form=form id="confirm-action" label=label blocked=blocked ready=ready danger=danger/>
        </div>
    }
}

