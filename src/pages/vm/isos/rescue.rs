//! Rescue in one flow: boot from an ISO (mount it, set the boot device to
//! CD-ROM, reboot) and back to normal (unmount, boot from the disk,
//! reboot). A step is sent once the VM is free after the one before; the
//! VM page's polling says when that is. Each step is sent as any VM
//! operation is (`use_op_with`: one with nothing to send is recorded as
//! done at once) and stands as any write sent in order does
//! (`vmdeck_core::history::Sent`).

use super::super::{busy_reason, use_op_with, VmCtx};
use crate::api::Outcome;
use crate::components::{ActionButton, ApiRequestView, ChoiceField, FormView, SubmitButton};
use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseDataReturn, UseFormOptions};
use crate::session::use_session;
use leptos::prelude::*;
use vmdeck_core::history::Sent;
use vmdeck_core::i18n::{common as c, vm as t, DASH};
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::iso::MountIsoForm;
use vmdeck_core::vm::rescue::{
    flow_requests, Flow, RescueStep, StepFacts, BACK_TO_NORMAL, INTO_RESCUE,
};
use vmdeck_core::VmStatus;

/// Sets a step's state, if the flow (and the page) are still there.
fn set_step(flow: RwSignal<Option<Flow>>, index: usize, state: Sent) {
    flow.try_update(|f| {
        if let Some(f) = f {
            f.set(index, state);
        }
    });
}

#[component]
pub fn Rescue(ctx: VmCtx, mounted: UseDataReturn<Option<IsoJoin>>) -> impl IntoView {
    let session = use_session();
    let deploy = use_deploy();
    let flow = RwSignal::new(None::<Flow>);
    let iso = StoredValue::new(String::new());
    // The VM page's count of "free after work" when the running step was sent.
    let sent_at = StoredValue::new(0u64);

    // What the steps' requests depend on, as the page knows it now.
    let facts = move |iso: String| StepFacts {
        iso,
        mounted: mounted
            .data
            .with(|m| m.as_ref().and_then(|m| m.as_ref().and_then(|j| j.id.clone()))),
        offline: ctx.vm.with(|vm| vm.as_ref().is_some_and(|vm| vm.status == VmStatus::Offline)),
    };
    // A step with nothing to send (no ISO to unmount) is done at once.
    let op = use_op_with(
        ctx,
        |(step, _): &(RescueStep, StepFacts)| step.operation(),
        |_, _| {},
        |account, vm, (step, facts): &(RescueStep, StepFacts)| step.request(account, vm, facts),
    );
    let send = move |index: usize, step: RescueStep| {
        let facts = untrack(|| facts(iso.get_value()));
        op.run_then((step, facts), move |ended| match ended {
            // Started: the VM is busy with it, and the step runs until it is free.
            Ok(Outcome::Started) => {}
            Ok(Outcome::Done) => set_step(flow, index, Sent::Done),
            Err(e) => set_step(flow, index, Sent::Failed(e.clone())),
        });
    };

    // The flow moves on when the VM is free: a running step is done once
    // the VM has been busy with it and is free again; then the next goes.
    Effect::new(move || {
        let busy = ctx.busy();
        let settled = ctx.settled.get();
        let Some(current) = flow.get() else { return };
        if let Some((index, _)) = current.running() {
            if !busy && settled > sent_at.get_value() {
                set_step(flow, index, Sent::Done);
            }
            return;
        }
        if busy {
            return;
        }
        if let Some((index, step)) = current.next() {
            set_step(flow, index, Sent::Sending);
            sent_at.set_value(settled);
            send(index, step);
        }
    });

    let has_iso = Memo::new(move |_| mounted.data.with(|m| matches!(m, Some(Some(_)))));
    let from_cd = Memo::new(move |_| {
        ctx.vm.with(|vm| vm.as_ref().and_then(|vm| vm.boot_type.clone())).as_deref()
            == Some("cdrom")
    });
    let under_way =
        Memo::new(move |_| flow.with(|f| f.as_ref().is_some_and(|f| !f.finished() && !f.failed())));
    let start = move |steps: Vec<RescueStep>| {
        if !under_way.get_untracked() {
            flow.set(Some(Flow::new(&steps)));
        }
    };
    let form = use_form_with_options(
        "rescue",
        MountIsoForm::default(),
        UseFormOptions::default().check(MountIsoForm::errors),
    );
    let into = Callback::new(move |f: MountIsoForm| {
        form.start_from(f.clone());
        iso.set_value(f.iso_id.trim().to_owned());
        // An ISO mounted already is the one booted from.
        let steps = INTO_RESCUE
            .iter()
            .copied()
            .filter(|s| !(has_iso.get_untracked() && *s == RescueStep::MountIso))
            .collect();
        start(steps);
    });
    let back = move |_| {
        let steps = BACK_TO_NORMAL
            .iter()
            .copied()
            .filter(|s| has_iso.get_untracked() || *s != RescueStep::UnmountIso)
            .collect();
        start(steps);
    };
    let blocked = Signal::derive(move || {
        if under_way.get() {
            Some(t::VM_RESCUE_UNDER_WAY.get())
        } else {
            busy_reason(ctx)
        }
    });
    // The requests of the flow its button starts, step by step.
    let preview = move |steps: &'static [RescueStep], iso: Option<String>| {
        let (Some(credentials), Some(iso)) = (session.credentials(), iso) else {
            return Vec::new();
        };
        let steps: Vec<_> = steps
            .iter()
            .copied()
            .filter(|s| !(has_iso.get() && *s == RescueStep::MountIso))
            .collect();
        flow_requests(&steps, &credentials.account_id, &ctx.id.get(), &facts(iso))
            .unwrap_or_default()
    };
    let isos = Signal::derive(move || deploy.with(|d| d.catalogue.isos.clone()));

    view! {
        <section class="panel" id="rescue">
            <h2>{c::RESCUE.get()}</h2>
            <p class="muted small">{t::VM_RESCUE_INTRO.get()}</p>
            {move || if has_iso.get() || from_cd.get() {
                view! {
                    <p>{move || if from_cd.get() { t::VM_RESCUE_FROM_CD.get() } else { t::VM_RESCUE_ISO_MOUNTED.get() }}</p>
                    <div class="modal-actions">
                        <ActionButton id="rescue-start-mounted" blocked=blocked
                            on:click=move |_| into.run(MountIsoForm::default())>{t::VM_RESCUE_BOOT_MOUNTED.get()}</ActionButton>
                        <ActionButton class="button button-primary" id="rescue-back" blocked=blocked
                            on:click=back>{t::VM_RESCUE_BACK.get()}</ActionButton>
                    </div>
                    <ApiRequestView requests=Signal::derive(move || preview(&BACK_TO_NORMAL, Some(String::new()))) id="rescue-back-request" what=t::VM_RESCUE_BACK_SENDS.get()/>
                }.into_any()
            } else {
                view! {
                    <FormView form=form on_submit=into doing=t::VM_RESCUE_DOING_BOOT.get()>
                        <ChoiceField bound=form.text("iso_id", |f| &f.iso_id, |f| &mut f.iso_id) label=t::VM_RESCUE_ISO.get() choices=isos/>
                        <SubmitButton form=form id="rescue-start" label=t::VM_RESCUE_BOOT_THIS.get() blocked=blocked/>
                        <ApiRequestView requests=Signal::derive(move || preview(&INTO_RESCUE, form.checked().map(|f| f.iso_id.trim().to_owned()))) id="rescue-request" what=t::VM_RESCUE_BOOT_THIS_SENDS.get()/>
                    </FormView>
                }.into_any()
            }}
            {move || flow.get().map(|f| view! {
                <ol class="rescue-steps" id="rescue-steps">
                    {f.steps.iter().map(|(step, state)| {
                        let (class, said) = match state {
                            Sent::Waiting | Sent::NotSent => ("step-waiting", c::WAITING.get().to_owned()),
                            Sent::Sending => ("step-running", t::VM_RESCUE_STEP_RUNNING.get().to_owned()),
                            Sent::Done => ("step-done", t::VM_RESCUE_STEP_DONE.get().to_owned()),
                            Sent::Failed(why) => ("step-failed", vmdeck_core::tf!(t::VM_RESCUE_STEP_FAILED, why = why)),
                        };
                        view! { <li class=format!("rescue-step {class}")><strong>{step.label()}</strong>" "{DASH}" "{said}</li> }
                    }).collect_view()}
                </ol>
            })}
            <p class="muted small" id="rescue-status" role="status" aria-live="polite">{move || flow.with(|f| f.as_ref().map(Flow::summary))}</p>
        </section>
    }
}
