//! A firewall change made "with undo": the VM's interfaces as they were
//! kept before it, and the plan that brings one back from what it is now.
//!
//! The service has no transaction and creates a rule only at the end of the
//! list, so a plan keeps the longest run of the rules as they were that is
//! still there in order, deletes every other rule, creates the rest in
//! order, and sets the default policy. Read again after a failure, what is
//! there now gives the plan of what is left.

use crate::firewall::form::RuleForm;
use crate::firewall::import;
use crate::firewall::unapplied::{firewall_before, Unapplied};
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};

/// The least and most time, in seconds, before a change is undone unless
/// kept; and the time offered first.
pub const UNDO_SECONDS: (u32, u32) = (15, 600);
pub const UNDO_DEFAULT_SECONDS: u32 = 60;

/// Whether a change is made with undo, and how long it waits to be kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RollbackForm {
    pub on: bool,
    pub seconds: String,
}

impl Default for RollbackForm {
    fn default() -> Self {
        Self { on: false, seconds: UNDO_DEFAULT_SECONDS.to_string() }
    }
}

impl RollbackForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        if self.on {
            problems.check("seconds", self.checked_seconds().map(|_| ()));
        }
        problems
    }

    fn checked_seconds(&self) -> Result<u32, String> {
        let (least, most) = UNDO_SECONDS;
        let n = crate::validate::whole_number(&self.seconds, t::WHAT_SECONDS.get())?;
        u32::try_from(n)
            .ok()
            .filter(|n| (least..=most).contains(n))
            .ok_or_else(|| crate::tf!(t::FW_UNDO_SECONDS_RANGE, least = least, most = most))
    }

    /// How long the change waits to be kept; none without undo or with a
    /// time out of bounds.
    pub fn seconds(&self) -> Option<u32> {
        self.on.then(|| self.checked_seconds().ok()).flatten()
    }
}

/// An interface's firewall as it was: its default policy and its rules in
/// order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterfaceBefore {
    pub nic: String,
    /// What the interface is called where the plan is shown.
    pub label: String,
    /// `None` when the service did not say: then it is not set back.
    pub policy: Option<String>,
    pub rules: Vec<RuleForm>,
}

impl InterfaceBefore {
    /// The interface's rules and policy as they were before the changes
    /// `not_yet` (made here and not applied: rules created, edited,
    /// deleted) were made.
    pub fn of(
        nic: &str,
        label: &str,
        policy: Option<&str>,
        rules: &[FirewallRule],
        not_yet: &[Unapplied],
    ) -> Self {
        let rules = firewall_before(nic, rules, not_yet);
        Self {
            nic: nic.to_owned(),
            label: label.to_owned(),
            policy: policy.map(str::to_ascii_uppercase),
            rules,
        }
    }
}

/// A change waiting for "Keep" or for its time to run out, kept in the tab
/// with the account so that a reload finishes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rollback {
    /// Each VM the change touched, in the order they are put back; one put
    /// back leaves the list, so that a retry does not do it again.
    pub vms: Vec<VmBefore>,
    /// When the change is undone unless kept: milliseconds since 1970, UTC.
    pub until: u64,
}

/// One VM's interfaces as they were.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VmBefore {
    pub vm_id: String,
    pub vm_name: String,
    pub interfaces: Vec<InterfaceBefore>,
}

impl Rollback {
    /// The VMs' names, as the banner says them.
    pub fn names(&self) -> String {
        self.vms.iter().map(|vm| vm.vm_name.as_str()).collect::<Vec<_>>().join(", ")
    }

    pub fn has_vm(&self, vm_id: &str) -> bool {
        self.vms.iter().any(|vm| vm.vm_id == vm_id)
    }
}

/// One request of a plan, in the order they are sent; the VM's rules are
/// applied after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// A rule that was not there, or is out of its place: `id` is the
    /// service's (none if it gave none: then it cannot be deleted).
    Delete {
        id: Option<String>,
        rule: RuleForm,
    },
    Create(RuleForm),
    /// The rule `id` changed from `from` to `to` in its place (only "Undo"
    /// of an edit in the history sends one: a plan never does).
    Edit {
        id: String,
        from: RuleForm,
        to: RuleForm,
    },
    Policy(String),
}

impl Step {
    /// The step in a sentence, on the interface called `label`.
    pub fn describe(&self, label: &str) -> String {
        match self {
            Self::Delete { rule, .. } => {
                crate::tf!(t::FW_STEP_DELETE, rule = import::line(rule), interface = label)
            }
            Self::Create(rule) => {
                crate::tf!(t::FW_STEP_CREATE, rule = import::line(rule), interface = label)
            }
            Self::Edit { from, to, .. } => crate::tf!(
                t::FW_STEP_EDIT,
                from = import::line(from),
                to = import::line(to),
                interface = label
            ),
            Self::Policy(policy) => {
                crate::tf!(t::FW_STEP_POLICY, policy = policy, interface = label)
            }
        }
    }
}

/// What brings `kept` back on an interface whose rules are `now`, in the
/// service's order, and whose default policy is `policy`.
pub fn plan(kept: &InterfaceBefore, now: &[FirewallRule], policy: Option<&str>) -> Vec<Step> {
    let mut matched = 0;
    let mut steps = Vec::new();
    for rule in now {
        let form = RuleForm::of(rule);
        // Taken at the first chance: that keeps the longest run in order.
        if kept.rules.get(matched).is_some_and(|wanted| wanted.same_as(&form)) {
            matched += 1;
        } else {
            steps.push(Step::Delete { id: rule.id.clone(), rule: form });
        }
    }
    steps.extend(kept.rules.iter().skip(matched).cloned().map(Step::Create));
    if let Some(wanted) = &kept.policy {
        if !policy.is_some_and(|now| now.eq_ignore_ascii_case(wanted)) {
            steps.push(Step::Policy(wanted.clone()));
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn stored(id: usize, rule: &RuleForm) -> FirewallRule {
        let Some(map) = json!({"id": id.to_string(), "command": rule.command, "protocol": rule.protocol, "address": rule.address, "port": rule.port, "description": rule.description}).as_object().cloned() else {
            unreachable!("a JSON object")
        };
        FirewallRule::from_map(&map)
    }

    fn rule(command: &str, port: &str) -> RuleForm {
        RuleForm {
            command: command.into(),
            protocol: "TCP".into(),
            port: port.into(),
            ..RuleForm::default()
        }
    }

    /// What the service holds after the plan: deletes by id, creates at the end.
    fn carried_out(now: &[FirewallRule], policy: &str, steps: &[Step]) -> (Vec<RuleForm>, String) {
        let mut rules: Vec<(Option<String>, RuleForm)> =
            now.iter().map(|r| (r.id.clone(), RuleForm::of(r))).collect();
        let mut policy = policy.to_owned();
        for step in steps {
            match step {
                Step::Delete { id, .. } => rules.retain(|(kept, _)| kept != id),
                Step::Create(rule) => rules.push((None, rule.clone())),
                Step::Edit { .. } => unreachable!("a plan never edits"),
                Step::Policy(wanted) => policy = wanted.clone(),
            }
        }
        (rules.into_iter().map(|(_, r)| r).collect(), policy)
    }

    #[test]
    fn a_change_to_several_vms_names_them_and_reads_back_as_the_tab_keeps_it() {
        let kept = InterfaceBefore {
            nic: "9".into(),
            label: "eth0".into(),
            policy: None,
            rules: vec![rule("ACCEPT", "22")],
        };
        let vm = |id: &str| VmBefore {
            vm_id: id.into(),
            vm_name: format!("VM {id}"),
            interfaces: vec![kept.clone()],
        };
        let undo = Rollback { vms: vec![vm("1001"), vm("1002")], until: 1_700_000_000_000 };
        assert_eq!(undo.names(), "VM 1001, VM 1002");
        assert!(undo.has_vm("1002") && !undo.has_vm("100"));
        let text = serde_json::to_string(&undo).unwrap();
        assert_eq!(serde_json::from_str::<Rollback>(&text).unwrap(), undo);
    }

    #[test]
    fn added_rules_are_deleted_and_a_removed_one_comes_back_in_its_place() {
        let kept = InterfaceBefore {
            nic: "9".into(),
            label: "eth0".into(),
            policy: Some("ACCEPT".into()),
            rules: vec![rule("ACCEPT", "22"), rule("ACCEPT", "80"), rule("DROP", "")],
        };
        // Port 80 was deleted, 443 added: what follows 22 goes, and is created again.
        let now = [
            stored(1, &rule("ACCEPT", "22")),
            stored(3, &rule("DROP", "")),
            stored(4, &rule("ACCEPT", "443")),
        ];
        let steps = plan(&kept, &now, Some("DROP"));
        assert_eq!(
            steps,
            vec![
                Step::Delete { id: Some("3".into()), rule: rule("DROP", "") },
                Step::Delete { id: Some("4".into()), rule: rule("ACCEPT", "443") },
                Step::Create(rule("ACCEPT", "80")),
                Step::Create(rule("DROP", "")),
                Step::Policy("ACCEPT".into()),
            ]
        );
    }

    #[test]
    fn nothing_is_sent_when_nothing_changed_and_the_unapplied_rules_are_left_out() {
        let now = [stored(1, &rule("ACCEPT", "22")), stored(2, &rule("DROP", ""))];
        let not_yet = [Unapplied::created(Some("2".into()), "drop tcp".into())];
        let kept = InterfaceBefore::of("9", "eth0", Some("drop"), &now, &not_yet);
        assert_eq!(kept.rules, vec![rule("ACCEPT", "22")]);
        assert_eq!(plan(&kept, &now[..1], Some("DROP")), vec![]);
        assert_eq!(
            plan(&kept, &now, Some("DROP")),
            vec![Step::Delete { id: Some("2".into()), rule: rule("DROP", "") }]
        );
        // How the service writes a rule aside: "0.0.0.0" is everyone, the case of the words.
        let written = RuleForm {
            command: "accept".into(),
            protocol: "tcp".into(),
            address: "0.0.0.0".into(),
            port: "22".into(),
            description: String::new(),
        };
        assert_eq!(plan(&kept, &[stored(5, &written)], Some("DROP")), vec![]);
    }

    #[test]
    fn the_time_to_keep_a_change_is_checked_only_with_undo() {
        let form = |on: bool, seconds: &str| RollbackForm { on, seconds: seconds.into() };
        assert_eq!(form(true, " 60 ").seconds(), Some(60));
        assert_eq!(form(true, "15").seconds(), Some(15));
        assert_eq!(form(true, "600").seconds(), Some(600));
        for bad in ["14", "601", "", "1.5", "-3", "99999999999"] {
            assert!(!form(true, bad).errors().is_empty(), "{bad}");
            assert_eq!(form(true, bad).seconds(), None);
        }
        assert!(form(false, "5").errors().is_empty());
        assert_eq!(form(false, "60").seconds(), None);
    }

    #[test]
    fn a_step_says_what_it_sends_and_where() {
        let step = Step::Create(RuleForm {
            port: "22".into(),
            address: "203.0.113.0/24".into(),
            ..RuleForm::default()
        });
        assert_eq!(step.describe("eth0"), "Add accept tcp 22 from 203.0.113.0/24 on eth0");
        assert_eq!(
            Step::Policy("DROP".into()).describe("eth1"),
            "Set the default policy of eth1 to DROP"
        );
    }

    fn any_rule() -> impl Strategy<Value = RuleForm> {
        (
            prop::sample::select(vec!["ACCEPT", "DROP"]),
            prop::sample::select(vec!["TCP", "UDP"]),
            prop::sample::select(vec!["", "22", "80,443"]),
            prop::sample::select(vec!["", "10.0.0.0/8"]),
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
        /// Any change, any rules: the plan carried out gives back the rules
        /// and policy as they were, and read again, nothing is left to do.
        #[test]
        fn the_plan_brings_back_what_was_kept(
            before in prop::collection::vec(any_rule(), 0..8),
            after in prop::collection::vec(any_rule(), 0..8),
            policy_before in prop::sample::select(vec!["ACCEPT", "DROP"]),
            policy_after in prop::sample::select(vec!["ACCEPT", "DROP"]),
        ) {
            let kept = InterfaceBefore { nic: "9".into(), label: "eth0".into(), policy: Some(policy_before.into()), rules: before.clone() };
            let now: Vec<FirewallRule> = after.iter().enumerate().map(|(i, r)| stored(i + 1, r)).collect();
            let steps = plan(&kept, &now, Some(policy_after));
            let (rules, policy) = carried_out(&now, policy_after, &steps);
            prop_assert_eq!(rules.len(), before.len());
            prop_assert!(rules.iter().zip(&before).all(|(a, b)| a.same_as(b)));
            prop_assert_eq!(policy, policy_before);
            // Read again afterwards, nothing is left to do.
            let again: Vec<FirewallRule> = rules.iter().enumerate().map(|(i, r)| stored(i + 100, r)).collect();
            prop_assert_eq!(plan(&kept, &again, Some(policy_before)), vec![]);
        }
    }
}
