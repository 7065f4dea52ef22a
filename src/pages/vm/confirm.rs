//! A dialog's form with nothing to type: what it will do (the children),
//! the refusal at its top, and the button that sends the operation.

use super::{blocked_reason, Op, VmCtx};
use crate::components::{FormView, SubmitButton};
use crate::hooks::{use_form_with_options, UseFormOptions};
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
    let blocked = Signal::derive(move || blocked_reason(ctx, op.pending()));
    view! {
        <FormView form=form on_submit=Callback::new(move |_| op.submit(form, input.run(()))) doing=doing>
            {children()}
            <div class="modal-actions">
                <SubmitButton form=form id="confirm-action" label=label blocked=blocked danger=danger/>
            </div>
        </FormView>
    }
}
