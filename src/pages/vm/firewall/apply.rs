//! Applying the rules: the bar with the rules created here and not applied
//! yet (kept per VM for this browser session), and its button, guarded
//! against locking oneself out; applied with undo, the firewall as it was
//! is kept first (`crate::firewall_undo`).

use vmdeck_core::history::Operation;
use crate::api::Api;
use crate::components::{my_address, CheckField, Guard, LockoutNotice, TextField};
use crate::components::{ActionButton, ErrorView};
use crate::firewall_undo::{firewall_as_it_was, use_firewall_undo};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, VmCtx};
use crate::session::{use_session, Session};
use crate::storage::{self, Store};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use vmdeck_core::api::request;
use vmdeck_core::firewall::restore::{Undo, UndoForm};
use vmdeck_core::firewall::rules::RuleSet;
use vmdeck_core::i18n::{firewall as t, messages as m};
use vmdeck_core::ApiError;

/// A rule created here and not applied yet: the service's id (what a change
/// with undo leaves out of the firewall as it was) and the rule as a line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unapplied {
    pub id: Option<String>,
    pub rule: String,
}

/// Rules created here and not applied yet, per account and VM, for this
/// browser session; logged out, none.
fn unapplied_key(session: Session, vm: &str) -> Option<String> {
    session.account_key().map(|account| crate::storage::keys::unapplied(&account, vm))
}

pub fn read_unapplied(session: Session, vm: &str) -> Vec<Unapplied> {
    unapplied_key(session, vm).and_then(|key| storage::read(Store::Tab, &key)).unwrap_or_default()
}

pub fn write_unapplied(session: Session, vm: &str, rules: &[Unapplied]) {
    if let Some(key) = unapplied_key(session, vm) {
        storage::write(Store::Tab, &key, rules);
    }
}

#[component]
pub fn ApplyBar(ctx: VmCtx, unapplied: RwSignal<Vec<Unapplied>>, rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let session = use_session();
    let undo = use_firewall_undo();
    let op = use_op(ctx, Operation::ApplyFirewallRules, move |_, _| {
        unapplied.set(Vec::new());
        write_unapplied(session, &ctx.id.get_untracked(), &[]);
    }, |account, id, ()| request::apply_firewall_rules(account, id));
    // A refused apply changed nothing: there is nothing to undo.
    Effect::new(move |_| {
        if op.error.with(Option::is_some) && undo.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.vm_id == ctx.id.get_untracked())) {
            undo.keep();
        }
    });
    let with_undo = use_form_with_options("apply-undo", UndoForm::default(), UseFormOptions::default().check(UndoForm::errors));
    let reading = RwSignal::new(false);
    let read_error = RwSignal::new(None::<ApiError>);
    let blocked = Signal::derive(move || {
        op.blocked().get().or_else(|| reading.get().then(|| vmdeck_core::i18n::common::SENDING_REQUEST.get())).or_else(|| undo.busy().then(|| t::FW_UNDO_OTHER.get()))
    });
    let guard = Guard::new(Signal::derive(move || rule_set.with(|set| set.as_ref().and_then(|set| set.lockout(my_address())))));
    let apply = move || {
        let Some(choice) = with_undo.submit() else { return };
        if !guard.pass() {
            return;
        }
        // The choice stays for the next apply, and is not input left unsent.
        with_undo.start_from(choice.clone());
        let Some(seconds) = choice.seconds() else {
            op.run(());
            return;
        };
        // The firewall as it was is kept before anything is sent.
        let vm_id = ctx.id.get_untracked();
        let not_yet: Vec<String> = unapplied.with_untracked(|list| list.iter().filter_map(|u| u.id.clone()).collect());
        reading.set(true);
        read_error.set(None);
        spawn_local(async move {
            let read = Api::call(session, {
                let vm_id = vm_id.clone();
                move |api| async move { firewall_as_it_was(&api, &vm_id, &not_yet).await }
            });
            match read.await {
                Ok(interfaces) => {
                    let until = js_sys::Date::now() as u64 + u64::from(seconds) * 1000;
                    undo.begin(Undo { vm_id, vm_name: ctx.name(), until, interfaces });
                    op.run(());
                }
                Err(error) => read_error.set(Some(error)),
            }
            reading.set(false);
        });
    };
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
                            <ul id="unapplied-list">{list.into_iter().map(|r| view! { <li class="mono">{r.rule}</li> }).collect_view()}</ul>
                        }.into_any()
                    }
                }}
            </div>
            <div class="apply-choice">
                <ActionButton class="button button-primary" id="apply-rules" blocked=blocked
                    on:click=move |_| apply()>{m::HISTORY_APPLY_FIREWALL_RULES.get()}</ActionButton>
                <CheckField bound=with_undo.bind_flag("on", |f| f.on, |f, on| f.on = on)>{t::FW_UNDO_WITH.get()}</CheckField>
                <Show when=move || with_undo.with(|f| f.on)>
                    <div class="apply-undo-seconds">
                        <TextField bound=with_undo.text("seconds", |f| &f.seconds, |f| &mut f.seconds) label=t::FW_UNDO_SECONDS.get() numeric=true/>
                    </div>
                </Show>
            </div>
        </div>
        <LockoutNotice guard=guard again=m::HISTORY_APPLY_FIREWALL_RULES.get() after_first_try=true/>
        {move || read_error.get().map(|e| view! { <ErrorView error=e doing=t::FW_UNDO_READING.get()/> })}
        {move || op.error.get().map(|e| view! { <ErrorView error=e doing=vmdeck_core::i18n::common::APPLYING_FIREWALL_RULES.get()/> })}
    }
}
