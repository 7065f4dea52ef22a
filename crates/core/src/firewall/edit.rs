//! A rule edited in place or deleted: what the panel knows of it before
//! the write ([`Before`]: the rule as the table showed it, its interface and
//! its place, which undoing the write needs and neither its request nor its
//! answer says), the interface's rules as they would be after, and the
//! lockout guard on them, as on a rule added.

use crate::firewall::form::RuleForm;
use crate::firewall::rules::{Command, RuleSet};
use crate::network::FirewallRule;
use std::net::Ipv4Addr;

/// A rule about to be edited or deleted, as the panel read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Before {
    /// The interface the rule is on.
    pub interface: String,
    pub id: String,
    pub rule: RuleForm,
    /// The id of the rule just before it; none when it was the first.
    pub after: Option<String>,
    /// The ids of the rules after it, in order.
    pub followed_by: Vec<String>,
}

impl Before {
    /// The rule `id` among `rules`, the interface `nic`'s rules in the
    /// service's order; none if it is not there.
    pub fn of(nic: &str, rules: &[FirewallRule], id: &str) -> Option<Self> {
        let at = rules.iter().position(|r| r.id.as_deref() == Some(id))?;
        let rule = rules.get(at)?;
        let after = at.checked_sub(1).and_then(|i| rules.get(i)).and_then(|r| r.id.clone());
        Some(Self {
            interface: nic.to_owned(),
            id: id.to_owned(),
            rule: RuleForm::of(rule),
            after,
            followed_by: rules.iter().skip(at + 1).filter_map(|r| r.id.clone()).collect(),
        })
    }
}

/// `rules` with the rule `id` made `form`, in its place.
pub fn edited(rules: &[FirewallRule], id: &str, form: &RuleForm) -> Vec<FirewallRule> {
    rules
        .iter()
        .map(|r| if r.id.as_deref() == Some(id) { form.stored_like(r) } else { r.clone() })
        .collect()
}

/// `rules` without the rule `id`.
pub fn deleted(rules: &[FirewallRule], id: &str) -> Vec<FirewallRule> {
    rules.iter().filter(|r| r.id.as_deref() != Some(id)).cloned().collect()
}

fn command(rule: &FirewallRule) -> Option<Command> {
    rule.command.as_deref().and_then(Command::parse)
}

/// What the guard says before the rule `id` of `rules` (the interface's,
/// whose default policy is `policy`) is made `form`, as it says it before a
/// rule is added: an edit that may take a way in away (any but a DROP made
/// an ACCEPT) and leaves SSH and RDP shut, to everyone or to `my_address`.
pub fn edit_lockout(
    rules: &[FirewallRule],
    policy: Option<&str>,
    id: &str,
    form: &RuleForm,
    my_address: Option<Ipv4Addr>,
) -> Option<String> {
    let old = rules.iter().find(|r| r.id.as_deref() == Some(id))?;
    if command(old) == Some(Command::Drop) && Command::parse(&form.command) == Some(Command::Accept)
    {
        return None;
    }
    RuleSet::new(&edited(rules, id, form), policy).lockout(my_address)
}

/// The same before the rule `id` is deleted: only an ACCEPT deleted can
/// shut anyone out.
pub fn delete_lockout(
    rules: &[FirewallRule],
    policy: Option<&str>,
    id: &str,
    my_address: Option<Ipv4Addr>,
) -> Option<String> {
    let old = rules.iter().find(|r| r.id.as_deref() == Some(id))?;
    if command(old) != Some(Command::Accept) {
        return None;
    }
    RuleSet::new(&deleted(rules, id), policy).lockout(my_address)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn stored_rule(id: &str, command: &str, address: &str, port: &str) -> FirewallRule {
        let map = json!({"id": id, "network_interface_id": "9", "command": command, "protocol": "tcp", "address": address, "port": port, "position": id.parse::<i64>().unwrap()});
        FirewallRule::from_map(map.as_object().unwrap())
    }

    fn form(command: &str, address: &str, port: &str) -> RuleForm {
        RuleForm {
            command: command.into(),
            address: address.into(),
            port: port.into(),
            ..RuleForm::default()
        }
    }

    const MINE: &str = "203.0.113.9";

    fn mine() -> Option<Ipv4Addr> {
        MINE.parse().ok()
    }

    #[test]
    fn a_rule_before_it_changes_is_kept_with_its_place() {
        let rules = [
            stored_rule("1", "ACCEPT", "", "22"),
            stored_rule("2", "ACCEPT", "0.0.0.0", "80, 443"),
            stored_rule("3", "DROP", "", ""),
        ];
        let before = Before::of("9", &rules, "2").unwrap();
        assert_eq!(before.interface, "9");
        assert_eq!(
            (before.after.as_deref(), before.followed_by.clone()),
            (Some("1"), vec!["3".into()])
        );
        assert!(before.rule.same_rule(&form("ACCEPT", "", "80,443")));
        let first = Before::of("9", &rules, "1").unwrap();
        assert_eq!((first.after, first.followed_by.len()), (None, 2));
        assert_eq!(Before::of("9", &rules, "4"), None);
        // The edit form writes everyone as nothing and a list without spaces.
        assert_eq!(RuleForm::to_edit(&rules[1]), form("ACCEPT", "", "80,443"));
    }

    #[test]
    fn an_edit_keeps_the_rules_place_and_id() {
        let rules = [stored_rule("1", "ACCEPT", "", "22"), stored_rule("2", "DROP", "", "")];
        let after = edited(&rules, "1", &form("accept", " 10.0.0.0/8 ", "2 2"));
        assert_eq!(after.len(), 2);
        assert_eq!(after[0].id.as_deref(), Some("1"));
        assert_eq!(after[0].position, Some(1));
        assert_eq!(
            (after[0].command.as_deref(), after[0].address.as_deref(), after[0].port.as_deref()),
            (Some("ACCEPT"), Some("10.0.0.0/8"), Some("22"))
        );
        assert_eq!(after[1], rules[1]);
        assert_eq!(deleted(&rules, "1"), vec![rules[1].clone()]);
    }

    #[test]
    fn the_guard_stops_an_edit_or_a_delete_that_shuts_my_address_out() {
        let rules = [stored_rule("1", "ACCEPT", MINE, "22"), stored_rule("2", "ACCEPT", "", "80")];
        // The ACCEPT of my address made a DROP, under a DROP policy: warned, as a DROP added is.
        let said = edit_lockout(&rules, Some("DROP"), "1", &form("DROP", MINE, "22"), mine());
        assert!(said.is_some_and(|s| s.contains(MINE) || s.contains("nobody")));
        // Moved to another port, the same.
        assert!(edit_lockout(&rules, Some("DROP"), "1", &form("ACCEPT", MINE, "2222"), mine())
            .is_some());
        // Under an ACCEPT policy nothing shuts.
        assert_eq!(
            edit_lockout(&rules, Some("ACCEPT"), "1", &form("DROP", MINE, "22"), mine()),
            None
        );
        // Another rule edited leaves the way in.
        assert_eq!(edit_lockout(&rules, Some("DROP"), "2", &form("DROP", "", "80"), mine()), None);
        // Deleting the ACCEPT that keeps me in is stopped; deleting another is not.
        assert!(delete_lockout(&rules, Some("DROP"), "1", mine()).is_some());
        assert_eq!(delete_lockout(&rules, Some("DROP"), "2", mine()), None);
        assert_eq!(delete_lockout(&rules, Some("DROP"), "7", mine()), None);
    }

    #[test]
    fn a_drop_made_an_accept_or_deleted_never_shuts_anyone_out() {
        let rules = [stored_rule("1", "DROP", "", "22")];
        // Locked out already under DROP, but this edit and this delete only open.
        assert_eq!(edit_lockout(&rules, Some("DROP"), "1", &form("ACCEPT", "", "80"), None), None);
        assert_eq!(delete_lockout(&rules, Some("DROP"), "1", None), None);
        assert!(edit_lockout(&rules, Some("DROP"), "1", &form("DROP", "", "80"), None).is_some());
    }
}
