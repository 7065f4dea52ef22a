//! Firewall changes sent one request at a time (an import, a rule set):
//! what an interface's plan sends, as lines and as the requests sent in
//! order (`tasks::in_order`), and each line with how it went, a refusal
//! with its reason; what was never sent is not listed.

use crate::components::ErrorView;
use crate::session::Session;
use crate::tasks::in_order::Line;
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::describe;
use vmdeck_core::firewall::sets::SetPlan;
use vmdeck_core::history::{Operation, Sent};
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::network::FirewallRule;
use vmdeck_core::ApiError;

/// What a plan sends, a line each: its rules as the table says them, then
/// its policy.
pub fn plan_lines(plan: &SetPlan) -> Vec<String> {
    let rules = plan
        .rules
        .iter()
        .filter_map(|r| r.body().ok())
        .filter_map(|b| b.as_object().map(|m| describe(&FirewallRule::from_map(m))));
    rules
        .chain(plan.policy.iter().map(|p| vmdeck_core::tf!(t::FW_SET_POLICY_SENT, policy = p)))
        .collect()
}

/// The requests of a plan on the interface `nic`, in the order of
/// `plan_lines`: its rules created in order, then its policy. Sent in
/// order, the first refusal stops them: the interface's rules keep their
/// order.
pub fn plan_requests(session: Session, nic: &str, plan: &SetPlan) -> Vec<Line> {
    let account = session.account_id();
    let rules = plan.rules.iter().map(|rule| {
        let made = rule.body().map_err(|_| ApiError::Invalid(t::FW_CREATING_RULE.get().into()));
        (
            Operation::CreateFirewallRule,
            made.and_then(|body| account.clone().and_then(|a| request::create_rule(&a, nic, body))),
        )
    });
    let policy = plan.policy.iter().map(|p| {
        (
            Operation::SetDefaultPolicy,
            account.clone().and_then(|a| request::set_default_policy(&a, nic, p)),
        )
    });
    rules.chain(policy).collect()
}

/// Sets the state of the line `at` of `list`, if it is there.
pub fn set_line(list: &mut [(String, Sent)], at: usize, state: Sent) {
    if let Some(slot) = list.get_mut(at) {
        slot.1 = state;
    }
}

/// Each line sent, and how it went; those never sent are left out.
#[component]
pub fn SentList(
    #[prop(into)] id: String,
    #[prop(into)] sent: Signal<Vec<(String, Sent)>>,
) -> impl IntoView {
    move || {
        sent.with(|list| (!list.is_empty()).then(|| view! {
        <ol class="import-sent" id=id.clone()>
            {list.iter().map(|(said, state)| {
                let said = said.clone();
                match state {
                    Sent::Waiting | Sent::Sending => Some(view! { <li class="sent-waiting"><span class="mono">{said}</span>" " {vmdeck_core::i18n::shell::BULK_SENDING.get()}</li> }.into_any()),
                    Sent::Done => Some(view! { <li class="sent-done"><span class="mono">{said}</span>" " {vmdeck_core::i18n::vm::VM_RESCUE_STEP_DONE.get()}</li> }.into_any()),
                    Sent::Failed(error) => Some(view! { <li class="sent-failed"><span class="mono">{said}</span><ErrorView error=error.clone() doing=t::FW_CREATING_RULE.get()/></li> }.into_any()),
                    Sent::NotSent => None,
                }
            }).collect_view()}
        </ol>
    }))
    }
}
