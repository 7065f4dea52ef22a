//! Rebuild from a template: the disks are zeroed.

use super::protection::{protected, protected_note, unless_protected};
use super::{DialogActions, DialogCard, Impact, Opener};
use crate::components::{CheckField, ChoiceField, FormView, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t};
use vmdeck_core::vm::settings::RebuildForm;

#[component]
pub fn RebuildCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::Rebuild,
        move |_, _| open.set(false),
        |account, id, (template, start): &(String, bool)| {
            request::rebuild_vm(account, id, template, *start)
        },
    );
    view! {
        <DialogCard id="card-rebuild" title=t::REBUILD_TITLE.get() impact=Impact::ErasesData text=t::REBUILD_TEXT.get()
            opener=Opener { id: "open-rebuild", label: t::REBUILD_OPEN.get(), danger: true } blocked=unless_protected(ctx, op.blocked()) note=protected_note(ctx, "rebuild-protected")
            open=open dialog_id="rebuild-dialog" dialog_title=t::REBUILD_DIALOG_TITLE.get()>
            <RebuildForm ctx=ctx op=op/>
        </DialogCard>
    }
}

#[component]
fn RebuildForm(ctx: VmCtx, op: Op<(String, bool)>) -> impl IntoView {
    let current = ctx
        .vm
        .with_untracked(|vm| vm.as_ref().and_then(|vm| vm.template_id.clone()))
        .unwrap_or_default();
    let expected =
        ctx.vm.with_untracked(|vm| vm.as_ref().map(|vm| vm.confirm_word())).unwrap_or_default();
    let form = use_form_with_options(
        "rebuild",
        RebuildForm { template_id: current, start: true, typed: String::new() },
        UseFormOptions::default().check(RebuildForm::errors).pending(op.pending()),
    );
    let templates = crate::hooks::use_offered_templates();
    let word = TypedWord::new(form, expected);
    let typed = word.confirmed();
    // Protected while the dialog was open (in another tab): nothing goes.
    let protected = protected(ctx);
    let confirmed = Signal::derive(move || !protected.get() && typed.get());
    let input = Callback::new(|f: RebuildForm| (f.template_id.trim().to_owned(), f.start));
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::REBUILD_DOING.get()>
            <div class="notice notice-error">
                <p class="notice-title">{t::REBUILD_WARNING.get()}</p>
                <p>{t::REBUILD_WARNING_TEXT.get()}</p>
            </div>
            <ChoiceField bound=form.text("template_id", |f| &f.template_id, |f| &mut f.template_id) label=c::TEMPLATE.get() choices=templates.choices reading=templates.reading/>
            <CheckField bound=form.bind_flag("start", |f| f.start, |f, on| f.start = on)>{t::REBUILD_START.get()}</CheckField>
            {move || protected.get().then(|| view! { <p class="field-error" role="alert">{t::PROTECTION_REFUSES_HERE.get()}</p> })}
            <TypedConfirm word=word/>
            <DialogActions op=op form=form input=input label=t::REBUILD_CONFIRM.get() danger=true ready=confirmed/>
        </FormView>
    }
}
