//! Destroy: what goes with the VM, and the typed hostname.

use super::protection::{protected, protected_note, unless_protected};
use super::{DialogActions, DialogCard, Impact, Opener};
use crate::components::{FormView, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use vmdeck_core::api::request;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::route::href;

#[component]
pub fn DestroyCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let navigate = StoredValue::new_local(use_navigate());
    // Once the service has accepted it, the VM is on its way out: back to the list.
    let op = use_op(
        ctx,
        Operation::Destroy,
        move |_, _| {
            open.set(false);
            navigate.with_value(|nav| nav(&href::vms(), Default::default()));
        },
        |account, id, ()| request::destroy_vm(account, id),
    );
    view! {
        <DialogCard id="card-destroy" title=t::DESTROY_TITLE.get() impact=Impact::ErasesData text=t::DESTROY_TEXT.get()
            opener=Opener { id: "open-destroy", label: vmdeck_core::i18n::common::DESTROY_ELLIPSIS.get(), danger: true } blocked=unless_protected(ctx, op.blocked()) note=protected_note(ctx, "destroy-protected")
            open=open dialog_id="destroy-dialog" dialog_title=t::DESTROY_DIALOG_TITLE.get()>
            <DestroyForm ctx=ctx op=op/>
        </DialogCard>
    }
}

#[component]
fn DestroyForm(ctx: VmCtx, op: Op<()>) -> impl IntoView {
    let (expected, addresses) = ctx.vm.with_untracked(|vm| {
        vm.as_ref().map(|vm| (vm.confirm_word(), vm.ip_addresses.clone())).unwrap_or_default()
    });
    let form = use_form_with_options(
        "destroy",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let word = TypedWord::new(form, expected);
    let typed = word.confirmed();
    // Protected while the dialog was open (in another tab): nothing goes.
    let protected = protected(ctx);
    let confirmed = Signal::derive(move || !protected.get() && typed.get());
    let input = Callback::new(|_: ConfirmForm| ());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::DESTROY_DOING.get()>
            <div class="notice notice-error">
                <p class="notice-title">{t::DESTROY_WARNING.get()}</p>
                <ul id="destroy-list">
                    <li>{t::DESTROY_DISKS.get()}</li>
                    <li>{t::DESTROY_INTERFACES.get()}</li>
                    <li>{if addresses.is_empty() { t::DESTROY_ADDRESSES.get().to_owned() } else { vmdeck_core::tf!(t::DESTROY_ADDRESSES_LISTED, addresses = addresses.join(", ")) }}</li>
                    <li>{t::DESTROY_BACKUPS.get()}</li>
                </ul>
            </div>
            {move || protected.get().then(|| view! { <p class="field-error" role="alert">{t::PROTECTION_REFUSES_HERE.get()}</p> })}
            <TypedConfirm word=word/>
            <DialogActions op=op form=form input=input label=vmdeck_core::i18n::common::DESTROY_FOR_GOOD.get() danger=true ready=confirmed/>
        </FormView>
    }
}
