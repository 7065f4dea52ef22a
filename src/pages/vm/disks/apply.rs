//! Applying the VM's disk configuration, with formatting (which loses data)
//! only when asked and confirmed by the typed hostname.

use crate::components::{
    ActionButton, ApiRequestView, CheckField, FormView, Modal, SubmitButton, TypedConfirm,
    TypedWord,
};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;

#[component]
pub fn ApplyDisks(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::ApplyDisks,
        move |_, _| open.set(false),
        |account, id, format: &bool| request::apply_disks(account, id, *format),
    );
    view! {
        <ActionButton id="open-apply-disks" blocked=op.blocked() on:click=move |_| open.set(true)>{t::DISKS_APPLY_OPEN.get()}</ActionButton>
        <Modal open=open title=t::DISKS_APPLY_TITLE.get() id="apply-disks-dialog">
            <ApplyDisksForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn ApplyDisksForm(ctx: VmCtx, op: Op<bool>) -> impl IntoView {
    let expected =
        ctx.vm.with_untracked(|vm| vm.as_ref().map(|vm| vm.confirm_word())).unwrap_or_default();
    let form = use_form_with_options(
        "apply-disks",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let blocked = op.blocked();
    let format = move || form.with(|f| f.format);
    let word = TypedWord::new(form, expected);
    let typed = word.confirmed();
    let ready = Signal::derive(move || !form.with(|f| f.format) || typed.get());
    let input = Callback::new(|f: ConfirmForm| f.format);
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::DISKS_APPLY_DOING.get()>
            <p>{t::DISKS_APPLY_TEXT.get()}</p>
            <CheckField bound=form.bind_flag("format", |f| f.format, |f, on| f.format = on)>{t::DISKS_FORMAT.get()}</CheckField>
            {move || format().then(|| view! {
                <div class="notice notice-error"><p class="notice-title">{t::DISKS_FORMAT_WARNING.get()}</p></div>
                <TypedConfirm word=word.clone()/>
            })}
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=t::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                {move || if format() {
                    view! { <SubmitButton form=form id="confirm-action" label=t::DISKS_FORMAT_AND_APPLY.get() blocked=blocked ready=ready danger=true/> }.into_any()
                } else {
                    view! { <SubmitButton form=form id="confirm-action" label=t::DISKS_APPLY.get() blocked=blocked ready=ready/> }.into_any()
                }}
            </div>
        </FormView>
    }
}
