//! The banner of a firewall change with undo, on every page: the time left
//! with "Keep the change" and "Undo now", the restore under way, what is
//! left after a failure, and that it is done; and the restore itself (the
//! firewall read with `api::network::vm_firewall`, what is left sent in
//! order with `tasks::in_order`). A part of its own (`ROLLBACK_BANNER`), drawn
//! by the layout while `FirewallRollback::shown`.

use crate::api::network::vm_firewall;
use crate::api::vms::get_vm;
use crate::api::{Api, ApiResult};
use crate::components::ErrorView;
use crate::firewall::rollback::{
    now_ms, step_request, use_firewall_rollback, FirewallRollback, Phase, RETRY_MS,
};
use crate::session::Session;
use crate::start::parts::part;
use crate::storage;
use crate::tasks::in_order::{send_in_order, Ended};
use crate::tasks::Tasks;
use leptos::prelude::*;
use leptos::task::spawn_local;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rollback::{plan, InterfaceBefore, Rollback, Step, VmBefore};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, firewall as t};
use vmdeck_core::ApiError;

part!(
    ROLLBACK_BANNER,
    part_vm_tabs,
    vmdeck_core::i18n::shell::PART_FIREWALL_UNDO,
    view! { <Banner/> }
);

#[component]
fn Banner() -> impl IntoView {
    let undo = use_firewall_rollback();
    // A restore that is due (its time ran out, a retry) is done here.
    Effect::new(move |_| {
        if undo.due.get() > 0 {
            restore(undo);
        }
    });
    let vm = move || undo.pending.with(|p| p.as_ref().map(Rollback::names)).unwrap_or_default();
    // Minutes and seconds, as a countdown is read.
    let left = move || {
        let seconds = undo
            .pending
            .with(|p| p.as_ref().map(|p| p.until.saturating_sub(undo.now.get()).div_ceil(1000)))
            .unwrap_or_default();
        format!("{}:{:02}", seconds / 60, seconds % 60)
    };
    view! {
        {move || match undo.phase.get() {
            Phase::Restored => undo.restored_vm.get().map(|name| view! {
                <div class="notice notice-info undo-bar" role="status" id="undo-bar">
                    <p id="undo-restored">{vmdeck_core::tf!(t::FW_UNDO_DONE, vm = name)}</p>
                    <button type="button" class="button" id="undo-dismiss" on:click=move |_| undo.restored_vm.set(None)>{c::CLOSE.get()}</button>
                </div>
            }.into_any()),
            _ if !undo.busy() => None,
            Phase::Counting => Some(view! {
                <div class="notice notice-warning undo-bar" role="status" id="undo-bar">
                    <p id="undo-countdown" aria-live="off">{move || vmdeck_core::tf!(t::FW_UNDO_COUNTING, vm = vm(), time = left())}</p>
                    <div class="undo-actions">
                        <button type="button" class="button button-primary" id="undo-keep" on:click=move |_| undo.keep()>{t::FW_UNDO_KEEP.get()}</button>
                        <button type="button" class="button" id="undo-now" on:click=move |_| restore(undo)>{t::FW_UNDO_NOW.get()}</button>
                    </div>
                </div>
            }.into_any()),
            Phase::Waiting | Phase::Restoring => Some(view! {
                <div class="notice notice-info undo-bar" role="status" id="undo-bar">
                    <p id="undo-restoring">{move || vmdeck_core::tf!(t::FW_UNDO_RESTORING, vm = vm())}</p>
                </div>
            }.into_any()),
            Phase::Failed { error, left, .. } => Some(view! {
                <div class="undo-bar undo-failed" id="undo-bar">
                    <ErrorView error=error doing=vmdeck_core::tf!(t::FW_UNDO_FAILED, vm = vm()) on_retry=Callback::new(move |()| restore(undo))/>
                    <p>{vmdeck_core::tf!(t::FW_UNDO_LEFT, seconds = RETRY_MS / 1000)}</p>
                    <ul id="undo-left">{left.into_iter().map(|step| view! { <li class="mono">{step}</li> }).collect_view()}</ul>
                </div>
            }.into_any()),
        }}
    }
}

/// Puts the firewalls back now (its time ran out, or "Undo now"), VM by
/// VM; each one back leaves the change, so a retry goes on from the next.
fn restore(this: FirewallRollback) {
    let Some(undo) = this.pending.get_untracked() else { return };
    if this.phase.get_untracked() == Phase::Restoring {
        return;
    }
    this.phase.set(Phase::Restoring);
    spawn_local(async move {
        for (i, vm) in undo.vms.iter().enumerate() {
            match put_back(this.session, this.tasks, vm).await {
                Ok(true) => {
                    if let Some(account) = this.session.account_key() {
                        storage::forget_unapplied(&account, &vm.vm_id);
                    }
                    this.vm_restored(&vm.vm_id);
                }
                Ok(false) => return this.phase.set(Phase::Waiting),
                Err((error, mut left)) => {
                    left.extend(
                        undo.vms
                            .iter()
                            .skip(i + 1)
                            .map(|next| vmdeck_core::tf!(t::FW_STEP_NEXT_VM, vm = next.vm_name)),
                    );
                    return this.phase.set(Phase::Failed {
                        error,
                        left,
                        again: now_ms() + RETRY_MS,
                    });
                }
            }
        }
        this.keep();
        this.restored_vm.set(Some(undo.names()));
        this.phase.set(Phase::Restored);
        this.restored.notify();
    });
}

/// Each interface's plan from what is there now; none while the VM is
/// busy (it could not apply).
async fn read_plans(api: Api, vm: VmBefore) -> ApiResult<Option<Vec<(InterfaceBefore, Step)>>> {
    if get_vm(&api, &vm.vm_id).await?.locked {
        return Ok(None);
    }
    let firewall = vm_firewall(&api, &vm.vm_id).await?;
    let mut steps = Vec::new();
    for kept in &vm.interfaces {
        // An interface gone since is not found, as reading its rules would say.
        let (nic, now) = firewall
            .iter()
            .find(|(n, _)| n.id.as_deref() == Some(kept.nic.as_str()))
            .ok_or_else(|| ApiError::NotFound(Default::default()))?;
        let policy = nic.default_firewall_policy.as_deref();
        steps.extend(plan(kept, now, policy).into_iter().map(|step| (kept.clone(), step)));
    }
    Ok(Some(steps))
}

/// Sends what is left of one VM, in order (`tasks::in_order`), then
/// applies: `false` when the VM was busy (nothing was sent, or a step left
/// it at work and the rest waits).
async fn put_back(
    session: Session,
    tasks: Tasks,
    kept: &VmBefore,
) -> Result<bool, (ApiError, Vec<String>)> {
    let apply = || t::FW_STEP_APPLY.get().to_owned();
    let read = Api::call(session, {
        let kept = kept.clone();
        move |api| read_plans(api, kept)
    });
    let steps = match read.await {
        Ok(Some(steps)) => steps,
        Ok(None) => return Ok(false),
        Err(error) => return Err((error, vec![t::FW_STEP_READ.get().to_owned(), apply()])),
    };
    let vm = (kept.vm_id.clone(), kept.vm_name.clone());
    let left = |from: usize| {
        steps
            .iter()
            .skip(from)
            .map(|(kept, step)| step.describe(&kept.label))
            .chain([apply()])
            .collect::<Vec<_>>()
    };
    let mut requests: Vec<_> =
        steps.iter().map(|(kept, step)| step_request(session, &kept.nic, step)).collect();
    let made = session
        .account_id()
        .and_then(|account| request::apply_firewall_rules(&account, &kept.vm_id));
    requests.push((Operation::ApplyFirewallRules, made));
    match send_in_order(session, tasks, vm, requests, |_, _, _| {}).await {
        Ended::All => Ok(true),
        // Work on the VM: the tray follows it; the rest waits for it.
        Ended::Busy(_) => Ok(false),
        Ended::Refused(at, error) => Err((error, left(at))),
    }
}
