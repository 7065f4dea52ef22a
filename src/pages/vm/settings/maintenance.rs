//! Operations that take no data: reset the root password, rebuild the
//! network, apply the firewall rules; and making a template (a label).

use super::{Card, DialogActions, Effect, OpenButton};
use crate::components::{FormView, Modal, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, ConfirmDialog, Op, VmCtx};
use vmdeck_core::request::{self, ApiRequest};
use vmdeck_core::small_forms::TemplateForm;
use vmdeck_core::ApiError;
use leptos::prelude::*;

/// The words of a confirm-only operation.
struct Words {
    card: &'static str,
    title: &'static str,
    text: &'static str,
    button: &'static str,
    dialog_id: &'static str,
    dialog_title: &'static str,
    warning: &'static str,
    doing: &'static str,
    confirm: &'static str,
}

/// A card whose dialog only asks for a confirmation.
fn confirm_only(ctx: VmCtx, effect: Effect, words: Words, make: fn(&str, &str) -> Result<ApiRequest, ApiError>) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, words.title, move |_, _| open.set(false), move |account, id, ()| make(account, id));
    view! {
        <Card id=words.card title=words.title effect=effect text=words.text>
            <OpenButton ctx=ctx op=op open=open id=words.button label=words.confirm/>
        </Card>
        <Modal open=open title=words.dialog_title id=words.dialog_id>
            <ConfirmDialog ctx=ctx op=op input=Callback::new(|()| ()) label=words.confirm doing=words.doing>
                <p>{words.warning}</p>
            </ConfirmDialog>
        </Modal>
    }
}



#[component]
pub fn ResetPasswordCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Effect::MayRestart,
        Words {
            card: "card-reset-password",
            title: "Reset root password",
            text: "Sets a new random root password. When it is done, the Overview shows it.",
            button: "open-reset-password",
            dialog_id: "reset-password-dialog",
            dialog_title: "Reset the root password",
            warning: "The old password stops working. Sessions already open inside the VM are not closed.",
            doing: "Resetting the password",
            confirm: "Reset password",
        },
        request::reset_password,
    )
}

#[component]
pub fn RebuildNetworkCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Effect::MayRestart,
        Words {
            card: "card-rebuild-network",
            title: "Rebuild network",
            text: "Writes the network configuration into the VM again, e.g. after interfaces or addresses changed.",
            button: "open-rebuild-network",
            dialog_id: "rebuild-network-dialog",
            dialog_title: "Rebuild the network configuration",
            warning: "The VM's network settings are applied again. Its connections may drop for a moment.",
            doing: "Rebuilding the network",
            confirm: "Rebuild network",
        },
        request::rebuild_network,
    )
}

#[component]
pub fn ApplyFirewallCard(ctx: VmCtx) -> impl IntoView {
    confirm_only(
        ctx,
        Effect::NoRestart,
        Words {
            card: "card-apply-firewall",
            title: "Apply firewall rules",
            text: "Makes the firewall rules of the VM's interfaces take effect.",
            button: "open-apply-firewall",
            dialog_id: "apply-firewall-dialog",
            dialog_title: "Apply the firewall rules",
            warning: "The rules saved for this VM's interfaces replace the ones in force. Traffic they drop stops at once.",
            doing: "Applying the firewall rules",
            confirm: "Apply rules",
        },
        request::apply_firewall_rules,
    )
}

#[component]
pub fn TemplateCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, "Create template", move |_, _| open.set(false), |account, id, label: &String| request::create_template(account, id, label));
    view! {
        <Card id="card-template" title="Create template" effect=Effect::MayRestart
            text="Makes a template of this VM's disks, to build new VMs from.">
            <OpenButton ctx=ctx op=op open=open id="open-template" label="Create template…"/>
        </Card>
        <Modal open=open title="Create a template from this VM" id="template-dialog">
            <TemplateForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn TemplateForm(ctx: VmCtx, op: Op<String>) -> impl IntoView {
    let form = use_form_with_options("template", TemplateForm::default(), UseFormOptions::default().check(TemplateForm::errors).pending(op.pending()));
    let input = Callback::new(|f: TemplateForm| f.label.trim().to_owned());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing="Creating the template">
            <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label="Template label" placeholder="Optional"/>
            <DialogActions ctx=ctx op=op form=form input=input label="Create template"/>
        </FormView>
    }
}
