//! Deleting one of the account's own templates, after naming it: DELETE
//! `template/<id>` (queued). The provider refuses while a VM is built from
//! it (422, "in use by" the VM): its words show in the dialog, at the
//! button that sent it.

use crate::components::{ApiRequestView, FormView, Modal, SubmitButton};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_account_op, Op};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{messages as m, shell as t, vm as tv};
use vmdeck_core::template::Template;

type Delete = Op<Template>;

#[component]
pub fn DeleteDialog(
    open: RwSignal<bool>,
    /// The template the dialog is about, chosen as it opens.
    chosen: RwSignal<Option<Template>>,
    /// Told once a delete is accepted.
    changed: Callback<()>,
) -> impl IntoView {
    let write: Delete = use_account_op(
        Operation::DeleteTemplate,
        |template: &Template| (String::new(), template.name()),
        move |_, _| {
            open.try_set(false);
            changed.try_run(());
        },
        |account, template: &Template| {
            request::delete_template(account, template.id.as_deref().unwrap_or_default())
        },
    );
    view! {
        <Modal open=open title=t::TEMPLATES_DELETE_TITLE.get() id="template-delete-dialog">
            {chosen.get_untracked().map(|template| view! { <DeleteForm template=template write=write/> })}
        </Modal>
    }
}

#[component]
fn DeleteForm(template: Template, write: Delete) -> impl IntoView {
    let form = use_form_with_options(
        "template-delete",
        ConfirmForm::default(),
        UseFormOptions::default().pending(write.pending()),
    );
    let text = vmdeck_core::tf!(t::TEMPLATES_DELETE_TEXT, name = template.name());
    let requests = write.request(&template).into_iter().collect::<Vec<_>>();
    let on_submit = write.sender(form, Callback::new(move |_: ConfirmForm| template.clone()));
    view! {
        <FormView form=form on_submit=on_submit doing=t::TEMPLATES_DELETE_DOING.get()>
            <p id="template-delete-text">{text}</p>
            <ApiRequestView requests=requests id="template-delete-request" what=tv::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="template-delete-submit" label=m::ACTION_DELETE_TEMPLATE.get() danger=true/>
            </div>
        </FormView>
    }
}
