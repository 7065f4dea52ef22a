//! What undoes a firewall write of the activity history: recorded when the
//! service accepted it (a rule created, with the id the service gave it; a
//! rule edited or deleted, with the rule as it was before, which the panel
//! passes along as it sends the write; a default policy set), and planned
//! from the interface as it is when the user asks: the rule deleted, or
//! put back as it was, if it is still as the write left it; a rule deleted
//! added again if it is still gone; the other policy set back if the one
//! set is still in force. A write whose effect has been changed since is
//! not undone, and says why.

use crate::api::request::ApiRequest;
use crate::firewall::edit::{self, Before};
use crate::firewall::form::RuleForm;
use crate::firewall::import;
use crate::firewall::rollback::Step;
use crate::firewall::rules::{Command, RuleSet};
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
    /// The rule `id` was changed from `before` to `after`: changing it back
    /// undoes it.
    RuleEdited { interface: String, id: String, before: RuleForm, after: RuleForm },
    /// The rule `id` was deleted: adding it again undoes it, at the end of
    /// the list (the only place the service adds a rule), so after the
    /// rules of `followed_by` that are still there.
    RuleDeleted {
        interface: String,
        id: String,
        rule: RuleForm,
        #[serde(default)]
        followed_by: Vec<String>,
    },
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

/// The rule `id` as the service has it now, if it is there.
fn find<'a>(now: &'a [FirewallRule], id: &str) -> Option<&'a FirewallRule> {
    now.iter().find(|r| r.id.as_deref() == Some(id))
}

/// The rule `id` of `now` while it is still `expected`; why not otherwise.
fn still(now: &[FirewallRule], id: &str, expected: &RuleForm) -> Result<(), String> {
    match find(now, id) {
        None => Err(t::FW_REVERSE_RULE_GONE.get().to_owned()),
        Some(rule) if !RuleForm::of(rule).same_rule(expected) => Err(crate::tf!(
            t::FW_REVERSE_RULE_CHANGED,
            rule = import::line(&RuleForm::to_edit(rule))
        )),
        Some(_) => Ok(()),
    }
}

impl Reversal {
    /// What undoes `request`, sent as `operation` and answered with
    /// `answer`, `before` being the rule as it was before an edit or a
    /// delete; none for a write the panel does not undo, or one whose
    /// request, answer or `before` does not say what it needs (a rule
    /// created without its id, a rule changed with no `before` of its own).
    pub fn of(
        operation: Operation,
        request: &ApiRequest,
        answer: &Value,
        before: Option<&Before>,
    ) -> Option<Self> {
        // The rule a write by id is about: the one `before` says.
        let by_id = || before.filter(|b| request.path.rsplit('/').next() == Some(b.id.as_str()));
        match operation {
            Operation::CreateFirewallRule => {
                let interface = request.interface()?;
                let body = request.body.as_ref()?;
                let id = FirewallRule::from_json(answer).ok()?.id.filter(|id| !id.is_empty())?;
                let rule = RuleForm::of(&FirewallRule::from_json(body).ok()?);
                Some(Self::RuleAdded { interface, id, rule })
            }
            Operation::EditFirewallRule => {
                let before = by_id()?;
                // The rule as the service answers it, else as it was sent.
                let answered = FirewallRule::from_json(answer).ok().filter(|r| r.command.is_some());
                let after = match answered {
                    Some(rule) => rule,
                    None => FirewallRule::from_json(request.body.as_ref()?).ok()?,
                };
                Some(Self::RuleEdited {
                    interface: before.interface.clone(),
                    id: before.id.clone(),
                    before: before.rule.clone(),
                    after: RuleForm::of(&after),
                })
            }
            Operation::DeleteFirewallRule => {
                let before = by_id()?;
                Some(Self::RuleDeleted {
                    interface: before.interface.clone(),
                    id: before.id.clone(),
                    rule: before.rule.clone(),
                    followed_by: before.followed_by.clone(),
                })
            }
            Operation::SetDefaultPolicy => {
                let interface = request.interface()?;
                let body = request.body.as_ref()?;
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
            Self::RuleAdded { interface, .. }
            | Self::RuleEdited { interface, .. }
            | Self::RuleDeleted { interface, .. }
            | Self::PolicySet { interface, .. } => interface,
        }
    }

    /// The one request that undoes it on an interface whose rules are
    /// `now` and default policy `policy`, read just before; why not, if
    /// what the write did was changed since.
    pub fn plan(&self, now: &[FirewallRule], policy: Option<&str>) -> Result<Step, String> {
        match self {
            Self::RuleAdded { id, rule, .. } => {
                still(now, id, rule)?;
                Ok(Step::Delete { id: Some(id.clone()), rule: rule.clone() })
            }
            Self::RuleEdited { id, before, after, .. } => {
                still(now, id, after)?;
                Ok(Step::Edit { id: id.clone(), from: after.clone(), to: before.clone() })
            }
            Self::RuleDeleted { id, rule, .. } => {
                let there =
                    find(now, id).is_some() || now.iter().any(|r| RuleForm::of(r).same_rule(rule));
                if there {
                    Err(t::FW_REVERSE_RULE_THERE.get().to_owned())
                } else {
                    Ok(Step::Create(rule.clone()))
                }
            }
            Self::PolicySet { policy: set, .. } => match policy.map(str::to_ascii_uppercase) {
                Some(now) if now == *set => Ok(Step::Policy(other(set).to_owned())),
                Some(now) => Err(crate::tf!(t::FW_REVERSE_POLICY_CHANGED, policy = now)),
                None => Err(t::FW_REVERSE_POLICY_UNKNOWN.get().to_owned()),
            },
        }
    }

    /// What to know before undoing it, on rules `now`: a rule deleted
    /// comes back last, after rules it came before.
    pub fn note(&self, now: &[FirewallRule]) -> Option<String> {
        let Self::RuleDeleted { followed_by, .. } = self else { return None };
        let passed: Vec<String> = now
            .iter()
            .filter(|r| r.id.as_ref().is_some_and(|id| followed_by.contains(id)))
            .map(|r| import::line(&RuleForm::to_edit(r)))
            .collect();
        (!passed.is_empty()).then(|| crate::tf!(t::FW_REVERSE_AT_END, rules = passed.join("; ")))
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
        Step::Edit { id, to, .. } => {
            RuleSet::new(&edit::edited(now, id, to), policy).lockout(my_address)
        }
        Step::Policy(new) => RuleSet::new(now, Some(new)).lockout(my_address),
        // An ACCEPT added only opens.
        Step::Create(rule) if Command::parse(&rule.command) == Some(Command::Drop) => {
            let added = rule.stored_like(&FirewallRule::from_map(&Default::default()));
            RuleSet::new(now, policy).with_rule(&added).lockout(my_address)
        }
        Step::Create(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request;
    use proptest::prelude::*;
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
            None,
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
        assert_eq!(Reversal::of(Operation::CreateFirewallRule, &sent, &json!({}), None), None);
    }

    fn form(command: &str, port: &str) -> RuleForm {
        RuleForm { command: command.into(), port: port.into(), ..RuleForm::default() }
    }

    #[test]
    fn a_rule_created_and_changed_since_is_not_deleted() {
        let sent =
            request::create_rule("1", "3001", form("ACCEPT", "8080").body().unwrap()).unwrap();
        let reversal =
            Reversal::of(Operation::CreateFirewallRule, &sent, &json!({"id": "77"}), None).unwrap();
        let changed = [stored("77", "ACCEPT", "8081")];
        let why = reversal.plan(&changed, Some("ACCEPT")).unwrap_err();
        assert!(why.contains("changed") && why.contains("8081"), "{why}");
        // Written another way by the service, it is the same rule.
        let written = FirewallRule::from_json(&json!({"id": "77", "command": "accept", "protocol": "tcp", "port": "8080", "address": "0.0.0.0", "description": "added"})).unwrap();
        assert!(reversal.plan(&[written], None).is_ok());
    }

    /// The rule 31 of the interface 9 (ACCEPT 22, after the rule 30, before 32) and the rules it is among.
    fn before_31() -> (Before, Vec<FirewallRule>) {
        let rules = vec![
            stored("30", "ACCEPT", "80"),
            stored("31", "ACCEPT", "22"),
            stored("32", "DROP", ""),
        ];
        (Before::of("9", &rules, "31").unwrap(), rules)
    }

    #[test]
    fn a_rule_edited_is_changed_back_while_it_is_as_the_edit_left_it() {
        let (before, rules) = before_31();
        let sent =
            request::edit_rule("1", "31", form("DROP", "22").edit_body("9").unwrap()).unwrap();
        let answer = json!({"id": "31", "network_interface_id": "9", "command": "DROP", "protocol": "TCP", "port": "22", "address": ""});
        let reversal =
            Reversal::of(Operation::EditFirewallRule, &sent, &answer, Some(&before)).unwrap();
        assert_eq!(reversal.interface(), "9");
        let now = edit::edited(&rules, "31", &form("DROP", "22"));
        let step = reversal.plan(&now, Some("ACCEPT")).unwrap();
        assert_eq!(
            step,
            Step::Edit { id: "31".into(), from: form("DROP", "22"), to: before.rule.clone() }
        );
        assert_eq!(
            step.describe("eth0"),
            "Change drop tcp 22 from any to accept tcp 22 from any on eth0"
        );
        // Changed again since, or gone: refused, saying so.
        let again = edit::edited(&rules, "31", &form("DROP", "2222"));
        assert!(reversal.plan(&again, None).unwrap_err().contains("2222"));
        assert!(reversal.plan(&edit::deleted(&now, "31"), None).is_err());
        // Without the rule as it was, or with another rule's, an edit cannot be undone.
        assert_eq!(Reversal::of(Operation::EditFirewallRule, &sent, &answer, None), None);
        let other = Before { id: "30".into(), ..before.clone() };
        assert_eq!(Reversal::of(Operation::EditFirewallRule, &sent, &answer, Some(&other)), None);
        // An answer that says no rule: the rule as sent.
        let from_body = Reversal::of(Operation::EditFirewallRule, &sent, &json!({}), Some(&before));
        assert_eq!(from_body, Some(reversal.clone()));
        let kept: Reversal =
            serde_json::from_value(serde_json::to_value(&reversal).unwrap()).unwrap();
        assert_eq!(kept, reversal);
    }

    #[test]
    fn a_rule_deleted_is_added_again_while_it_is_gone_and_says_it_comes_last() {
        let (before, rules) = before_31();
        let sent = request::delete_rule("1", "31").unwrap();
        let reversal =
            Reversal::of(Operation::DeleteFirewallRule, &sent, &Value::Null, Some(&before))
                .unwrap();
        let now = edit::deleted(&rules, "31");
        assert_eq!(reversal.plan(&now, Some("DROP")), Ok(Step::Create(before.rule.clone())));
        // The rule it came before is still there: it comes back after it.
        assert!(reversal.note(&now).is_some_and(|n| n.contains("drop tcp any from any")));
        assert_eq!(reversal.note(&now[..1]), None);
        // Back already (by id, or an identical rule): nothing to undo.
        assert!(reversal.plan(&rules, None).is_err());
        let identical = [stored("40", "ACCEPT", "22")];
        assert_eq!(reversal.plan(&identical, None), Err(t::FW_REVERSE_RULE_THERE.get().to_owned()));
        assert_eq!(Reversal::of(Operation::DeleteFirewallRule, &sent, &Value::Null, None), None);
    }

    #[test]
    fn a_policy_set_is_undone_by_the_other_while_it_is_in_force() {
        let sent = request::set_default_policy("1", "3001", "DROP").unwrap();
        let reversal = Reversal::of(Operation::SetDefaultPolicy, &sent, &json!({}), None).unwrap();
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
                &json!({}),
                None
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
        assert!(lockout_after(
            &Step::Policy("DROP".into()),
            std::slice::from_ref(&ssh),
            Some("ACCEPT"),
            None
        )
        .is_none());
        // SSH's only way in changed back to a DROP, or a DROP of everything added again.
        let edit = Step::Edit { id: "1".into(), from: RuleForm::of(&ssh), to: form("DROP", "22") };
        assert!(lockout_after(&edit, std::slice::from_ref(&ssh), Some("DROP"), None).is_some());
        let drop_all = Step::Create(form("DROP", ""));
        assert!(lockout_after(&drop_all, &[], Some("ACCEPT"), None).is_some());
        assert!(
            lockout_after(&Step::Create(form("ACCEPT", "80")), &[], Some("DROP"), None).is_none()
        );
    }

    fn any_rule() -> impl Strategy<Value = RuleForm> {
        (
            prop::sample::select(vec!["ACCEPT", "DROP"]),
            prop::sample::select(vec!["TCP", "UDP"]),
            prop::sample::select(vec!["", "22", "80,443", "1000:2000"]),
            prop::sample::select(vec!["", "10.0.0.0/8", "203.0.113.9"]),
        )
            .prop_map(|(command, protocol, port, address)| RuleForm {
                command: command.into(),
                protocol: protocol.into(),
                port: port.into(),
                address: address.into(),
                description: String::new(),
            })
    }

    proptest! {
        /// Any rule edited into any other: undone while it is as the edit
        /// left it, the rule is back as it was; changed since, it is not touched.
        #[test]
        fn an_edit_undone_gives_the_rule_back(was in any_rule(), made in any_rule(), since in any_rule()) {
            let rules = vec![was.stored_like(&stored("31", "ACCEPT", "22"))];
            let before = Before::of("9", &rules, "31").unwrap();
            let sent = request::edit_rule("1", "31", made.edit_body("9").unwrap()).unwrap();
            let reversal = Reversal::of(Operation::EditFirewallRule, &sent, &Value::Null, Some(&before)).unwrap();
            let now = edit::edited(&rules, "31", &made);
            let Ok(Step::Edit { id, to, .. }) = reversal.plan(&now, None) else { panic!("not undone") };
            let back = edit::edited(&now, &id, &to);
            prop_assert!(RuleForm::of(&back[0]).same_rule(&was));
            let changed = edit::edited(&rules, "31", &since);
            prop_assert_eq!(reversal.plan(&changed, None).is_ok(), since.same_rule(&made));
        }
    }
}
