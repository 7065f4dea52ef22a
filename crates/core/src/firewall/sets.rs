//! Rules brought to an interface together (a rule set, an import): what each
//! would be there before anything is sent. A rule the interface already has
//! is left out; one that rules before it would always decide first is
//! added, and said so.

use crate::firewall::form::RuleForm;
use crate::firewall::import;
use crate::firewall::rules::{FindingKind, RuleSet};
use crate::i18n::firewall as t;
use crate::network::FirewallRule;
use serde_json::Value;

/// A named set of rules to start an interface from: its rules in order
/// and, when it says one, its default policy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSet {
    pub name: String,
    pub policy: Option<String>,
    pub rules: Vec<RuleForm>,
}

impl NamedSet {
    /// The rules in the import's text form, one a line.
    pub fn text(&self) -> String {
        self.rules.iter().map(import::line).collect::<Vec<_>>().join("\n")
    }
}

fn accept(protocol: &str, port: &str, address: &str, description: &str) -> RuleForm {
    RuleForm {
        command: "ACCEPT".into(),
        protocol: protocol.into(),
        port: port.into(),
        address: address.into(),
        description: description.into(),
    }
}

/// The panel's own sets, each ending in DROP by default; "Deny all but my
/// address" only when an address is saved as the user's.
pub fn built_in(my_address: Option<&str>) -> Vec<NamedSet> {
    let drop = Some("DROP".to_owned());
    let ssh = || accept("TCP", "22", "", "SSH");
    let mut sets = vec![
        NamedSet { name: t::FW_SET_SSH.get().into(), policy: drop.clone(), rules: vec![ssh()] },
        NamedSet {
            name: t::FW_SET_WEB.get().into(),
            policy: drop.clone(),
            rules: vec![ssh(), accept("TCP", "80,443", "", "HTTP, HTTPS")],
        },
        NamedSet {
            name: t::FW_SET_MAIL.get().into(),
            policy: drop.clone(),
            rules: vec![
                ssh(),
                accept("TCP", "25,465,587", "", "SMTP"),
                accept("TCP", "110,143,993,995", "", "POP3, IMAP"),
            ],
        },
    ];
    if let Some(mine) = my_address.map(str::trim).filter(|a| !a.is_empty()) {
        let rules = vec![accept("TCP", "", mine, ""), accept("UDP", "", mine, "")];
        sets.push(NamedSet { name: t::FW_SET_MINE.get().into(), policy: drop, rules });
    }
    sets
}

/// What a rule brought to an interface would be there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// New, and it decides some packets.
    Added,
    /// The interface has a rule with the same effect already: not sent.
    Present,
    /// Added, but the rules before it decide every packet it would: the
    /// finding's sentence says which.
    Shadowed(String),
}

/// Each of `rules`, in order, as it would be after the interface's
/// `existing` rules and the ones of `rules` before it that are sent.
pub fn preview(
    existing: &[FirewallRule],
    policy: Option<&str>,
    rules: &[RuleForm],
) -> Vec<Verdict> {
    let mut set = RuleSet::new(existing, policy);
    let mut count = existing.len();
    rules
        .iter()
        .map(|rule| {
            let Ok(Value::Object(body)) = rule.body() else {
                // The caller checks the rules first; one that fails is not compared.
                return Verdict::Added;
            };
            let with = set.with_rule(&FirewallRule::from_map(&body));
            let finding = with.checks().into_iter().find(|f| {
                f.rules.first() == Some(&count)
                    && matches!(f.kind, FindingKind::Duplicate | FindingKind::Shadowed)
            });
            match finding {
                Some(f) if f.kind == FindingKind::Duplicate => Verdict::Present,
                found => {
                    set = with;
                    count += 1;
                    found.map_or(Verdict::Added, |f| Verdict::Shadowed(f.message))
                }
            }
        })
        .collect()
}

/// Rules (and maybe a default policy) brought to one interface, before
/// anything is sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPlan {
    /// What each rule brought would be there, in order.
    pub verdicts: Vec<Verdict>,
    /// The rules to create, in order: all but those there already.
    pub rules: Vec<RuleForm>,
    /// The default policy to set after them, if it changes.
    pub policy: Option<String>,
    /// Why the result may lock the user out, if it may.
    pub lockout: Option<String>,
}

/// The plan for `rules` and `wanted_policy` on an interface with the rules
/// `existing` and the default policy `policy`; the lockout check looks at
/// `my_address` too.
pub fn plan(
    existing: &[FirewallRule],
    policy: Option<&str>,
    rules: &[RuleForm],
    wanted_policy: Option<&str>,
    my_address: Option<std::net::Ipv4Addr>,
) -> SetPlan {
    let verdicts = preview(existing, policy, rules);
    let to_send: Vec<RuleForm> = rules
        .iter()
        .zip(&verdicts)
        .filter(|(_, v)| **v != Verdict::Present)
        .map(|(r, _)| r.clone())
        .collect();
    let new_policy = wanted_policy
        .filter(|wanted| !policy.is_some_and(|now| now.eq_ignore_ascii_case(wanted)))
        .map(str::to_ascii_uppercase);
    let dropping = new_policy.as_deref() == Some("DROP");
    // Only a DROP, a rule's or the policy's, can lock anyone out; it is
    // checked with every rule to be added, in the order they would be.
    let lockout = (dropping || to_send.iter().any(|r| r.command.eq_ignore_ascii_case("DROP")))
        .then(|| {
            let mut set = RuleSet::new(existing, policy);
            for rule in &to_send {
                if let Ok(Value::Object(body)) = rule.body() {
                    set = set.with_rule(&FirewallRule::from_map(&body));
                }
            }
            if dropping {
                set = set.with_policy(crate::firewall::rules::Command::Drop);
            }
            set.lockout(my_address)
        });
    SetPlan { verdicts, rules: to_send, policy: new_policy, lockout: lockout.flatten() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::firewall::parse::{parse_address, parse_ports, Addresses};
    use proptest::prelude::*;
    use std::net::Ipv4Addr;

    fn rule(command: &str, protocol: &str, port: &str, address: &str) -> RuleForm {
        RuleForm {
            command: command.into(),
            protocol: protocol.into(),
            port: port.into(),
            address: address.into(),
            description: String::new(),
        }
    }

    fn stored(rules: &[RuleForm]) -> Vec<FirewallRule> {
        rules
            .iter()
            .filter_map(|r| match r.body() {
                Ok(Value::Object(body)) => Some(FirewallRule::from_map(&body)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_set_on_an_interface_says_what_is_new_there_already_and_shadowed() {
        let existing =
            stored(&[rule("ACCEPT", "TCP", "22", "203.0.113.0/24"), rule("DROP", "TCP", "", "")]);
        let verdicts = preview(
            &existing,
            Some("ACCEPT"),
            &[
                rule("ACCEPT", "TCP", "22", "203.0.113.0/24"),
                rule("ACCEPT", "TCP", "443", ""),
                rule("ACCEPT", "UDP", "53", ""),
                rule("ACCEPT", "UDP", "53", ""),
            ],
        );
        assert_eq!(verdicts[0], Verdict::Present);
        assert!(
            matches!(&verdicts[1], Verdict::Shadowed(message) if message.contains('2')),
            "{:?}",
            verdicts[1]
        );
        assert_eq!(verdicts[2], Verdict::Added);
        // The set's own rules count too: its second UDP 53 repeats its first.
        assert_eq!(verdicts[3], Verdict::Present);
    }

    #[test]
    fn a_plan_sends_what_is_new_sets_a_changed_policy_and_checks_the_lockout_with_every_rule() {
        let existing = stored(&[rule("ACCEPT", "TCP", "22", "")]);
        let web = built_in(None).into_iter().nth(1).map(|set| set.rules).unwrap_or_default();
        let on = plan(&existing, Some("ACCEPT"), &web, Some("drop"), None);
        assert_eq!(on.verdicts.first(), Some(&Verdict::Present));
        assert_eq!(on.rules.iter().map(|r| r.port.as_str()).collect::<Vec<_>>(), ["80,443"]);
        assert_eq!(on.policy.as_deref(), Some("DROP"));
        assert_eq!(on.lockout, None, "SSH stays open to everyone");
        // The same policy again is not sent.
        assert_eq!(plan(&existing, Some("DROP"), &web, Some("DROP"), None).policy, None);
        // Only HTTPS, with DROP: SSH and RDP are shut.
        let https = [rule("ACCEPT", "TCP", "443", "")];
        assert!(plan(&[], Some("ACCEPT"), &https, Some("DROP"), None).lockout.is_some());
        assert!(plan(&[], Some("ACCEPT"), &https, None, None).lockout.is_none());
        // SSH from an office only: the saved address outside it is shut out.
        let office = [rule("ACCEPT", "TCP", "22", "203.0.113.0/24")];
        assert!(plan(&[], Some("ACCEPT"), &office, Some("DROP"), None).lockout.is_none());
        assert!(plan(
            &[],
            Some("ACCEPT"),
            &office,
            Some("DROP"),
            Some(Ipv4Addr::new(198, 51, 100, 7))
        )
        .lockout
        .is_some());
    }

    #[test]
    fn the_built_in_sets_read_back_and_mine_needs_an_address() {
        let without = built_in(None);
        assert_eq!(without.len(), 3);
        let with = built_in(Some(" 203.0.113.9 "));
        let mine = with.last().map(|set| set.rules.clone()).unwrap_or_default();
        assert_eq!(
            mine.iter().map(|r| r.address.as_str()).collect::<Vec<_>>(),
            ["203.0.113.9", "203.0.113.9"]
        );
        for set in &with {
            assert_eq!(set.policy.as_deref(), Some("DROP"));
            // Every built-in rule passes the rule form, and its text reads back as the same rules.
            let read = import::read(&set.text());
            assert!(read.refused.is_empty(), "{}: {:?}", set.name, read.refused);
            assert_eq!(read.rules.into_iter().map(|r| r.rule).collect::<Vec<_>>(), set.rules);
        }
    }

    // A small world where every packet can be tried: ports 1 to 6, the
    // addresses 10.0.0.0 to 10.0.0.7, TCP and UDP.
    const PORTS: std::ops::RangeInclusive<u16> = 1..=6;

    fn world() -> Vec<(&'static str, Ipv4Addr, u16)> {
        let mut packets = Vec::new();
        for protocol in ["TCP", "UDP"] {
            for host in 0..8u8 {
                for port in PORTS {
                    packets.push((protocol, Ipv4Addr::new(10, 0, 0, host), port));
                }
            }
        }
        packets
    }

    fn matches(rule: &RuleForm, (protocol, address, port): (&str, Ipv4Addr, u16)) -> bool {
        let (Ok(ports), Ok(addresses)) = (parse_ports(&rule.port), parse_address(&rule.address))
        else {
            return false;
        };
        let to = u32::from(address);
        let from = match addresses {
            Addresses::Everyone => true,
            Addresses::One(one) => one == address,
            Addresses::Network(net, mask) => {
                let keep = if mask == 0 { 0 } else { u32::MAX << (32 - u32::from(mask)) };
                u32::from(net) & keep == to & keep
            }
            Addresses::Range(lo, hi) => (u32::from(lo)..=u32::from(hi)).contains(&to),
        };
        rule.protocol == protocol && from && ports.covers(port)
    }

    fn a_rule() -> impl Strategy<Value = RuleForm> {
        let port = prop_oneof![
            PORTS.prop_map(|p| p.to_string()),
            (PORTS, PORTS).prop_map(|(a, b)| format!("{}:{}", a.min(b), a.max(b))),
            proptest::collection::btree_set(PORTS, 1..3).prop_map(|s| s
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(",")),
        ];
        let address = prop_oneof![
            (0..8u8).prop_map(|h| format!("10.0.0.{h}")),
            (0..8u8, 29..=32u8).prop_map(|(h, m)| format!("10.0.0.{h}/{m}")),
            (0..8u8, 0..8u8).prop_map(|(a, b)| format!("10.0.0.{}-10.0.0.{}", a.min(b), a.max(b))),
        ];
        (
            prop_oneof![Just("ACCEPT"), Just("DROP")],
            prop_oneof![Just("TCP"), Just("UDP")],
            port,
            address,
        )
            .prop_map(|(c, p, port, address)| rule(c, p, &port, &address))
    }

    proptest! {
        /// Against every packet of the small world: a rule is present when
        /// one before it matches the same packets with the same command, and
        /// shadowed when the rules before it match every packet it does.
        #[test]
        fn verdicts_agree_with_trying_every_packet(existing in proptest::collection::vec(a_rule(), 0..5), added in proptest::collection::vec(a_rule(), 1..5)) {
            let verdicts = preview(&stored(&existing), None, &added);
            let packets = world();
            let mut before: Vec<RuleForm> = existing.clone();
            for (rule, verdict) in added.iter().zip(&verdicts) {
                let mine: Vec<_> = packets.iter().filter(|p| matches(rule, **p)).collect();
                let present = before.iter().any(|other| other.command == rule.command && packets.iter().all(|p| matches(other, *p) == matches(rule, *p)));
                let covered = mine.iter().all(|p| before.iter().any(|other| matches(other, **p)));
                match verdict {
                    Verdict::Present => prop_assert!(present, "{rule:?} called present after {before:?}"),
                    Verdict::Shadowed(_) => prop_assert!(covered && !present, "{rule:?} called shadowed after {before:?}"),
                    Verdict::Added => prop_assert!(!covered, "{rule:?} called added after {before:?}"),
                }
                if *verdict != Verdict::Present {
                    before.push(rule.clone());
                }
            }
        }
    }
}
