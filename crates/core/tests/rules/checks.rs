//! The checks: shadowing and duplicates are reported exactly when a brute
//! force over the small space says so, and reachability and the lockout
//! guard agree with every source of it.

use crate::reference::{naive_decide, naive_rule};
use crate::small::{every_small_packet, small_address, small_policy, small_rules, small_sources};
use crate::{cases, rule};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use std::collections::BTreeSet;
use vmdeck_core::firewall::rules::{Command, Decision, FindingKind, Packet, Protocol, RuleSet};
use vmdeck_core::network::FirewallRule;

proptest! {
    #![proptest_config(cases(256))]

    /// 4. A well-formed rule is reported as shadowed or duplicate exactly when
    /// no packet of the whole (small) space is decided by it; the rules named
    /// with it are earlier, cover it together, and none of them is needless.
    #[test]
    fn shadowing_is_exact(rules in small_rules(6), policy in small_policy()) {
        let packets = every_small_packet();
        let deciding: BTreeSet<usize> = packets
            .iter()
            .filter_map(|packet| match naive_decide(&rules, policy.as_deref(), packet) {
                Decision::Rule { index, .. } => Some(index),
                Decision::Policy(_) => None,
            })
            .collect();
        let well_formed = |index: usize| rules.get(index).and_then(|rule| naive_rule(rule, &packets[0])).is_some();
        let never_decides: BTreeSet<usize> = (0..rules.len()).filter(|&index| well_formed(index) && !deciding.contains(&index)).collect();

        let set = RuleSet::new(&rules, policy.as_deref());
        let findings = set.checks();
        let reported: Vec<usize> = findings
            .iter()
            .filter(|finding| matches!(finding.kind, FindingKind::Shadowed | FindingKind::Duplicate))
            .filter_map(|finding| finding.rules.first().copied())
            .collect();
        prop_assert_eq!(reported.iter().copied().collect::<BTreeSet<_>>(), never_decides, "{:#?}", findings);
        prop_assert_eq!(reported.len(), reported.iter().collect::<BTreeSet<_>>().len(), "one finding per rule");

        let malformed: BTreeSet<usize> = findings.iter().filter(|finding| finding.kind == FindingKind::Malformed).flat_map(|finding| finding.rules.clone()).collect();
        prop_assert_eq!(malformed, (0..rules.len()).filter(|&index| !well_formed(index)).collect::<BTreeSet<_>>());

        let place = |index: usize| set.order().iter().position(|&other| other == index);
        let matching = |index: usize, packet: &Packet| rules.get(index).and_then(|rule| naive_rule(rule, packet)).is_some_and(|(_, hit)| hit);
        for finding in findings.iter().filter(|finding| matches!(finding.kind, FindingKind::Shadowed | FindingKind::Duplicate)) {
            let (concerned, cover) = finding.rules.split_first().unwrap();
            prop_assert!(!cover.is_empty());
            prop_assert!(cover.iter().all(|&other| place(other) < place(*concerned)));
            let covered_by = |cover: &[usize]| packets.iter().all(|packet| !matching(*concerned, packet) || cover.iter().any(|&other| matching(other, packet)));
            prop_assert!(covered_by(cover), "{:?}", finding);
            for left_out in 0..cover.len() {
                let fewer: Vec<usize> = cover.iter().enumerate().filter(|&(at, _)| at != left_out).map(|(_, &other)| other).collect();
                prop_assert!(!covered_by(&fewer), "needless rule in {:?}", finding);
            }
            if finding.kind == FindingKind::Duplicate {
                prop_assert_eq!(cover.len(), 1);
                let same = packets.iter().all(|packet| {
                    rules.get(*concerned).and_then(|rule| naive_rule(rule, packet)) == rules.get(cover[0]).and_then(|rule| naive_rule(rule, packet))
                });
                prop_assert!(same, "{:?}", finding);
            }
        }
    }

    /// 6. Reachability and the lockout guard agree with every source of the small space.
    #[test]
    fn reachability_is_exact(
        rules in select(vec![4u32, 8, 16]).prop_flat_map(|within| vec(
            (select(vec!["ACCEPT", "DROP"]), select(vec!["TCP", "UDP"]), small_address(within), select(vec!["", "22", "3389", "22,3389", "20:30", "3000:4000", "80"]), option::of(0i64..3)),
            0..6,
        )),
        policy in small_policy(),
        mine in select(small_sources()),
    ) {
        let rules: Vec<FirewallRule> = rules
            .into_iter()
            .map(|(command, protocol, address, port, position)| rule(Some(command.into()), Some(protocol.into()), Some(address), Some(port.into()), position))
            .collect();
        let set = RuleSet::new(&rules, policy.as_deref());
        let outcome = |source, port| naive_decide(&rules, policy.as_deref(), &Packet { source, protocol: Protocol::Tcp, port }).command();
        for port in [22, 3389, 80, 25] {
            let somewhere = small_sources().into_iter().any(|source| outcome(source, port) == Some(Command::Accept));
            prop_assert_eq!(set.accepts_from_somewhere(port), somewhere, "port {}", port);
        }
        let denied = |source| outcome(source, 22) == Some(Command::Drop) && outcome(source, 3389) == Some(Command::Drop);
        let nobody = small_sources().into_iter().all(denied);
        prop_assert_eq!(set.lockout(None).is_some(), nobody);
        prop_assert_eq!(set.lockout(Some(mine)).is_some(), nobody || denied(mine));
        let no_remote_access = set.checks().iter().any(|finding| finding.kind == FindingKind::NoRemoteAccess);
        prop_assert_eq!(no_remote_access, policy.as_deref() == Some("DROP") && !set.accepts_from_somewhere(22) && !set.accepts_from_somewhere(3389));
    }
}
