//! The changes made here to a VM's rules since they were last applied,
//! kept per VM in the tab: said in the apply bar, and taken out of the
//! firewall as it was when a change is made with undo
//! ([`firewall_before`]), so that the undo takes them back too: a rule
//! created is left out, a rule edited is as it was, a rule deleted is back
//! in its place.

use crate::firewall::edit::Before;
use crate::firewall::form::RuleForm;
use crate::firewall::rules::describe;
use crate::i18n::firewall as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};

/// One change, as the bar says it and as the undo needs it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unapplied {
    /// The id of a rule created here, when the service gave one.
    pub id: Option<String>,
    /// The change in words.
    pub rule: String,
    /// A rule edited or deleted here, as it was before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub was: Option<Was>,
}

/// A rule as it was before it was edited or deleted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Was {
    /// The rule `id` was `rule`.
    Edited { id: String, rule: RuleForm },
    /// The rule `id` of the interface `nic` was `rule`, after the rule
    /// `after` (none: it was the first).
    Deleted { nic: String, id: String, rule: RuleForm, after: Option<String> },
}

/// A rule in words, as the table's checks say it.
fn said(rule: &RuleForm) -> String {
    rule.body()
        .ok()
        .and_then(|body| body.as_object().map(|b| describe(&FirewallRule::from_map(b))))
        .unwrap_or_else(|| crate::firewall::import::line(rule))
}

impl Unapplied {
    /// A rule created, `rule` in words, with the id the service gave it.
    pub fn created(id: Option<String>, rule: String) -> Self {
        Self { id, rule, was: None }
    }

    /// The rule `before` made `now`.
    pub fn edited(before: &Before, now: &RuleForm) -> Self {
        Self {
            id: None,
            rule: crate::tf!(t::FW_UNAPPLIED_EDITED, was = said(&before.rule), rule = said(now)),
            was: Some(Was::Edited { id: before.id.clone(), rule: before.rule.clone() }),
        }
    }

    /// The rule `before` deleted.
    pub fn deleted(before: &Before) -> Self {
        Self {
            id: None,
            rule: crate::tf!(t::FW_UNAPPLIED_DELETED, rule = said(&before.rule)),
            was: Some(Was::Deleted {
                nic: before.interface.clone(),
                id: before.id.clone(),
                rule: before.rule.clone(),
                after: before.after.clone(),
            }),
        }
    }
}

/// The rules of the interface `nic` as they were before `changes` (the
/// VM's, in the order they were made), from its rules `now` in the
/// service's order. A rule created here is left out whatever happened to
/// it since; a rule edited is as it was before its first edit; a rule
/// deleted goes back after the rule it followed (last if that is gone),
/// the latest deleted first, so that each finds its place as it was.
pub fn firewall_before(nic: &str, now: &[FirewallRule], changes: &[Unapplied]) -> Vec<RuleForm> {
    let created: Vec<&str> = changes.iter().filter_map(|c| c.id.as_deref()).collect();
    let first_was = |id: &str| {
        changes.iter().find_map(|c| match &c.was {
            Some(Was::Edited { id: edited, rule }) if edited == id => Some(rule.clone()),
            _ => None,
        })
    };
    let mut rules: Vec<(Option<String>, RuleForm)> = now
        .iter()
        .filter(|r| r.id.as_deref().is_none_or(|id| !created.contains(&id)))
        .map(|r| {
            let was = r.id.as_deref().and_then(first_was);
            (r.id.clone(), was.unwrap_or_else(|| RuleForm::of(r)))
        })
        .collect();
    for change in changes.iter().rev() {
        let Some(Was::Deleted { nic: on, id, rule, after }) = &change.was else { continue };
        if on != nic || created.contains(&id.as_str()) {
            continue;
        }
        let at = match after {
            None => 0,
            Some(after) => rules
                .iter()
                .position(|(kept, _)| kept.as_deref() == Some(after.as_str()))
                .map_or(rules.len(), |p| p + 1),
        };
        rules.insert(at, (Some(id.clone()), first_was(id).unwrap_or_else(|| rule.clone())));
    }
    rules.into_iter().map(|(_, rule)| rule).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::firewall::edit;
    use proptest::prelude::*;
    use serde_json::json;

    fn rule(command: &str, port: &str) -> RuleForm {
        RuleForm {
            command: command.into(),
            protocol: "TCP".into(),
            port: port.into(),
            ..RuleForm::default()
        }
    }

    fn stored(id: usize, rule: &RuleForm) -> FirewallRule {
        let map = json!({"id": id.to_string(), "command": rule.command, "protocol": rule.protocol, "address": rule.address, "port": rule.port});
        FirewallRule::from_map(map.as_object().unwrap())
    }

    fn same(a: &[RuleForm], b: &[RuleForm]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.same_rule(b))
    }

    #[test]
    fn kept_as_the_tab_kept_it_before_and_said_in_words() {
        // What a tab kept before edits and deletes were kept reads the same.
        let old: Vec<Unapplied> =
            serde_json::from_value(json!([{"id": "77", "rule": "accept tcp 8080"}])).unwrap();
        assert_eq!(old, [Unapplied::created(Some("77".into()), "accept tcp 8080".into())]);
        let now = [stored(1, &rule("ACCEPT", "22")), stored(2, &rule("DROP", ""))];
        let before = Before::of("9", &now, "1").unwrap();
        let changed = Unapplied::edited(&before, &rule("ACCEPT", "2222"));
        assert!(changed.rule.contains("22") && changed.rule.contains("2222"), "{}", changed.rule);
        let gone = Unapplied::deleted(&before);
        let text = serde_json::to_value(&gone).unwrap();
        assert_eq!(serde_json::from_value::<Unapplied>(text).unwrap(), gone);
    }

    #[test]
    fn created_edited_and_deleted_rules_are_put_back_as_at_the_last_apply() {
        let applied = [rule("ACCEPT", "22"), rule("ACCEPT", "80"), rule("ACCEPT", "443")];
        let mut now: Vec<FirewallRule> =
            applied.iter().enumerate().map(|(i, r)| stored(i + 1, r)).collect();
        let mut changes = Vec::new();
        // 22 made DROP, then 80 deleted, then a rule created and edited, then 22 deleted.
        let before = Before::of("9", &now, "1").unwrap();
        changes.push(Unapplied::edited(&before, &rule("DROP", "22")));
        now = edit::edited(&now, "1", &rule("DROP", "22"));
        changes.push(Unapplied::deleted(&Before::of("9", &now, "2").unwrap()));
        now = edit::deleted(&now, "2");
        now.push(stored(4, &rule("DROP", "")));
        changes.push(Unapplied::created(Some("4".into()), "drop tcp".into()));
        changes.push(Unapplied::edited(&Before::of("9", &now, "4").unwrap(), &rule("DROP", "1")));
        changes.push(Unapplied::deleted(&Before::of("9", &now, "1").unwrap()));
        now = edit::deleted(&now, "1");
        assert!(same(&firewall_before("9", &now, &changes), &applied));
        // Another interface's changes are not its own.
        assert_eq!(firewall_before("8", &now, &changes).len(), 1);
    }

    /// A change the tab could make: edit, delete or create, on the rule at a place.
    #[derive(Clone, Debug)]
    enum Made {
        Edit(usize, RuleForm),
        Delete(usize),
        Create(RuleForm),
    }

    fn any_rule() -> impl Strategy<Value = RuleForm> {
        (prop::sample::select(vec!["ACCEPT", "DROP"]), prop::sample::select(vec!["", "22", "80"]))
            .prop_map(|(command, port)| rule(command, port))
    }

    fn any_change() -> impl Strategy<Value = Made> {
        prop_oneof![
            (0..6usize, any_rule()).prop_map(|(at, r)| Made::Edit(at, r)),
            (0..6usize).prop_map(Made::Delete),
            any_rule().prop_map(Made::Create),
        ]
    }

    proptest! {
        /// Any changes since the last apply, in any order: the firewall
        /// before them is the one applied, rule for rule and in order.
        #[test]
        fn the_firewall_before_the_changes_is_the_one_applied(
            applied in prop::collection::vec(any_rule(), 0..6),
            made in prop::collection::vec(any_change(), 0..8),
        ) {
            let mut now: Vec<FirewallRule> = applied.iter().enumerate().map(|(i, r)| stored(i + 1, r)).collect();
            let mut changes = Vec::new();
            let mut next = 100;
            for change in made {
                match change {
                    Made::Edit(at, to) => {
                        let Some(id) = now.get(at % now.len().max(1)).and_then(|r| r.id.clone()) else { continue };
                        changes.push(Unapplied::edited(&Before::of("9", &now, &id).unwrap(), &to));
                        now = edit::edited(&now, &id, &to);
                    }
                    Made::Delete(at) => {
                        let Some(id) = now.get(at % now.len().max(1)).and_then(|r| r.id.clone()) else { continue };
                        changes.push(Unapplied::deleted(&Before::of("9", &now, &id).unwrap()));
                        now = edit::deleted(&now, &id);
                    }
                    Made::Create(new) => {
                        next += 1;
                        now.push(stored(next, &new));
                        changes.push(Unapplied::created(Some(next.to_string()), String::new()));
                    }
                }
            }
            let before = firewall_before("9", &now, &changes);
            prop_assert!(same(&before, &applied), "{before:?} != {applied:?}");
        }
    }
}
