//! A template of the account's own made from a backup: its label, checked
//! by the rule of a VM's template label; then the templates the forms
//! offer are read again.

use super::send::{Act, BackupDialogs, BackupOps};
use super::table::shown_date;
use crate::components::{FormView, Modal, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::DialogActions;
use leptos::prelude::*;
use vmdeck_core::backup::{BackupAction, Located};
use vmdeck_core::i18n::vm as t;
use vmdeck_core::template::label::TemplateLabelForm;

#[component]
pub fn TemplateDialog(ops: BackupOps, dialogs: BackupDialogs) -> impl IntoView {
    view! {
        <Modal open=dialogs.template title=t::BACKUPS_TEMPLATE.get() id="backup-template-dialog">
            {dialogs.chosen.get_untracked().map(|row| view! { <TemplateForm ops=ops row=row/> })}
        </Modal>
    }
}

#[component]
fn TemplateForm(ops: BackupOps, row: Located) -> impl IntoView {
    let op = ops.template;
    let form = use_form_with_options(
        "backup-template",
        TemplateLabelForm::default(),
        UseFormOptions::default().check(TemplateLabelForm::errors).pending(op.pending()),
    );
    let act = Act::of(&row);
    let input = Callback::new(move |f: TemplateLabelForm| Act {
        label: f.label.trim().to_owned(),
        ..act.clone()
    });
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::BACKUPS_DOING_TEMPLATE.get()>
            <p id="backup-template-what">{row.template_text(&shown_date(&row))}</p>
            <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=t::TEMPLATE_LABEL.get()/>
            <DialogActions op=op form=form input=input blocked=ops.blocked(BackupAction::Template, &row)
                label=t::BACKUPS_TEMPLATE_CONFIRM.get()/>
        </FormView>
    }
}
