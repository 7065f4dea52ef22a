//! The VM's firewall: rules per interface, filtered in the URL, the default
//! policy as the last, implicit rule; the rules checked (shadowed,
//! duplicate, no way in) and a packet tester; new rules checked and
//! explained, and rules edited in place or deleted, in one rule form and
//! with one guard against locking oneself out; applying them.
//! The interface's rules are read once, all of them: the checks, the tester
//! and the guards look at every rule, and the table shows those the filters
//! pick.

mod apply;
mod checks;
mod delete_rule;
mod edit_rule;
mod filters;
mod import;
mod new_rule;
mod rule_form;
mod save_set;
mod table;
mod tester;

use super::{busy_reason, use_op, use_tab_data, use_vm};
use crate::api::network::{interface_rules, vm_interfaces};
use crate::components::{Empty, EmptyState, Export, ExportButtons, Loaded};
use crate::firewall::rollback::{read_unapplied, write_unapplied, Unapplied};
use crate::hooks::{use_data, use_form_with_options, use_url_filters, UseFormOptions};
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::rules::RuleSet;
use vmdeck_core::history::export;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::network::FirewallRule;

const FILTERS: &[&str] = &["interface", "command", "port", "address"];

#[component]
pub fn FirewallTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let filters = use_url_filters(FILTERS);
    let interfaces =
        use_tab_data(ctx, |api, id| async move { vm_interfaces(&api, &id, &[]).await });
    let session = crate::session::use_session();
    let unapplied = RwSignal::new(read_unapplied(session, &ctx.id.get_untracked()));
    // A change put back (a rollback) leaves no rule unapplied, and others than shown.
    let undo = crate::firewall::rollback::use_firewall_rollback();
    Effect::watch(
        move || undo.restored.track(),
        move |_, _, _| unapplied.set(read_unapplied(session, &ctx.id.get_untracked())),
        false,
    );
    let listed = Memo::new(move |_| interfaces.data.get().unwrap_or_default());
    // The interface whose rules are shown: the URL's, else the first.
    let chosen = Memo::new(move |_| {
        let wanted = filters.get("interface");
        listed.with(|list| {
            list.iter().find(|n| n.id.as_deref() == Some(wanted.as_str())).or(list.first()).cloned()
        })
    });
    let chosen_id = Memo::new(move |_| {
        chosen.with(|n| n.as_ref().and_then(|n| n.id.clone())).unwrap_or_default()
    });
    let rules = use_data(
        move || {
            ctx.settled.track();
            undo.restored.track();
            chosen_id.get()
        },
        |api, id| async move {
            if id.is_empty() {
                return Ok(Vec::new());
            }
            interface_rules(&api, &id, &[]).await
        },
    );
    let every_rule = Memo::new(move |_| rules.data.get());
    let policy = Memo::new(move |_| {
        chosen.with(|n| n.as_ref().and_then(|n| n.default_firewall_policy.clone()))
    });
    let rule_set = Signal::derive(move || {
        every_rule
            .with(|list| list.as_ref().map(|list| RuleSet::new(list, policy.get().as_deref())))
    });
    let tester = tester::use_tester(rule_set, every_rule);
    // The rule being typed belongs to the tab, not to the table under it:
    // the list reloading (the VM settling after work) must not reset it.
    // A rule created, edited or deleted here waits in the bar until applied.
    let changed = Callback::new(move |change: Unapplied| {
        let vm = ctx.id.get_untracked();
        let mut list = read_unapplied(session, &vm);
        list.push(change);
        write_unapplied(session, &vm, &list);
        unapplied.set(list);
    });
    let remember = Callback::new(move |(reply, rule): (Value, String)| {
        changed
            .run(Unapplied::created(FirewallRule::from_json(&reply).ok().and_then(|r| r.id), rule))
    });
    let dialogs = table::RuleDialogs::default();
    let scope = edit_rule::RuleScope {
        nic: chosen_id,
        label: Signal::derive(move || {
            chosen.with(|n| n.as_ref().map(|n| n.name())).unwrap_or_default()
        }),
        policy,
        rules: every_rule,
    };
    let blocked = Signal::derive(move || busy_reason(ctx));
    let created = use_op(
        ctx,
        Operation::CreateFirewallRule,
        move |(_, _, text): &(String, Value, String), reply| {
            remember.run((reply.body.clone(), text.clone()))
        },
        |account, _, (nic, body, _): &(String, Value, String)| {
            request::create_rule(account, nic, body.clone())
        },
    );
    let import_open = RwSignal::new(false);
    let save_open = RwSignal::new(false);
    let apply_op = use_op(
        ctx,
        Operation::ApplyFirewallRules,
        move |_, _| {
            unapplied.set(Vec::new());
            write_unapplied(session, &ctx.id.get_untracked(), &[]);
        },
        |account, id, ()| request::apply_firewall_rules(account, id),
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
        <apply::ApplyBar ctx=ctx op=apply_op unapplied=unapplied rule_set=rule_set/>
        <Loaded data=interfaces doing=t::FW_LOADING_INTERFACES.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::list(|| view! { <EmptyState title=vmdeck_core::i18n::shell::NICS_EMPTY_TITLE.get() text=t::FW_NO_INTERFACES_TEXT.get()/> })
            render={move |_| view! {
                <filters::RuleFilters filters=filters listed=listed chosen=chosen_id/>
                <div class="table-actions">
                    <button type="button" class="button" id="import-rules" on:click=move |_| import_open.set(true)>{t::FW_IMPORT.get()}</button>
                    <button type="button" class="button" id="save-set" on:click=move |_| save_open.set(true)>{t::FW_SAVE_SET.get()}</button>
                    <ExportButtons id="rules" name=Signal::derive(move || format!("firewall-rules-vm{}-interface{}", ctx.id.get(), chosen_id.get()))
                        export=Callback::new(move |()| every_rule.with(|l| l.as_ref().map(|l| Export::of(&export::rules(l), l.iter().map(|r| &r.raw)))))/>
                </div>
                <checks::RuleChecks rule_set=rule_set/>
                <Loaded data=rules doing=t::FW_LOADING_RULES.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                    render={move |list: Vec<FirewallRule>| view! {
                        <table::RuleTable rules=filters::picked(list, filters) policy=chosen.get_untracked().and_then(|n| n.default_firewall_policy) decider=tester.decider dialogs=dialogs blocked=blocked/>
                    }}/>
                <tester::PacketTester tester=tester rule_set=rule_set rules=every_rule/>
                <new_rule::NewRule form=rule_form op=created nic=chosen_id rules=every_rule rule_set=rule_set/>
            }}/>
        <import::ImportRules ctx=ctx nic=chosen_id rules=every_rule policy=policy open=import_open apply=apply_op created=remember/>
        <save_set::SaveSet open=save_open nic=chosen rules=every_rule/>
        <edit_rule::EditRule ctx=ctx dialogs=dialogs scope=scope changed=changed/>
        <delete_rule::DeleteRule ctx=ctx dialogs=dialogs scope=scope changed=changed/>
    }
    .into_any()
}
