//! Start, stop and reboot, in the page's header.

use super::{blocked_reason, use_op, DialogActions, VmCtx};
use crate::components::{ActionButton, ErrorView, FormView, Modal};
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t, Text};
use vmdeck_core::vm::power::PowerForm;
use vmdeck_core::VmStatus;

#[component]
pub fn PowerActions(ctx: VmCtx) -> impl IntoView {
    let status = move || ctx.vm.with(|vm| vm.as_ref().map(|vm| vm.status.clone()));
    let running = move || matches!(status(), Some(VmStatus::Online | VmStatus::Recovery));
    let unbuilt = move || matches!(status(), Some(VmStatus::Unbuilt));
    let stop_open = RwSignal::new(false);
    let reboot_open = RwSignal::new(false);

    let start =
        use_op(ctx, Operation::Start, |_, _| {}, |account, id, ()| request::start_vm(account, id));
    let stop = use_op(
        ctx,
        Operation::Stop,
        move |_, _| stop_open.set(false),
        |account, id, force: &bool| request::stop_vm(account, id, *force),
    );
    let reboot = use_op(
        ctx,
        Operation::Reboot,
        move |_, _| reboot_open.set(false),
        |account, id, force: &bool| request::reboot_vm(account, id, *force),
    );

    let start_blocked = Signal::derive(move || {
        blocked_reason(ctx, start.pending())
            .or_else(|| unbuilt().then(|| t::POWER_NOT_BUILT.get()))
            .or_else(|| {
                ctx.vm
                    .with(|vm| vm.as_ref().is_some_and(|vm| vm.suspended))
                    .then(|| t::POWER_SUSPENDED.get())
            })
    });

    view! {
        <div class="power-actions">
            {move || if running() {
                view! {
                    <ActionButton id="action-stop" blocked=stop.blocked() hint=t::POWER_STOP_HINT.get() on:click=move |_| stop_open.set(true)>{c::STOP.get()}</ActionButton>
                    <ActionButton id="action-reboot" blocked=reboot.blocked() hint=t::POWER_REBOOT_HINT.get() on:click=move |_| reboot_open.set(true)>{c::REBOOT.get()}</ActionButton>
                }.into_any()
            } else {
                view! {
                    <ActionButton class="button button-primary" id="action-start" blocked=start_blocked hint=t::POWER_START_HINT.get() on:click=move |_| start.run(())>{c::START.get()}</ActionButton>
                }.into_any()
            }}
            {move || start.error.get().map(|e| view! { <ErrorView error=e doing=t::POWER_DOING_START.get()/> })}
        </div>
        <ForceDialog op=stop open=stop_open words=STOP_WORDS/>
        <ForceDialog op=reboot open=reboot_open words=REBOOT_WORDS/>
    }
}

/// What stopping and rebooting say: they ask the same question.
struct ForceWords {
    dialog_id: &'static str,
    title: Text,
    graceful: Text,
    forced: Text,
    confirm: Text,
    doing: Text,
}

const STOP_WORDS: ForceWords = ForceWords {
    dialog_id: "stop-dialog",
    title: t::POWER_STOP_TITLE,
    graceful: t::POWER_STOP_GRACEFUL,
    forced: t::POWER_STOP_FORCED,
    confirm: c::STOP,
    doing: t::POWER_DOING_STOP,
};

const REBOOT_WORDS: ForceWords = ForceWords {
    dialog_id: "reboot-dialog",
    title: t::POWER_REBOOT_TITLE,
    graceful: t::POWER_REBOOT_GRACEFUL,
    forced: t::POWER_REBOOT_FORCED,
    confirm: c::REBOOT,
    doing: t::POWER_DOING_REBOOT,
};

/// The dialog of a stop or a reboot: graceful or forced, then the button
/// that sends it.
#[component]
fn ForceDialog(op: super::Op<bool>, open: RwSignal<bool>, words: ForceWords) -> impl IntoView {
    let ForceWords { dialog_id, title, graceful, forced, confirm, doing } = words;
    view! {
        <Modal open=open title=title.get() id=dialog_id>
            <ForceChoice op=op graceful=graceful.get() forced=forced.get() confirm=confirm.get() doing=doing.get()/>
        </Modal>
    }
}

#[component]
fn ForceChoice(
    op: super::Op<bool>,
    graceful: &'static str,
    forced: &'static str,
    confirm: &'static str,
    doing: &'static str,
) -> impl IntoView {
    let form = use_form_with_options(
        "power",
        PowerForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let force = move || form.with(|f| f.force);
    let choose = move |on: bool| {
        move |_| {
            form.edit("force", |f| f.force = on);
            form.touch("force");
        }
    };
    let input = Callback::new(|f: PowerForm| f.force);
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=doing>
            <div class="choices" role="radiogroup">
                <label class="choice">
                    <input type="radio" name="force" id="force-no" prop:checked=move || !force() on:change=choose(false)/>
                    <span>{graceful}</span>
                </label>
                <label class="choice">
                    <input type="radio" name="force" id="force-yes" prop:checked=force on:change=choose(true)/>
                    <span>{forced}</span>
                </label>
            </div>
            <DialogActions op=op form=form input=input label=confirm/>
        </FormView>
    }
}
