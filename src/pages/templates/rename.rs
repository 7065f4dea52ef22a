//! Renaming one of the account's own templates: PUT `template/<id>` with
//! the new label (200).

use crate::components::{ApiRequestView, FormView, Modal, SubmitButton, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_account_op, Op};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{shell as t, vm as tv};
use vmdeck_core::template::label::TemplateLabelForm;
use vmdeck_core::template::Template;

/// The template and its new label.
type Rename = Op<(Template, String)>;

#[component]
pub fn RenameDialog(
    open: RwSignal<bool>,
    /// The template the dialog is about, chosen as it opens.
    chosen: RwSignal<Option<Template>>,
    /// Told once a rename is done.
    changed: Callback<()>,
) -> impl IntoView {
    let write: Rename = use_account_op(
        Operation::RenameTemplate,
        |(template, _): &(Template, String)| (String::new(), template.name()),
        move |_, _| {
            open.try_set(false);
            changed.try_run(());
        },
        |account, (template, label): &(Template, String)| {
            request::rename_template(account, template.id.as_deref().unwrap_or_default(), label)
        },
    );
    view! {
        <Modal open=open title=t::TEMPLATES_RENAME_TITLE.get() id="template-rename-dialog">
            {chosen.get_untracked().map(|template| view! { <RenameForm template=template write=write/> })}
        </Modal>
    }
}

#[component]
fn RenameForm(template: Template, write: Rename) -> impl IntoView {
    let form = use_form_with_options(
        "template-rename",
        TemplateLabelForm::of(template.label.as_deref()),
        UseFormOptions::default().check(TemplateLabelForm::errors).pending(write.pending()),
    );
    let input =
        Callback::new(move |f: TemplateLabelForm| (template.clone(), f.label.trim().to_owned()));
    let requests = write.preview(form, input);
    let on_submit = write.sender(form, input);
    view! {
        <FormView form=form on_submit=on_submit doing=t::TEMPLATES_RENAME_DOING.get()>
            <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=t::TEMPLATES_RENAME_LABEL.get()/>
            <ApiRequestView requests=requests id="template-rename-request" what=tv::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="template-rename-submit" label=t::TEMPLATES_RENAME_SUBMIT.get()/>
            </div>
        </FormView>
    }
}
