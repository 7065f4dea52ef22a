//! What undoes a firewall write of the activity history: recorded when the
//! service accepted it (a rule created, with the id the service gave it; a
//! default policy set), and planned from the interface as it is when the
//! user asks: the rule deleted if it is still there, the other policy set
//! back if the one set is still in force. A write that has been changed
//! since is not undone, and says why.

use crate::api::request::ApiRequest;
use crate::firewall::form::RuleForm;
use crate::firewall::rollback::Step;
use crate::firewall::rules::RuleSet;
use crate::history::operation::Operation;
use crate::i18n::firewall as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::Ipv4Addr;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reversal {
    /// The rule `id` was created on the interface: deleting it undoes it.
    RuleAdded { interface: String, id: String, rule: RuleForm },
    /// The interface's default policy was set to `policy`: setting the
    /// other undoes it.
    PolicySet { interface: String, policy: String },
}

/// The policy other than `policy`.
fn other(policy: &str) -> &'static str {
    if policy == "DROP" {
        "ACCEPT"
    } else {
        "DROP"
    }
}

impl Reversal {
    /// What undoes `request`, sent as `operation` and answered with
    /// `answer`; none for a write the panel does not undo, or an answer
    /// that does not say what it needs (a rule without its id).
    pub fn of(operation: Operation, request: &ApiRequest, answer: &Value) -> Option<Self> {
        if !matches!(operation, Operation::CreateFirewallRule | Operation::SetDefaultPolicy) {
            return None;
        }
        let interface = request.interface()?;
        let body = request.body.as_ref()?;
        match operation {
            Operation::CreateFirewallRule => {
                let id = FirewallRule::from_json(answer).ok()?.id.filter(|id| !id.is_empty())?;
                let rule = RuleForm::of(&FirewallRule::from_json(body).ok()?);
                Some(Self::RuleAdded { interface, id, rule })
            }
            Operation::SetDefaultPolicy => {
                let fields = body.get("network_interface").unwrap_or(body);
                let policy = fields.get("default_firewall_policy")?.as_str()?.to_ascii_uppercase();
                (policy == "ACCEPT" || policy == "DROP")
                    .then_some(Self::PolicySet { interface, policy })
            }
            _ => None,
        }
    }

    pub fn interface(&self) -> &str {
        match self {
            Self::RuleAdded { interface, .. } | Self::PolicySet { interface, .. } => interface,
        }
    }

    /// The one request that undoes it on an interface whose rules are
    /// `now` and default policy `policy`; why not, if it was changed since.
    pub fn plan(&self, now: &[FirewallRule], policy: Option<&str>) -> Result<Step, String> {
        match self {
            Self::RuleAdded { id, rule, .. } => {
                if now.iter().any(|r| r.id.as_deref() == Some(id.as_str())) {
                    Ok(Step::Delete { id: Some(id.clone()), rule: rule.clone() })
                } else {
                    Err(t::FW_REVERSE_RULE_GONE.get().to_owned())
                }
            }
            Self::PolicySet { policy: set, .. } => match policy.map(str::to_ascii_uppercase) {
                Some(now) if now == *set => Ok(Step::Policy(other(set).to_owned())),
                Some(now) => Err(crate::tf!(t::FW_REVERSE_POLICY_CHANGED, policy = now)),
                None => Err(t::FW_REVERSE_POLICY_UNKNOWN.get().to_owned()),
            },
        }
    }
}

/// Whether the interface after `step` may shut the user out, and why.
pub fn lockout_after(
    step: &Step,
    now: &[FirewallRule],
    policy: Option<&str>,
    my_address: Option<Ipv4Addr>,
) -> Option<String> {
    match step {
        Step::Delete { id, .. } => {
            let left: Vec<FirewallRule> = now.iter().filter(|r| r.id != *id).cloned().collect();
            RuleSet::new(&left, policy).lockout(my_address)
        }
        Step::Policy(new) => RuleSet::new(now, Some(new)).lockout(my_address),
        Step::Create(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request;
    use serde_json::json;

    fn stored(id: &str, command: &str, port: &str) -> FirewallRule {
        let mut rule = FirewallRule::from_json(&json!({ "id": id, "command": command, "protocol": "TCP", "port": port, "address": "" })).unwrap();
        rule.id = Some(id.to_owned());
        rule
    }

    #[test]
    fn a_rule_created_is_undone_by_deleting_it_while_it_is_there() {
        let body = json!({ "command": "ACCEPT", "protocol": "TCP", "port": "8080", "address": "", "description": "web" });
        let sent = request::create_rule("1", "3001", body).unwrap();
        let reversal = Reversal::of(
            Operation::CreateFirewallRule,
            &sent,
            &json!({ "firewall_rule": { "id": 77, "port": "8080" } }),
        )
        .unwrap();
        assert_eq!(reversal.interface(), "3001");
        let Reversal::RuleAdded { id, rule, .. } = &reversal else { panic!("{reversal:?}") };
        assert_eq!(
            (id.as_str(), rule.port.as_str(), rule.description.as_str()),
            ("77", "8080", "web")
        );
        let now = [stored("5", "ACCEPT", "22"), stored("77", "ACCEPT", "8080")];
        assert!(
            matches!(reversal.plan(&now, Some("ACCEPT")), Ok(Step::Delete { id: Some(ref id), .. }) if id == "77")
        );
        assert!(
            reversal.plan(&now[..1], Some("ACCEPT")).is_err(),
            "deleted since: nothing to undo"
        );
        // Kept in the history as JSON and read back.
        let kept: Reversal =
            serde_json::from_value(serde_json::to_value(&reversal).unwrap()).unwrap();
        assert_eq!(kept, reversal);
        // An answer without the rule's id cannot be undone.
        assert_eq!(Reversal::of(Operation::CreateFirewallRule, &sent, &json!({})), None);
    }

    #[test]
    fn a_policy_set_is_undone_by_the_other_while_it_is_in_force() {
        let sent = request::set_default_policy("1", "3001", "DROP").unwrap();
        let reversal = Reversal::of(Operation::SetDefaultPolicy, &sent, &json!({})).unwrap();
        assert_eq!(
            reversal,
            Reversal::PolicySet { interface: "3001".into(), policy: "DROP".into() }
        );
        assert_eq!(reversal.plan(&[], Some("drop")), Ok(Step::Policy("ACCEPT".into())));
        assert!(reversal.plan(&[], Some("ACCEPT")).unwrap_err().contains("ACCEPT"));
        assert!(reversal.plan(&[], None).is_err());
        // Other writes are not undone from the history.
        assert_eq!(
            Reversal::of(
                Operation::ApplyFirewallRules,
                &request::apply_firewall_rules("1", "9").unwrap(),
                &json!({})
            ),
            None
        );
    }

    #[test]
    fn undoing_checks_the_lockout_of_what_is_left() {
        let ssh = stored("1", "ACCEPT", "22");
        let delete = Step::Delete { id: Some("1".into()), rule: RuleForm::of(&ssh) };
        assert!(
            lockout_after(&delete, std::slice::from_ref(&ssh), Some("DROP"), None).is_some(),
            "SSH's only way in deleted under DROP"
        );
        assert!(lockout_after(&delete, std::slice::from_ref(&ssh), Some("ACCEPT"), None).is_none());
        assert!(lockout_after(&Step::Policy("DROP".into()), &[], Some("ACCEPT"), None).is_some());
        assert!(lockout_after(&Step::Policy("DROP".into()), &[ssh], Some("ACCEPT"), None).is_none());
    }
}
