//! Whatever the API sends, in every field of every rule and in the policy,
//! nothing panics.

use crate::arbitrary::{any_packet, any_rule};
use crate::cases;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use std::net::Ipv4Addr;
use vmdeck_core::firewall::rules::{Command, Decision, RuleSet};

proptest! {
    #![proptest_config(cases(256))]

    /// 5. Whatever the API sends, in every field, nothing panics.
    #[test]
    fn arbitrary_rules_never_panic(
        rules in vec(any_rule(), 0..8),
        extra in any_rule(),
        policy in option::of(prop_oneof![any::<String>(), select(vec!["ACCEPT", "DROP", "accept", ""]).prop_map(str::to_owned)]),
        packets in vec(any_packet(), 1..4),
        mine in option::of(any::<u32>()),
    ) {
        let set = RuleSet::new(&rules, policy.as_deref());
        prop_assert_eq!(set.order().len(), rules.len());
        for packet in &packets {
            let decision = set.decide(packet);
            if let Decision::Rule { index, .. } = decision {
                prop_assert!(index < rules.len());
            }
        }
        for finding in set.checks() {
            prop_assert!(finding.rules.iter().all(|&index| index < rules.len()));
            prop_assert!(!finding.message.is_empty());
        }
        for variant in [set.with_rule(&extra), set.with_policy(Command::Drop), set.with_policy(Command::Accept)] {
            let _ = variant.checks();
            let _ = variant.lockout(mine.map(Ipv4Addr::from));
            let _ = variant.accepts_from_somewhere(22);
            for packet in &packets {
                let _ = variant.decide(packet);
            }
        }
    }
}
