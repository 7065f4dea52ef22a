//! "Undo" on a firewall entry of the activity history (a rule added,
//! edited or deleted, a default policy set): the interface read as it is
//! now, the one request that undoes the entry shown before it is sent (or
//! why there is nothing to undo: what the entry did was changed since), the
//! lockout check of what is left, then, if asked, the VM's rules applied:
//! sent in order (`tasks::in_order`), each request in the history like any
//! other. The interface is read again just before sending: if the undo
//! would be another than the one shown, nothing is sent and the dialog
//! shows what it finds.

use crate::components::{CheckField, Modal};

use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};

use crate::api::network::vm_firewall;
use crate::api::{Api, ApiResult};
use crate::firewall::rollback::step_request;
use crate::firewall::sent_list::{set_line, SentList};
use crate::hooks::{use_data, use_form_with_options, UseFormOptions};
use crate::session::use_session;
use crate::tasks::in_order::send_in_order;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use vmdeck_core::api::request;
use vmdeck_core::firewall::reverse::{lockout_after, Reversal};
use vmdeck_core::firewall::rollback::Step;
use vmdeck_core::history::{action_label, Operation, Sent, Task};
use vmdeck_core::i18n::{common as c, firewall as t};
use vmdeck_core::network::{FirewallRule, Interface};

/// Whether the VM's rules are applied after the undo.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ThenApply {
    apply: bool,
}

/// The interface as it is now: itself (none if it is gone) and its rules.
type Now = (Option<Interface>, Vec<FirewallRule>);

#[component]
pub fn UndoEntry(open: RwSignal<bool>, entry: RwSignal<Option<Task>>) -> impl IntoView {
    let session = use_session();
    let tasks = use_tasks();
    let form =
        use_form_with_options("history-undo", ThenApply { apply: true }, UseFormOptions::default());
    let sent = RwSignal::new(Vec::<(String, Sent)>::new());
    let target = Memo::new(move |_| {
        open.get()
            .then(|| {
                entry.with(|e| {
                    e.as_ref().and_then(|task| {
                        task.reversal
                            .as_ref()
                            .map(|r| (task.vm_id.clone(), r.interface().to_owned()))
                    })
                })
            })
            .flatten()
    });
    // Each entry opened starts afresh: nothing sent, the apply on.
    Effect::watch(
        move || target.get(),
        move |_, _, _| {
            sent.set(Vec::new());
            form.discard();
        },
        false,
    );
    let read = use_data(
        move || target.get(),
        |api, target| async move {
            let Some((vm, nic)) = target else { return Ok(None) };
            read_now(&api, &vm, &nic).await.map(Some)
        },
    );
    let now = Memo::new(move |_| read.data.get().flatten());
    let reversal = Memo::new(move |_| entry.with(|e| e.as_ref().and_then(|t| t.reversal.clone())));
    // The one step that undoes the entry, from the interface as it is now.
    let step = Memo::new(move |_| {
        let reversal = reversal.get()?;
        now.with(|now| now.as_ref().map(|now| plan(&reversal, now)))
    });
    let note = Memo::new(move |_| {
        let reversal = reversal.get()?;
        now.with(|now| now.as_ref().and_then(|(_, rules)| reversal.note(rules)))
    });
    let label = move || {
        let id = entry
            .with(|e| {
                e.as_ref().and_then(|t| t.reversal.as_ref().map(|r| r.interface().to_owned()))
            })
            .unwrap_or_default();
        now.with(|now| now.as_ref().and_then(|(nic, _)| nic.as_ref().and_then(|n| n.label.clone())))
            .unwrap_or(id)
    };
    let warning = Signal::derive(move || {
        let Some(Ok(step)) = step.get() else { return None };
        now.with(|now| now.as_ref().and_then(|now| lockout(&step, now)))
    });
    let guard = Guard::new(warning);
    let sending =
        Memo::new(move |_| sent.with(|s| s.iter().any(|(_, state)| *state == Sent::Waiting)));
    let send = move || {
        let (Some(Ok(step)), Some(task)) = (step.get_untracked(), entry.get_untracked()) else {
            return;
        };
        if sending.get_untracked() || !guard.pass() {
            return;
        }
        let Some(reversal) = task.reversal.clone() else { return };
        let apply = form.with_untracked(|f| f.apply);
        let nic = reversal.interface().to_owned();
        // Each line as it is said, and its request.
        let mut lines = vec![(step.describe(&label()), step_request(session, &nic, &step))];
        if apply {
            let made =
                session.account_id().and_then(|a| request::apply_firewall_rules(&a, &task.vm_id));
            lines.push((t::FW_STEP_APPLY.get().to_owned(), (Operation::ApplyFirewallRules, made)));
        }
        sent.set(lines.iter().map(|(said, _)| (said.clone(), Sent::Waiting)).collect());
        let requests = lines.into_iter().map(|(_, request)| request).collect();
        let shown = (Ok(step), warning.get_untracked());
        let vm = (task.vm_id, task.vm_name);
        spawn_local(async move {
            let again = Api::call(session, {
                let (vm, nic) = (vm.0.clone(), nic.clone());
                move |api| async move { read_now(&api, &vm, &nic).await }
            });
            // Changed since it was shown: nothing is sent, and the dialog says what it finds.
            let same = again.await.is_ok_and(|now| {
                let step = plan(&reversal, &now);
                let warning = step.as_ref().ok().and_then(|step| lockout(step, &now));
                (step, warning) == shown
            });
            if same {
                let step = |i, state, _: &_| sent.update(|s| set_line(s, i, state));
                send_in_order(session, tasks, vm, requests, step).await;
            } else {
                sent.set(Vec::new());
            }
            read.refresh();
        });
    };
    let title = move || {
        entry
            .with(|e| {
                e.as_ref().map(|t| {
                    vmdeck_core::tf!(
                        t::FW_REVERSE_TITLE,
                        action = action_label(&t.action),
                        vm = t.vm_name
                    )
                })
            })
            .unwrap_or_default()
    };
    view! {
        <Modal open=open title=t::FW_REVERSE.get() id="history-undo-dialog">
            <p id="history-undo-entry"><strong>{title}</strong>" · "{move || vmdeck_core::tf!(vmdeck_core::i18n::shell::ACTIVITY_INTERFACE, nic = label())}</p>
            {move || match (read.error.get(), step.get()) {
                (Some(error), _) => Some(view! { <crate::components::ErrorView error=error doing=t::FW_LOADING_RULES.get() on_retry=Callback::new(move |()| read.refresh())/> }.into_any()),
                (None, None) => Some(view! { <div class="skeleton skeleton-row"></div> }.into_any()),
                (None, Some(Err(why))) => Some(view! { <p class="notice notice-info" id="history-undo-nothing">{why}</p> }.into_any()),
                (None, Some(Ok(step))) => Some(view! {
                    <p>{t::FW_REVERSE_SENDS.get()}</p>
                    <p class="mono" id="history-undo-step">{step.describe(&label())}</p>
                }.into_any()),
            }}
            {move || note.get().map(|note| view! { <p class="notice notice-warning" id="history-undo-note">{note}</p> })}
            <LockoutNotice guard=guard again=t::FW_REVERSE.get()/>
            <CheckField bound=form.bind_flag("apply", |f| f.apply, |f, on| f.apply = on)>{t::FW_REVERSE_APPLY.get()}</CheckField>
            <SentList id="history-undo-sent" sent=sent/>
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{c::CLOSE.get()}</button>
                <button type="button" class="button button-primary" id="history-undo-send"
                    disabled=move || sending.get() || !matches!(step.get(), Some(Ok(_)))
                    on:click=move |_| send()>{t::FW_REVERSE.get()}</button>
            </div>
        </Modal>
    }
}

/// The interface `nic` of the VM `vm` as it is now (none if it is gone), with its rules.
async fn read_now(api: &Api, vm: &str, nic: &str) -> ApiResult<Now> {
    let firewall = vm_firewall(api, vm).await?;
    let now = firewall.into_iter().find(|(n, _)| n.id.as_deref() == Some(nic));
    Ok(now.map_or((None, Vec::new()), |(nic, rules)| (Some(nic), rules)))
}

/// The step that undoes `reversal` on the interface as it is `now`, or why none.
fn plan(reversal: &Reversal, now: &Now) -> Result<Step, String> {
    match now {
        (None, _) => Err(t::FW_REVERSE_NO_INTERFACE.get().to_owned()),
        (Some(nic), rules) => reversal.plan(rules, nic.default_firewall_policy.as_deref()),
    }
}

/// Whether `step` on the interface as it is `now` may shut the user out.
fn lockout(step: &Step, (nic, rules): &Now) -> Option<String> {
    let policy = nic.as_ref().and_then(|n| n.default_firewall_policy.as_deref());
    lockout_after(step, rules, policy, my_address())
}

/// Whether the entry offers "Undo": a firewall write the service accepted
/// that the panel knows how to undo.
pub fn undoable(task: &Task) -> bool {
    task.reversal.is_some() && matches!(task.state, vmdeck_core::history::TaskState::Done(_))
}
