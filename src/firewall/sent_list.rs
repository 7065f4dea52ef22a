//! Firewall changes sent one request at a time (an import, a rule set):
//! what an interface's plan sends, and each request with how it went, a
//! refusal with its reason.

use crate::components::ErrorView;
use crate::session::Session;
use crate::tasks::Tasks;
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::describe;
use vmdeck_core::firewall::sets::Plan;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::network::FirewallRule;
use vmdeck_core::ApiError;

/// What a plan sends, a line each: its rules as the table says them, then
/// its policy.
pub fn plan_lines(plan: &Plan) -> Vec<String> {
    let rules = plan
        .rules
        .iter()
        .filter_map(|r| r.body().ok())
        .filter_map(|b| b.as_object().map(|m| describe(&FirewallRule::from_map(m))));
    rules
        .chain(plan.policy.iter().map(|p| vmdeck_core::tf!(t::FW_SET_POLICY_SENT, policy = p)))
        .collect()
}

/// Sends a plan to the interface `nic` of the VM `vm` (id, name): its rules
/// created in order, then its policy, one request at a time, each in the
/// history. The first refusal stops it: the interface's rules keep their
/// order, so nothing after it is sent. `step` hears each request's end (its
/// place among `plan_lines`, how it went, the answer's body); the answer is
/// whether everything went through.
pub async fn send_plan(
    session: Session,
    tasks: Tasks,
    vm: (String, String),
    nic: &str,
    plan: &Plan,
    step: impl Fn(usize, Sent, Value),
) -> bool {
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
    for (i, (operation, made)) in rules.chain(policy).enumerate().collect::<Vec<_>>() {
        let reply = tasks.send(session, operation, vm.clone(), made);
        let reply = reply.await;
        let sent = Sent::of(&reply);
        let failed = sent != Sent::Done;
        step(i, sent, reply.map(|r| r.body).unwrap_or_default());
        if failed {
            return false;
        }
    }
    true
}

/// How one request went.
#[derive(Clone, Debug, PartialEq)]
pub enum Sent {
    Waiting,
    Done,
    Failed(ApiError),
}

impl Sent {
    /// How a request went (its history entry is `Tasks::send`'s to end).
    pub fn of(reply: &crate::api::ApiResult<crate::api::Reply>) -> Self {
        match reply {
            Ok(_) => Sent::Done,
            Err(error) => Sent::Failed(error.clone()),
        }
    }

    /// The lines still waiting after a refusal: never sent.
    pub fn not_sent(list: &mut Vec<(String, Sent)>) {
        list.retain(|(_, state)| *state != Sent::Waiting);
    }
}

/// Each rule sent, and how it went.
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
                    Sent::Waiting => view! { <li class="sent-waiting"><span class="mono">{said}</span>" " {vmdeck_core::i18n::shell::BULK_SENDING.get()}</li> }.into_any(),
                    Sent::Done => view! { <li class="sent-done"><span class="mono">{said}</span>" " {vmdeck_core::i18n::vm::VM_RESCUE_STEP_DONE.get()}</li> }.into_any(),
                    Sent::Failed(error) => view! { <li class="sent-failed"><span class="mono">{said}</span><ErrorView error=error.clone() doing=t::FW_CREATING_RULE.get()/></li> }.into_any(),
                }
            }).collect_view()}
        </ol>
    }))
    }
}
