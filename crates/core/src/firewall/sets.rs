//! Rules brought to an interface together (a rule set, an import): what each
//! would be there before anything is sent. A rule the interface already has
//! is left out; one that rules before it would always decide first is
//! added, and said so.

use crate::firewall::form::RuleForm;
use crate::firewall::rules::{FindingKind, RuleSet};
use crate::network::FirewallRule;
use serde_json::Value;

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
pub fn preview(existing: &[FirewallRule], policy: Option<&str>, rules: &[RuleForm]) -> Vec<Verdict> {
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
            let finding = with.checks().into_iter().find(|f| f.rules.first() == Some(&count) && matches!(f.kind, FindingKind::Duplicate | FindingKind::Shadowed));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::firewall::parse::{parse_address, parse_ports, Addresses};
    use proptest::prelude::*;
    use std::net::Ipv4Addr;

    fn rule(command: &str, protocol: &str, port: &str, address: &str) -> RuleForm {
        RuleForm { command: command.into(), protocol: protocol.into(), port: port.into(), address: address.into(), description: String::new() }
    }

    fn stored(rules: &[RuleForm]) -> Vec<FirewallRule> {
        rules.iter().filter_map(|r| match r.body() {
            Ok(Value::Object(body)) => Some(FirewallRule::from_map(&body)),
            _ => None,
        }).collect()
    }

    #[test]
    fn a_set_on_an_interface_says_what_is_new_there_already_and_shadowed() {
        let existing = stored(&[rule("ACCEPT", "TCP", "22", "203.0.113.0/24"), rule("DROP", "TCP", "", "")]);
        let verdicts = preview(&existing, Some("ACCEPT"), &[
            rule("ACCEPT", "TCP", "22", "203.0.113.0/24"),
            rule("ACCEPT", "TCP", "443", ""),
            rule("ACCEPT", "UDP", "53", ""),
            rule("ACCEPT", "UDP", "53", ""),
        ]);
        assert_eq!(verdicts[0], Verdict::Present);
        assert!(matches!(&verdicts[1], Verdict::Shadowed(message) if message.contains('2')), "{:?}", verdicts[1]);
        assert_eq!(verdicts[2], Verdict::Added);
        // The set's own rules count too: its second UDP 53 repeats its first.
        assert_eq!(verdicts[3], Verdict::Present);
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
        let (Ok(ports), Ok(addresses)) = (parse_ports(&rule.port), parse_address(&rule.address)) else { return false };
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
            proptest::collection::btree_set(PORTS, 1..3).prop_map(|s| s.iter().map(u16::to_string).collect::<Vec<_>>().join(",")),
        ];
        let address = prop_oneof![
            (0..8u8).prop_map(|h| format!("10.0.0.{h}")),
            (0..8u8, 29..=32u8).prop_map(|(h, m)| format!("10.0.0.{h}/{m}")),
            (0..8u8, 0..8u8).prop_map(|(a, b)| format!("10.0.0.{}-10.0.0.{}", a.min(b), a.max(b))),
        ];
        (prop_oneof![Just("ACCEPT"), Just("DROP")], prop_oneof![Just("TCP"), Just("UDP")], port, address).prop_map(|(c, p, port, address)| rule(c, p, &port, &address))
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
