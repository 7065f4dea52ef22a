//! Operations that take no data: reset the root password, rebuild the
//! network, apply the firewall rules; and making a template (a label).

use super::{DialogActions, DialogCard, Impact, Opener};
use crate::components::{FormView, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, ConfirmDialog, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request::{self, ApiRequest};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{vm as t, Text};
use vmdeck_core::vm::settings::TemplateForm;
use vmdeck_core::ApiError;

/// The words of a confirm-only operation.
struct Words {
    card: &'static str,
    operation: Operation,
    title: Text,
    text: Text,
    button: &'static str,
    dialog_id: &'static str,
    dialog_title: Text,
    warning: Text,
    doing: Text,
    confirm: Text,
}

/// A card whose dialog only asks for a confirmation.
fn confirm_only(
    ctx: VmCtx,
    impact: Impact,
    words: Words,
    make: fn(&str, &str) -> Result<ApiRequest, ApiError>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        words.operation,
        move |_, _| open.set(false),
        move |account, id, ()| make(account, id),
    );
    view! {
        <DialogCard id=words.card title=words.title.get() impact=impact text=words.text.get()
            opener=Opener { id: words.button, label: words.confirm.get(), danger: false } blocked=op.blocked()
            open=open dialog_id=words.dialog_id dialog_title=words.dialog_title.get()>
            <ConfirmDialog op=op input=Callback::new(|()| ()) label=words.confirm.get() doing=words.doing.get()>
                <p>{words.warning.get()}</p>
            </ConfirmDialog>
        </DialogCard>
    }
}

#[component]
pub fn ResetPasswordCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Impact::MayRestart,
        Words {
            card: "card-reset-password",
            operation: Operation::ResetPassword,
            title: t::RESET_PASSWORD_TITLE,
            text: t::RESET_PASSWORD_TEXT,
            button: "open-reset-password",
            dialog_id: "reset-password-dialog",
            dialog_title: t::RESET_PASSWORD_DIALOG_TITLE,
            warning: t::RESET_PASSWORD_WARNING,
            doing: t::RESET_PASSWORD_DOING,
            confirm: t::RESET_PASSWORD_CONFIRM,
        },
        request::reset_password,
    )
}

#[component]
pub fn RebuildNetworkCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Impact::MayRestart,
        Words {
            card: "card-rebuild-network",
            operation: Operation::RebuildNetwork,
            title: t::REBUILD_NETWORK_TITLE,
            text: t::REBUILD_NETWORK_TEXT,
            button: "open-rebuild-network",
            dialog_id: "rebuild-network-dialog",
            dialog_title: t::REBUILD_NETWORK_DIALOG_TITLE,
            warning: t::REBUILD_NETWORK_WARNING,
            doing: t::REBUILD_NETWORK_DOING,
            confirm: t::REBUILD_NETWORK_TITLE,
        },
        request::rebuild_network,
    )
}

#[component]
pub fn ApplyFirewallCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Impact::NoRestart,
        Words {
            card: "card-apply-firewall",
            operation: Operation::ApplyFirewallRules,
            title: vmdeck_core::i18n::messages::HISTORY_APPLY_FIREWALL_RULES,
            text: t::APPLY_FIREWALL_TEXT,
            button: "open-apply-firewall",
            dialog_id: "apply-firewall-dialog",
            dialog_title: t::APPLY_FIREWALL_DIALOG_TITLE,
            warning: t::APPLY_FIREWALL_WARNING,
            doing: vmdeck_core::i18n::common::APPLYING_FIREWALL_RULES,
            confirm: t::APPLY_FIREWALL_CONFIRM,
        },
        request::apply_firewall_rules,
    )
}

#[component]
pub fn TemplateCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::CreateTemplate,
        move |_, _| open.set(false),
        |account, id, label: &String| request::create_template(account, id, label),
    );
    view! {
        <DialogCard id="card-template" title=t::TEMPLATE_CREATE.get() impact=Impact::MayRestart text=t::TEMPLATE_TEXT.get()
            opener=Opener { id: "open-template", label: t::TEMPLATE_OPEN.get(), danger: false } blocked=op.blocked()
            open=open dialog_id="template-dialog" dialog_title=t::TEMPLATE_DIALOG_TITLE.get()>
            <TemplateForm op=op/>
        </DialogCard>
    }
}

#[component]
fn TemplateForm(op: Op<String>) -> impl IntoView {
    let form = use_form_with_options(
        "template",
        TemplateForm::default(),
        UseFormOptions::default().check(TemplateForm::errors).pending(op.pending()),
    );
    let input = Callback::new(|f: TemplateForm| f.label.trim().to_owned());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::TEMPLATE_DOING.get()>
            <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=t::TEMPLATE_LABEL.get() placeholder=t::TEMPLATE_LABEL_PLACEHOLDER.get()/>
            <DialogActions op=op form=form input=input label=t::TEMPLATE_CREATE.get()/>
        </FormView>
    }
}
