//! Applying the rules: the bar with the rules created, edited or deleted
//! here and not applied yet (kept per VM for this browser session), and its
//! button, guarded against locking oneself out; applied with undo, the
//! firewall as it was is kept first (`crate::firewall::rollback`).

use crate::components::{ActionButton, ErrorView};

use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};

use crate::firewall::rollback::{use_firewall_rollback, Unapplied};
use crate::firewall::rollback_choice::{RollbackChoice, RollbackChooser};
use crate::pages::vm::{Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::firewall::rules::RuleSet;
use vmdeck_core::i18n::{firewall as t, messages as m};

/// The bar with the rules waiting to be applied and the apply, which the
/// tab owns (`op`): the import may apply with undo through it too.
#[component]
pub fn ApplyBar(
    ctx: VmCtx,
    op: Op<()>,
    unapplied: RwSignal<Vec<Unapplied>>,
    rule_set: Signal<Option<RuleSet>>,
) -> impl IntoView {
    let undo = use_firewall_rollback();
    undo.keep_when_refused(move || ctx.id.get_untracked(), op.error);
    let with_rollback = RollbackChooser::new("apply-undo");
    let blocked = Signal::derive(move || {
        op.blocked()
            .get()
            .or_else(|| {
                with_rollback
                    .reading
                    .reading
                    .get()
                    .then(|| vmdeck_core::i18n::common::SENDING_REQUEST.get())
            })
            .or_else(|| undo.busy().then(|| t::FW_UNDO_OTHER.get()))
    });
    let guard = Guard::new(Signal::derive(move || {
        rule_set.with(|set| set.as_ref().and_then(|set| set.lockout(my_address())))
    }));
    let apply = move || {
        if guard.pass() {
            with_rollback
                .send(move || vec![(ctx.id.get_untracked(), ctx.name())], move |_| op.run(()));
        }
    };
    view! {
        <div class="notice notice-info apply-bar">
            <div>
                <p class="notice-title">{t::FW_APPLY_CHANGES_TITLE.get()}</p>
                {move || {
                    let list = unapplied.get();
                    if list.is_empty() {
                        view! { <p id="unapplied-none">{t::FW_UNAPPLIED_NOTHING.get()}</p> }.into_any()
                    } else {
                        view! {
                            <p>{t::FW_UNAPPLIED_CHANGES.get()}</p>
                            <ul id="unapplied-list">{list.into_iter().map(|r| view! { <li class="mono">{r.rule}</li> }).collect_view()}</ul>
                        }.into_any()
                    }
                }}
            </div>
            <div class="apply-choice">
                <ActionButton class="button button-primary" id="apply-rules" blocked=blocked
                    on:click=move |_| apply()>{m::HISTORY_APPLY_FIREWALL_RULES.get()}</ActionButton>
                <RollbackChoice chooser=with_rollback/>
            </div>
        </div>
        <LockoutNotice guard=guard again=m::HISTORY_APPLY_FIREWALL_RULES.get() after_first_try=true/>
        {move || op.error.get().map(|e| view! { <ErrorView error=e doing=vmdeck_core::i18n::common::APPLYING_FIREWALL_RULES.get()/> })}
    }
}
