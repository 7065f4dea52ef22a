//! Protection: the mark that makes this panel refuse to destroy or rebuild
//! the VM (`components::Protection`), set with one press and removed with
//! the hostname typed.

use super::{Card, Impact};
use crate::components::{FormView, Modal, SubmitButton, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::marks::protection::{use_protection, Protection};
use crate::pages::vm::VmCtx;
use leptos::prelude::*;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::i18n::{shell, vm as t};

/// Whether this panel protects the VM now.
pub fn protected(ctx: VmCtx) -> Signal<bool> {
    let protection = use_protection();
    Signal::derive(move || protection.is_some_and(|p| p.is_protected(&ctx.id.get())))
}

/// Why destroy or rebuild is refused now, if it is: the VM is protected,
/// or `blocked` says why (busy, a request on its way).
pub fn unless_protected(
    ctx: VmCtx,
    blocked: Signal<Option<&'static str>>,
) -> Signal<Option<&'static str>> {
    let protected = protected(ctx);
    Signal::derive(move || {
        if protected.get() {
            Some(t::PROTECTION_REFUSES_HERE.get())
        } else {
            blocked.get()
        }
    })
}

/// What the card of an operation that protection refuses says under its
/// button (`id` for the element).
pub fn protected_note(ctx: VmCtx, id: &'static str) -> ViewFn {
    let protected = protected(ctx);
    ViewFn::from(move || {
        protected.get().then(|| view! { <p class="small protected-note" id=id>{t::PROTECTION_REFUSES_HERE.get()}</p> })
    })
}

#[component]
pub fn ProtectionCard(ctx: VmCtx) -> impl IntoView {
    let Some(protection) = use_protection() else { return ().into_any() };
    let protected = Memo::new(move |_| protection.is_protected(&ctx.id.get()));
    let open = RwSignal::new(false);
    view! {
        <Card id="card-protection" title=t::PROTECTION_TITLE.get() impact=Impact::NoRestart text=t::PROTECTION_TEXT.get()>
            <p class="protection-state" id="protection-state" role="status">
                {move || if protected.get() { t::PROTECTION_IS_ON.get() } else { t::PROTECTION_IS_OFF.get() }}
                {move || protection.by_default().then(|| view! { " " <span class="muted">{t::PROTECTION_BY_DEFAULT.get()}</span> })}
            </p>
            {move || if protected.get() {
                view! { <button type="button" class="button" id="protection-off" on:click=move |_| open.set(true)>{t::PROTECTION_OFF.get()}</button> }.into_any()
            } else {
                view! { <button type="button" class="button" id="protection-on" on:click=move |_| protection.set(&ctx.id.get_untracked(), true)>{t::PROTECTION_ON.get()}</button> }.into_any()
            }}
            {move || protection.memory_only().then(|| view! { <p class="field-error" role="alert">{t::PROTECTION_NOT_KEPT.get()}</p> })}
        </Card>
        <Modal open=open title=t::PROTECTION_OFF_DIALOG_TITLE.get() id="protection-dialog">
            <RemoveProtection ctx=ctx protection=protection open=open/>
        </Modal>
    }
    .into_any()
}

/// Takes the mark off once the hostname (the VM's number without one) is typed.
#[component]
fn RemoveProtection(ctx: VmCtx, protection: Protection, open: RwSignal<bool>) -> impl IntoView {
    let expected = ctx
        .vm
        .with_untracked(|vm| vm.as_ref().map(|vm| vm.confirm_word()))
        .filter(|word| !word.is_empty())
        .unwrap_or_else(|| ctx.id.get_untracked());
    let form =
        use_form_with_options("protection-off", ConfirmForm::default(), UseFormOptions::default());
    let word = TypedWord::new(form, expected);
    let confirmed = word.confirmed();
    let blocked =
        Signal::derive(move || (!confirmed.get()).then_some(shell::BULK_TYPE_FIRST.get()));
    let submit = Callback::new(move |_: ConfirmForm| {
        if confirmed.get_untracked() {
            form.start_from(ConfirmForm::default());
            protection.set(&ctx.id.get_untracked(), false);
            open.set(false);
        }
    });
    view! {
        <FormView form=form on_submit=submit doing=t::PROTECTION_OFF_DIALOG_TITLE.get()>
            <div class="notice notice-warning">
                <p>{t::PROTECTION_OFF_WARNING.get()}</p>
            </div>
            <TypedConfirm word=word/>
            <div class="modal-actions">
                <SubmitButton form=form id="protection-off-confirm" label=t::PROTECTION_OFF_CONFIRM.get() blocked=blocked/>
            </div>
        </FormView>
    }
}
