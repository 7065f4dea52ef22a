//! The form of the dialogs that erase a disk's data (format, delete): what
//! is lost, the typed hostname, and the confirming button, held until the
//! word is right.

use crate::components::{FormView, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{DialogActions, Impact, ImpactBadge, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::vm::disk::Disk;

#[component]
pub fn EraseForm(
    ctx: VmCtx,
    /// Formatting or deleting; its input is the disk's id.
    op: Op<String>,
    disk: Disk,
    /// The form's prefix: `<prefix>-typed` is the typed word's field.
    prefix: &'static str,
    /// What is lost, naming the disk and the VM.
    warning: String,
    /// What else follows (the VM busy meanwhile), if anything.
    #[prop(optional)]
    note: &'static str,
    label: &'static str,
    /// What a refusal was of.
    doing: &'static str,
) -> impl IntoView {
    let expected =
        ctx.vm.with_untracked(|vm| vm.as_ref().map(|vm| vm.confirm_word())).unwrap_or_default();
    let form = use_form_with_options(
        prefix,
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let word = TypedWord::new(form, expected);
    let typed = word.confirmed();
    let id = disk.id.unwrap_or_default();
    let input = Callback::new(move |_: ConfirmForm| id.clone());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=doing>
            <p><ImpactBadge impact=Impact::ErasesData/></p>
            <div class="notice notice-error" id=format!("{prefix}-warning")>
                <p class="notice-title">{warning}</p>
                {(!note.is_empty()).then(|| view! { <p>{note}</p> })}
            </div>
            <TypedConfirm word=word/>
            <DialogActions op=op form=form input=input label=label danger=true ready=typed/>
        </FormView>
    }
}
