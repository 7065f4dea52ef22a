//! The VM's firewall: rules per interface with the spec's filters, the
//! default policy as the last, implicit rule; the rules checked (shadowed,
//! duplicate, no way in) and a packet tester; new rules checked and
//! explained; applying them, with a guard against locking oneself out.

mod guard;
mod tester;

pub use guard::{my_address, Guard, LockoutNotice};

use super::{use_op, use_tab_data, use_vm, Op, VmCtx};
use crate::api::network::{interface_rules, vm_interfaces};
use crate::deploy::network_name;
use crate::components::{fixed_options, ActionButton, ApiRequestView, Empty, EmptyState, ErrorView, Export, ExportButtons, FormView, Loaded, SelectField, SubmitButton, TextField};
use crate::hooks::{use_data, use_form_with_options, use_url_filters, Form, UrlFilters, UseDataReturn, UseFormOptions};
use crate::storage::{self, Store};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, firewall as t, messages as m};
use serde_json::Value;
use vmdeck_core::history::export;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::network::{FirewallRule, Interface};
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::{describe, semantics, FindingKind, RuleSet};

const FILTERS: &[&str] = &["interface", "command", "port", "address"];

/// Rules created here and not applied yet, per VM, for this browser session.
fn unapplied_key(vm: &str) -> String {
    format!("{}{vm}", crate::storage::keys::UNAPPLIED_PREFIX)
}

fn read_unapplied(vm: &str) -> Vec<String> {
    storage::read(Store::Tab, &unapplied_key(vm)).unwrap_or_default()
}

fn write_unapplied(vm: &str, rules: &[String]) {
    storage::write(Store::Tab, &unapplied_key(vm), rules);
}

#[component]
pub fn FirewallTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let filters = use_url_filters(FILTERS);
    let interfaces = use_tab_data(ctx, |api, id| async move { vm_interfaces(&api, &id, &[]).await });
    let unapplied = RwSignal::new(read_unapplied(&ctx.id.get_untracked()));
    let listed = Memo::new(move |_| interfaces.data.get().unwrap_or_default());
    // The interface whose rules are shown: the URL's, else the first.
    let chosen = Memo::new(move |_| {
        let wanted = filters.get("interface");
        listed.with(|list| {
            list.iter().find(|n| n.id.as_deref() == Some(wanted.as_str())).or(list.first()).cloned()
        })
    });
    let chosen_id = Memo::new(move |_| chosen.with(|n| n.as_ref().and_then(|n| n.id.clone())).unwrap_or_default());
    let rule_query = Memo::new(move |_| (chosen_id.get(), filters.pairs(&["command", "port", "address"])));
    let rules = use_data(
        move || {
            ctx.settled.track();
            rule_query.get()
        },
        |api, (id, query)| async move {
            if id.is_empty() {
                return Ok(Vec::new());
            }
            interface_rules(&api, &id, &query).await
        },
    );
    // The checks, the tester and the guard look at every rule of the
    // interface: with filters on, the table shows only some.
    let filtered = Memo::new(move |_| rule_query.with(|(_, query)| !query.is_empty()));
    let unfiltered = use_data(
        move || {
            ctx.settled.track();
            (chosen_id.get(), filtered.get())
        },
        |api, (id, filtered)| async move {
            if id.is_empty() || !filtered {
                return Ok(Vec::new());
            }
            interface_rules(&api, &id, &[]).await
        },
    );
    let every_rule = Memo::new(move |_| if filtered.get() { unfiltered.data.get() } else { rules.data.get() });
    let policy = Memo::new(move |_| chosen.with(|n| n.as_ref().and_then(|n| n.default_firewall_policy.clone())));
    let rule_set = Signal::derive(move || every_rule.with(|list| list.as_ref().map(|list| RuleSet::new(list, policy.get().as_deref()))));
    let tester = tester::use_tester(rule_set, every_rule);
    // The rule being typed belongs to the tab, not to the table under it:
    // the list reloading (the VM settling after work) must not reset it.
    let created = use_op(
        ctx,
        "Create firewall rule",
        move |(_, _, text): &(String, Value, String), _| {
            let vm = ctx.id.get_untracked();
            let mut list = read_unapplied(&vm);
            list.push(text.clone());
            write_unapplied(&vm, &list);
            unapplied.set(list);
        },
        |account, _, (nic, body, _): &(String, Value, String)| request::create_rule(account, nic, body.clone()),
    );
    let rule_form = use_form_with_options(
        "rule",
        RuleForm::default(),
        UseFormOptions::default()
            .check(RuleForm::errors)
            .draft(&format!("rule.{}", ctx.id.get_untracked()), RuleForm::clone)
            .pending(created.pending()),
    );
    view! {
        <ApplyBar ctx=ctx unapplied=unapplied rule_set=rule_set/>
        <Loaded data=interfaces doing=t::FW_LOADING_INTERFACES.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::list(|| view! { <EmptyState title=vmdeck_core::i18n::shell::NICS_EMPTY_TITLE.get() text=t::FW_NO_INTERFACES_TEXT.get()/> })
            render={move |_| view! {
                <RuleFilters filters=filters listed=listed chosen=chosen_id/>
                <div class="table-actions">
                    <ExportButtons id="rules" name=Signal::derive(move || format!("firewall-rules-vm{}-interface{}", ctx.id.get(), chosen_id.get()))
                        export=Callback::new(move |()| every_rule.with(|l| l.as_ref().map(|l| Export::of(&export::rules(l), l.iter().map(|r| &r.raw)))))/>
                </div>
                <RuleChecks rule_set=rule_set/>
                <Loaded data=rules doing=t::FW_LOADING_RULES.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                    render={move |list: Vec<FirewallRule>| view! { <RuleTable rules=list policy=chosen.get_untracked().and_then(|n| n.default_firewall_policy) decider=tester.decider/> }}/>
                <tester::PacketTester tester=tester rule_set=rule_set rules=every_rule/>
                <NewRule form=rule_form op=created nic=chosen_id rules=rules rule_set=rule_set/>
            }}/>
    }
    .into_any()
}

#[component]
fn ApplyBar(ctx: VmCtx, unapplied: RwSignal<Vec<String>>, rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let op = use_op(ctx, "Apply firewall rules", move |_, _| {
        unapplied.set(Vec::new());
        write_unapplied(&ctx.id.get_untracked(), &[]);
    }, |account, id, ()| request::apply_firewall_rules(account, id));
    let guard = Guard::new(Signal::derive(move || rule_set.with(|set| set.as_ref().and_then(|set| set.lockout(my_address())))));
    view! {
        <div class="notice notice-info apply-bar">
            <div>
                <p class="notice-title">{t::FW_APPLY_TITLE.get()}</p>
                {move || {
                    let list = unapplied.get();
                    if list.is_empty() {
                        view! { <p id="unapplied-none">{t::FW_UNAPPLIED_NONE.get()}</p> }.into_any()
                    } else {
                        view! {
                            <p>{t::FW_UNAPPLIED_LIST.get()}</p>
                            <ul id="unapplied-list">{list.into_iter().map(|r| view! { <li class="mono">{r}</li> }).collect_view()}</ul>
                        }.into_any()
                    }
                }}
            </div>
            <ActionButton class="button button-primary" id="apply-rules" blocked=op.blocked()
                on:click=move |_| if guard.pass() { op.run(()) }>{m::HISTORY_APPLY_FIREWALL_RULES.get()}</ActionButton>
        </div>
        <LockoutNotice guard=guard again=m::HISTORY_APPLY_FIREWALL_RULES.get() after_first_try=true/>
        {move || op.error.get().map(|e| view! { <ErrorView error=e doing=vmdeck_core::i18n::common::APPLYING_FIREWALL_RULES.get()/> })}
    }
}

#[component]
fn RuleFilters(filters: UrlFilters, listed: Memo<Vec<Interface>>, chosen: Memo<String>) -> impl IntoView {
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>{c::INTERFACE.get()}</span>
                <select id="rule-interface" on:change=move |ev| filters.set("interface", event_target_value(&ev))>
                    {move || listed.get().into_iter().map(|n| {
                        let id = n.id.clone().unwrap_or_default();
                        let value = id.clone();
                        view! { <option value=id selected=move || chosen.get() == value>{format!("{} ({})", n.name(), network_name(n.network_id.as_deref()))}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label class="filter">
                <span>{t::FW_COMMAND.get()}</span>
                <select id="rule-filter-command" on:change=move |ev| filters.set("command", event_target_value(&ev))>
                    <option value="" selected=move || filters.get("command").is_empty()>{vmdeck_core::i18n::shell::FILTER_ANY.get()}</option>
                    <option value="accept" selected=move || filters.get("command") == "accept">"ACCEPT"</option>
                    <option value="drop" selected=move || filters.get("command") == "drop">"DROP"</option>
                </select>
            </label>
            <label class="filter"><span>{c::PORT.get()}</span>
                <input type="search" id="rule-filter-port" size="10" prop:value=move || filters.get("port") on:change=move |ev| filters.set("port", event_target_value(&ev))/></label>
            <label class="filter"><span>{c::ADDRESS.get()}</span>
                <input type="search" id="rule-filter-address" size="14" prop:value=move || filters.get("address") on:change=move |ev| filters.set("address", event_target_value(&ev))/></label>
        </div>
    }
}

/// What is wrong with the rules as they stand, each finding with the rules
/// it concerns, and how rules are read.
#[component]
fn RuleChecks(rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let findings = Memo::new(move |_| rule_set.with(|set| set.as_ref().map(RuleSet::checks).unwrap_or_default()));
    view! {
        <p class="muted small" id="rule-semantics">{semantics()}</p>
        {move || {
            let list = findings.get();
            (!list.is_empty()).then(|| view! {
                <div class="notice notice-warning" id="rule-checks">
                    <p class="notice-title">{vmdeck_core::i18n::plural(list.len() as u64, &t::FW_CHECKS_ONE, &t::FW_CHECKS_OTHER)}</p>
                    <ul>
                        {list.into_iter().map(|finding| {
                            let kind = match finding.kind {
                                FindingKind::Malformed => "malformed",
                                FindingKind::Shadowed => "shadowed",
                                FindingKind::Duplicate => "duplicate",
                                FindingKind::OverlappingPorts => "overlap",
                                FindingKind::NoRemoteAccess => "no-remote-access",
                            };
                            view! { <li class=format!("finding finding-{kind}")>{finding.message}</li> }
                        }).collect_view()}
                    </ul>
                </div>
            })
        }}
    }
}

#[component]
fn RuleTable(rules: Vec<FirewallRule>, policy: Option<String>, decider: Memo<Option<String>>) -> impl IntoView {
    let dash = || "—".to_owned();
    let policy = policy.unwrap_or_else(|| "ACCEPT".into());
    view! {
        <div class="table-wrap">
            <table class="table" id="rule-table">
                <thead><tr>
                    <th scope="col" class="num">"#"</th><th scope="col">{t::FW_COMMAND.get()}</th><th scope="col">{c::PROTOCOL.get()}</th>
                    <th scope="col">{t::FW_FROM.get()}</th><th scope="col">{c::PORT.get()}</th><th scope="col">{t::FW_DESCRIPTION.get()}</th>
                </tr></thead>
                <tbody>
                    {rules.into_iter().enumerate().map(|(i, r)| {
                        let id = r.id.clone();
                        let row_id = id.clone().map(|id| format!("rule-row-{id}"));
                        view! {
                        <tr class="rule" id=row_id class:is-decider=move || id.is_some() && decider.with(|d| *d == id)>
                            <td class="num">{r.position.unwrap_or(i as i64 + 1)}</td>
                            <td><span class=format!("badge {}", if r.command.as_deref() == Some("DROP") { "badge-suspended" } else { "badge-online" })>{r.command.clone().unwrap_or_else(dash)}</span></td>
                            <td>{r.protocol.clone().unwrap_or_else(dash)}</td>
                            <td class="mono">{r.address.clone().filter(|a| !a.is_empty() && a != "0.0.0.0").unwrap_or_else(|| t::FW_EVERYONE.get().to_owned())}</td>
                            <td class="mono">{r.port.clone().filter(|p| !p.is_empty()).unwrap_or_else(|| vmdeck_core::i18n::shell::FILTER_ANY.get().to_owned())}</td>
                            <td>{r.description.clone().unwrap_or_else(dash)}</td>
                        </tr>
                    }}).collect_view()}
                    <tr class="rule-default" id="rule-default" class:is-decider=move || decider.with(|d| d.as_deref() == Some(tester::POLICY))>
                        <td class="num">"—"</td>
                        <td><span class=format!("badge {}", if policy == "DROP" { "badge-suspended" } else { "badge-online" })>{policy.clone()}</span></td>
                        <td colspan="4" class="muted">{t::FW_DEFAULT_POLICY_ROW.get()}</td>
                    </tr>
                </tbody>
            </table>
        </div>
    }
}

#[component]
fn NewRule(
    form: Form<RuleForm>,
    op: Op<(String, Value, String)>,
    nic: Memo<String>,
    rules: UseDataReturn<Vec<FirewallRule>>,
    rule_set: Signal<Option<RuleSet>>,
) -> impl IntoView {
    // Only a DROP rule can lock anyone out.
    let guard = Guard::new(Signal::derive(move || {
        let added = form.with(|f| (f.command == "DROP").then(|| f.body().ok()).flatten())?;
        let rule = FirewallRule::from_map(added.as_object()?);
        rule_set.with(|set| set.as_ref().and_then(|set| set.with_rule(&rule).lockout(my_address())))
    }));
    let warnings = Memo::new(move |_| {
        let existing = rules.data.get().unwrap_or_default();
        form.with(|f| f.warnings(&existing))
    });
    let blocked = op.blocked();
    let input = Callback::new(move |f: RuleForm| {
        let body = f.body().ok()?;
        let said = describe(&FirewallRule::from_map(body.as_object()?));
        Some((nic.get(), body, said))
    });
    let submit = Callback::new(move |f: RuleForm| {
        if let Some(input) = input.run(f) {
            if guard.pass() {
                op.submit(form, input);
            }
        }
    });
    view! {
        <section class="panel" id="new-rule">
            <h2>{t::FW_ADD_RULE_TITLE.get()}</h2>
            <FormView form=form on_submit=submit doing=t::FW_CREATING_RULE.get()>
                <div class="grid-4">
                    <SelectField bound=form.text("command", |f| &f.command, |f| &mut f.command) label=t::FW_COMMAND.get() options=fixed_options(&[("ACCEPT", "ACCEPT"), ("DROP", "DROP")])/>
                    <SelectField bound=form.text("protocol", |f| &f.protocol, |f| &mut f.protocol) label=c::PROTOCOL.get() options=fixed_options(&[("TCP", "TCP"), ("UDP", "UDP")])/>
                    <TextField bound=form.text("address", |f| &f.address, |f| &mut f.address) label=t::FW_FROM_ADDRESS.get() placeholder=t::FW_EVERYONE.get() hint=t::FW_ADDRESS_HINT.get()/>
                    <TextField bound=form.text("port", |f| &f.port, |f| &mut f.port) label=c::PORT.get() placeholder=vmdeck_core::i18n::shell::FILTER_ANY.get() hint=t::FW_PORT_HINT.get()/>
                </div>
                <TextField bound=form.text("description", |f| &f.description, |f| &mut f.description) label=t::FW_DESCRIPTION.get()/>
                {move || {
                    let list = warnings.get();
                    (!list.is_empty()).then(|| view! {
                        <div class="notice notice-warning" id="rule-warnings"><ul>{list.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul></div>
                    })
                }}
                <LockoutNotice guard=guard again=t::FW_ADD_RULE.get()/>
                <div class="modal-actions">
                    <SubmitButton form=form id="rule-create" label=t::FW_ADD_RULE.get() blocked=blocked/>
                </div>
                <ApiRequestView requests=op.preview(form, input) id="rule-request" what=t::FW_ADD_RULE_SENDS.get()/>
            </FormView>
        </section>
    }
}
