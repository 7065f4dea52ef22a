//! Restoring a backup onto its disk: what is overwritten, said with the
//! disk, the VM and the backup's date; the VM's word typed (as a destroy or
//! a rebuild asks for it); then the request, after which the VM is busy.

use super::send::{Act, BackupDialogs, BackupOps};
use super::table::shown_date;
use crate::components::{FormView, Modal, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::DialogActions;
use leptos::prelude::*;
use vmdeck_core::backup::{BackupAction, Located};
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::i18n::vm as t;

#[component]
pub fn RestoreDialog(ops: BackupOps, dialogs: BackupDialogs) -> impl IntoView {
    view! {
        <Modal open=dialogs.restore title=t::BACKUPS_RESTORE.get() id="restore-dialog">
            {dialogs.chosen.get_untracked().map(|row| view! { <RestoreForm ops=ops row=row/> })}
        </Modal>
    }
}

#[component]
fn RestoreForm(ops: BackupOps, row: Located) -> impl IntoView {
    let op = ops.restore;
    let form = use_form_with_options(
        "restore",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let expected = row.vm.as_ref().map(|vm| vm.confirm_word.clone()).unwrap_or_default();
    let word = TypedWord::new(form, expected);
    let confirmed = word.confirmed();
    let act = Act::of(&row);
    let input = Callback::new(move |_: ConfirmForm| act.clone());
    // Enter in the field submits the form: nothing goes until the word is right.
    let send = op.sender(form, input);
    let on_submit = Callback::new(move |f: ConfirmForm| {
        if confirmed.get_untracked() {
            send.run(f);
        }
    });
    view! {
        <FormView form=form on_submit=on_submit doing=t::BACKUPS_DOING_RESTORE.get()>
            <div class="notice notice-error">
                <p class="notice-title">{t::BACKUPS_RESTORE_WARNING_TITLE.get()}</p>
                <p id="restore-what">{row.restore_warning(&shown_date(&row))}</p>
                <p>{t::BACKUPS_RESTORE_BUSY_NOTE.get()}</p>
            </div>
            <TypedConfirm word=word/>
            <DialogActions op=op form=form input=input blocked=ops.blocked(BackupAction::Restore, &row)
                label=t::BACKUPS_RESTORE_CONFIRM.get() ready=confirmed danger=true/>
        </FormView>
    }
}
