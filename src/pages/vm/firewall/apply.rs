//! Applying the rules: the bar with the rules created here and not applied
//! yet (kept per VM for this browser session), and its button, guarded
//! against locking oneself out.

use vmdeck_core::history::Operation;
use crate::components::{my_address, Guard, LockoutNotice};
use crate::components::{ActionButton, ErrorView};
use crate::pages::vm::{use_op, VmCtx};
use crate::storage::{self, Store};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::RuleSet;
use vmdeck_core::i18n::{firewall as t, messages as m};

/// Rules created here and not applied yet, per VM, for this browser session.
fn unapplied_key(vm: &str) -> String {
    format!("{}{vm}", crate::storage::keys::UNAPPLIED_PREFIX)
}

pub fn read_unapplied(vm: &str) -> Vec<String> {
    storage::read(Store::Tab, &unapplied_key(vm)).unwrap_or_default()
}

pub fn write_unapplied(vm: &str, rules: &[String]) {
    storage::write(Store::Tab, &unapplied_key(vm), rules);
}

#[component]
pub fn ApplyBar(ctx: VmCtx, unapplied: RwSignal<Vec<String>>, rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let op = use_op(ctx, Operation::ApplyFirewallRules, move |_, _| {
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
