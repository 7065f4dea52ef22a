//! A backup deleted, once confirmed: the dialog names it by its disk, its
//! VM and its date.

use super::send::{Act, BackupDialogs, BackupOps};
use super::table::shown_date;
use crate::components::{FormView, Modal};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::DialogActions;
use leptos::prelude::*;
use vmdeck_core::backup::{BackupAction, Located};
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::i18n::vm as t;

#[component]
pub fn DeleteDialog(ops: BackupOps, dialogs: BackupDialogs) -> impl IntoView {
    view! {
        <Modal open=dialogs.delete title=t::BACKUPS_DELETE.get() id="backup-delete-dialog">
            {dialogs.chosen.get_untracked().map(|row| view! { <DeleteForm ops=ops row=row/> })}
        </Modal>
    }
}

#[component]
fn DeleteForm(ops: BackupOps, row: Located) -> impl IntoView {
    let op = ops.delete;
    let form = use_form_with_options(
        "backup-delete",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let act = Act::of(&row);
    let input = Callback::new(move |_: ConfirmForm| act.clone());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::BACKUPS_DOING_DELETE.get()>
            <p id="backup-delete-what">{row.delete_text(&shown_date(&row))}</p>
            <DialogActions op=op form=form input=input blocked=ops.blocked(BackupAction::Delete, &row)
                label=t::BACKUPS_DELETE_CONFIRM.get() danger=true/>
        </FormView>
    }
}
