//! Applying the rules: the bar with the rules created here and not applied
//! yet (kept per VM for this browser session), and its button, guarded
//! against locking oneself out.

use vmdeck_core::history::Operation;
use crate::components::{my_address, Guard, LockoutNotice};
use crate::components::{ActionButton, ErrorView};
use crate::pages::vm::{use_op, VmCtx};
use crate::session::{use_session, Session};
use crate::storage::{self, Store};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::RuleSet;
use vmdeck_core::i18n::{firewall as t, messages as m};

/// Rules created here and not applied yet, per account and VM, for this
/// browser session; logged out, none.
fn unapplied_key(session: Session, vm: &str) -> Option<String> {
    session.account_key().map(|account| crate::storage::keys::unapplied(&account, vm))
}

pub fn read_unapplied(session: Session, vm: &str) -> Vec<String> {
    unapplied_key(session, vm).and_then(|key| storage::read(Store::Tab, &key)).unwrap_or_default()
}

pub fn write_unapplied(session: Session, vm: &str, rules: &[String]) {
    if let Some(key) = unapplied_key(session, vm) {
        storage::write(Store::Tab, &key, rules);
    }
}

#[component]
pub fn ApplyBar(ctx: VmCtx, unapplied: RwSignal<Vec<String>>, rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let session = use_session();
    let op = use_op(ctx, Operation::ApplyFirewallRules, move |_, _| {
        unapplied.set(Vec::new());
        write_unapplied(session, &ctx.id.get_untracked(), &[]);
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
