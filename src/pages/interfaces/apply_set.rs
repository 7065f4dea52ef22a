//! A rule set applied to the interfaces chosen on the list, across VMs.
//! Each interface's rules are read first, and before anything is sent the
//! dialog shows per interface what would be added, what is there already,
//! the policy and the lockout check. Then, VM by VM and one request at a
//! time (`tasks::in_order`), each interface's rules are created in order
//! and its policy set; a refusal stops that interface (the rest of it is
//! not sent) and the others go on; each VM whose changes all went through
//! has its rules applied if asked.

use crate::api::network::interface_rules;
use crate::components::{Cell, CheckField, Column, DataTable, Modal, TableId};
use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};
use crate::firewall::rollback_choice::{RollbackChoice, RollbackChooser};
use crate::firewall::rule_sets::offered_sets;
use crate::firewall::sent_list::{plan_lines, plan_requests, set_line, SentList};
use crate::hooks::{use_data, use_form_with_options, UseFormOptions};
use crate::session::use_session;
use crate::tasks::in_order::{send_in_order, Ended};
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use vmdeck_core::api::request;
use vmdeck_core::firewall::sets::{plan, SetPlan, Verdict};
use vmdeck_core::history::{Operation, Sent};
use vmdeck_core::i18n::{common as c, firewall as t, integer};
use vmdeck_core::network::Interface;

/// The set chosen (its place in the list offered), whether its policy is set
/// too, and whether each VM's rules are applied afterwards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
struct SetChoice {
    set: String,
    set_policy: bool,
    apply: bool,
}

impl Default for SetChoice {
    fn default() -> Self {
        Self { set: String::new(), set_policy: true, apply: true }
    }
}

/// One interface: where it is, and its plan once its rules are read.
#[derive(Clone, PartialEq)]
struct Target {
    nic: Interface,
    plan: Option<SetPlan>,
}

#[component]
pub fn ApplySetDialog(
    open: RwSignal<bool>,
    chosen: Memo<Vec<Interface>>,
    /// Called once everything is sent: the list reads the policies again.
    sent_all: Callback<()>,
) -> impl IntoView {
    let sets = offered_sets(use_session(), move || open.track());
    let form = use_form_with_options("apply-set", SetChoice::default(), UseFormOptions::default());
    let ids = Memo::new(move |_| {
        if open.get() {
            chosen.with(|list| list.iter().filter_map(|n| n.id.clone()).collect::<Vec<_>>())
        } else {
            Vec::new()
        }
    });
    let read = use_data(
        move || ids.get(),
        |api, ids| async move {
            let mut rules = Vec::new();
            for id in ids {
                let list = interface_rules(&api, &id, &[]).await?;
                rules.push((id, list));
            }
            Ok(rules)
        },
    );
    let set = Memo::new(move |_| {
        form.with(|f| f.set.parse::<usize>().ok()).and_then(|i| sets.with(|s| s.get(i).cloned()))
    });
    let targets = Memo::new(move |_| {
        let read = read.data.get().unwrap_or_default();
        let set = set.get();
        let wanted = form.with(|f| f.set_policy);
        chosen
            .get()
            .into_iter()
            .map(|nic| {
                let existing = read
                    .iter()
                    .find(|(id, _)| nic.id.as_deref() == Some(id.as_str()))
                    .map(|(_, rules)| rules);
                let plan = set.as_ref().zip(existing).map(|(set, existing)| {
                    plan(
                        existing,
                        nic.default_firewall_policy.as_deref(),
                        &set.rules,
                        set.policy.as_deref().filter(|_| wanted),
                        my_address(),
                    )
                });
                Target { nic, plan }
            })
            .collect::<Vec<_>>()
    });
    let guard = Guard::new(Signal::derive(move || {
        let shut: Vec<String> = targets.with(|list| {
            list.iter()
                .filter(|t| t.plan.as_ref().is_some_and(|p| p.lockout.is_some()))
                .map(|t| where_is(&t.nic))
                .collect()
        });
        (!shut.is_empty())
            .then(|| vmdeck_core::tf!(t::FW_SETS_LOCKOUT, interfaces = shut.join(", ")))
    }));
    let sent = RwSignal::new(Vec::<(String, Vec<(String, Sent)>)>::new());
    let sending = Memo::new(move |_| {
        sent.with(|all| all.iter().flat_map(|(_, list)| list).any(|(_, s)| *s == Sent::Waiting))
    });
    let ready = Memo::new(move |_| {
        targets.with(|list| !list.is_empty() && list.iter().all(|t| t.plan.is_some()))
    });
    let session = use_session();
    let tasks = use_tasks();
    let with_rollback = RollbackChooser::new("apply-set-undo");
    // Sends every interface's plan, VM by VM; `apply`: each VM whose
    // changes all went through is applied.
    let send_now = move |apply: bool| {
        let list = targets.get_untracked();
        // What each interface will send, as its lines; one list per interface.
        sent.set(
            list.iter()
                .map(|t| {
                    (
                        where_is(&t.nic),
                        t.plan.iter().flat_map(plan_lines).map(|l| (l, Sent::Waiting)).collect(),
                    )
                })
                .collect(),
        );
        // The line `j` of the list `i` has ended.
        let set = move |i: usize, j: usize, state: Sent| {
            sent.update(|all| {
                if let Some((_, l)) = all.get_mut(i) {
                    set_line(l, j, state)
                }
            })
        };
        spawn_local(async move {
            for (vm, name) in vms_of(&list) {
                let mut all_done = true;
                let mut any_sent = false;
                for (i, target) in list
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| t.nic.vm_id.clone().unwrap_or_default() == vm)
                {
                    let Some(plan) = &target.plan else { continue };
                    any_sent |= !plan.rules.is_empty() || plan.policy.is_some();
                    let nic = target.nic.id.clone().unwrap_or_default();
                    let requests = plan_requests(session, &nic, plan);
                    let step = move |j, state, _: &_| set(i, j, state);
                    let ended =
                        send_in_order(session, tasks, (vm.clone(), name.clone()), requests, step);
                    all_done &= ended.await == Ended::All;
                }
                if apply && all_done && any_sent {
                    let made =
                        session.account_id().and_then(|a| request::apply_firewall_rules(&a, &vm));
                    let line = (t::FW_STEP_APPLY.get().to_owned(), Sent::Waiting);
                    let i = sent.with_untracked(Vec::len);
                    sent.update(|all| all.push((name.clone(), vec![line])));
                    let requests = vec![(Operation::ApplyFirewallRules, made)];
                    let step = move |j, state, _: &_| set(i, j, state);
                    send_in_order(session, tasks, (vm.clone(), name.clone()), requests, step).await;
                }
            }
            // What is there now: a second press sends only what is still missing.
            read.refresh();
            sent_all.run(());
        });
    };
    let send = move || {
        if !sending.get_untracked() && ready.get_untracked() && guard.pass() {
            // With undo, each VM is applied: a change not in force cannot be tried.
            let apply = form.with_untracked(|f| f.apply);
            with_rollback.send(
                move || targets.with_untracked(|list| vms_of(list)),
                move |undone| send_now(undone || apply),
            );
        }
    };
    view! {
        <Modal open=open title=t::FW_SETS_TITLE.get() id="apply-set-dialog">
            <label class="field">
                <span class="field-label">{t::FW_SETS_WHICH.get()}</span>
                <select id="apply-set-set" on:change=move |ev| form.edit("set", |f| f.set = event_target_value(&ev))>
                    <option value="">{vmdeck_core::i18n::DASH}</option>
                    {move || sets.get().into_iter().enumerate().map(|(i, set)| view! { <option value=i.to_string()>{set.name}</option> }).collect_view()}
                </select>
            </label>
            {move || set.get().map(|set| view! {
                <pre class="import-example mono small" id="apply-set-rules">{set.text()}</pre>
                {set.policy.map(|policy| view! {
                    <CheckField bound=form.bind_flag("set_policy", |f| f.set_policy, |f, on| f.set_policy = on)>{vmdeck_core::tf!(t::FW_SET_POLICY_TOO, policy = policy)}</CheckField>
                })}
            })}
            <CheckField bound=form.bind_flag("apply", |f| f.apply, |f, on| f.apply = on)>{t::FW_SETS_APPLY_AFTER.get()}</CheckField>
            <RollbackChoice chooser=with_rollback/>
            <Show when=move || with_rollback.form.with(|f| f.on) && !form.with(|f| f.apply)>
                <p class="muted small" id="apply-set-undo-applies">{t::FW_SETS_UNDO_APPLIES.get()}</p>
            </Show>
            {move || read.error.get().map(|e| view! { <crate::components::ErrorView error=e doing=vmdeck_core::i18n::firewall::FW_LOADING_RULES.get()/> })}
            <TargetTable targets=targets/>
            <LockoutNotice guard=guard again=t::FW_SETS_SEND.get()/>
            {move || sent.get().into_iter().enumerate().map(|(i, (title, list))| view! {
                <p class="sent-title"><strong>{title}</strong></p>
                {list.is_empty().then(|| view! { <p class="muted small">{t::FW_SETS_NOTHING.get()}</p> })}
                <SentList id=format!("apply-set-sent-{i}") sent=Signal::derive(move || list.clone())/>
            }).collect_view()}
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{c::CLOSE.get()}</button>
                <button type="button" class="button button-primary" id="apply-set-send" disabled=move || sending.get() || with_rollback.held() || !ready.get() on:click=move |_| send()>
                    {move || vmdeck_core::tf!(t::FW_SETS_SEND_TO, count = integer(chosen.with(Vec::len) as i64))}
                </button>
            </div>
        </Modal>
    }
}

/// The VMs of the interfaces, each once in their order: id and name.
fn vms_of(list: &[Target]) -> Vec<(String, String)> {
    let mut vms: Vec<(String, String)> = Vec::new();
    for target in list {
        let vm = target.nic.vm_id.clone().unwrap_or_default();
        if !vms.iter().any(|(id, _)| *id == vm) {
            vms.push((vm.clone(), vmdeck_core::tf!(c::VM_NUMBER, id = vm)));
        }
    }
    vms
}

/// "eth0 on VM 1001": where an interface is, as the dialog names it.
fn where_is(nic: &Interface) -> String {
    vmdeck_core::tf!(
        t::FW_SETS_WHERE,
        interface = nic.name(),
        vm = nic.vm_id.clone().unwrap_or_default()
    )
}

/// Per interface: what would be added, what is there already, the policy,
/// and the lockout check's verdict.
#[component]
fn TargetTable(targets: Memo<Vec<Target>>) -> impl IntoView {
    move || {
        targets.with(|list| {
        let [rules, policy, check] = [t::FW_SETS_RULES, t::FW_SETS_POLICY, t::FW_SETS_CHECK].map(|text| Column::text(text.get()));
        let rows = list.iter().map(|target| {
            let id = format!("apply-set-row-{}", target.nic.id.clone().unwrap_or_default());
            let cells = match &target.plan {
                None => view! { <td colspan="3" class="muted">"…"</td> }.into_any(),
                Some(plan) => {
                    let present = plan.verdicts.iter().filter(|v| **v == Verdict::Present).count();
                    // A rule added that earlier rules would always take first: said with why.
                    let shadowed: Vec<String> = plan.verdicts.iter().filter_map(|v| match v {
                        Verdict::Shadowed(message) => Some(vmdeck_core::tf!(t::FW_IMPORT_SHADOWED, message = message)),
                        _ => None,
                    }).collect();
                    let counts = vmdeck_core::tf!(t::FW_SETS_COUNTS, new = integer(plan.rules.len() as i64), present = integer(present as i64));
                    let set_policy = vmdeck_core::i18n::or_dash(plan.policy.clone());
                    let (verdict, lockout) = match &plan.lockout {
                        Some(why) => ("verdict-shadowed", why.clone()),
                        None => ("verdict-added", t::FW_SETS_LOCKOUT_NONE.get().to_owned()),
                    };
                    view! {
                        <Cell of=&rules>
                            {counts}
                            {(!shadowed.is_empty()).then(|| view! {
                                <ul class="small verdict-shadowed apply-set-shadowed">{shadowed.into_iter().map(|said| view! { <li>{said}</li> }).collect_view()}</ul>
                            })}
                        </Cell>
                        <Cell of=&policy>{set_policy}</Cell>
                        <Cell of=&check class=verdict>{lockout}</Cell>
                    }.into_any()
                }
            };
            view! { <tr id=id><th scope="row">{where_is(&target.nic)}</th>{cells}</tr> }
        }).collect_view();
        let columns = vec![Column::text(c::INTERFACE.get()), rules, policy, check];
        view! { <DataTable id=TableId::Exact("apply-set-preview") columns=columns blocks=true>{rows}</DataTable> }
    })
    }
}
