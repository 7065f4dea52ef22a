//! Matching: the address and port forms agree with each other, and the first
//! rule that matches decides.

use crate::arbitrary::any_rule;
use crate::reference::{naive_contains, naive_decide, naive_order};
use crate::small::{small_address, small_packet, small_policy, small_rule, small_rules};
use crate::{accept, cases, is_match, protocol};
use proptest::collection::vec;
use proptest::prelude::*;
use std::net::Ipv4Addr;
use vmdeck_core::firewall::parse::parse_address;
use vmdeck_core::firewall::rules::{Packet, RuleSet};

proptest! {
    #![proptest_config(cases(256))]

    /// 1. A CIDR and the range it stands for match the same sources.
    #[test]
    fn a_cidr_matches_as_its_range(network in any::<u32>(), mask in 0u32..=32, picks in vec((0u8..5, any::<u32>()), 1..8), protocol in protocol()) {
        let size = 1u64 << (32 - mask);
        let lo = u64::from(network) / size * size;
        let hi = lo + size - 1;
        let (lo_ip, hi_ip) = (Ipv4Addr::from(lo as u32), Ipv4Addr::from(hi as u32));
        let cidr = accept(protocol, &format!("{}/{mask}", Ipv4Addr::from(network)), "");
        let range = accept(protocol, &format!("{lo_ip}-{hi_ip}"), "");
        for (how, random) in picks {
            // Near the edges, where an off-by-one would show.
            let source = match how {
                0 => lo.saturating_sub(1),
                1 => lo,
                2 => hi,
                3 => (hi + 1).min(u64::from(u32::MAX)),
                _ => u64::from(random),
            };
            let packet = Packet { source: Ipv4Addr::from(source as u32), protocol, port: 22 };
            let inside = lo <= source && source <= hi;
            prop_assert_eq!(is_match(&cidr, &packet), inside, "{:?}", packet);
            prop_assert_eq!(is_match(&range, &packet), inside, "{:?}", packet);
        }
    }

    /// 2. A list of ports matches exactly the packets one of its elements matches.
    #[test]
    fn a_list_matches_as_its_elements(
        list in vec(prop_oneof![1u16..=30, 1u16..=65535], 1..6),
        address in small_address(16),
        rule_protocol in protocol(),
        packet in small_packet(),
        port in prop_oneof![0u16..=31, any::<u16>()],
    ) {
        let packet = Packet { port, ..packet };
        let text = list.iter().map(u16::to_string).collect::<Vec<_>>().join(",");
        let whole = is_match(&accept(rule_protocol, &address, &text), &packet);
        let any_element = list.iter().any(|element| is_match(&accept(rule_protocol, &address, &element.to_string()), &packet));
        prop_assert_eq!(whole, any_element);
        prop_assert_eq!(whole, rule_protocol == packet.protocol && list.contains(&port) && naive_contains(&parse_address(&address).unwrap(), packet.source));
    }

    /// 3. The first rule that matches decides, and the policy when none does.
    #[test]
    fn the_first_match_decides(
        rules in prop_oneof![3 => small_rules(8), 1 => vec(prop_oneof![3 => small_rule(16, 12), 1 => any_rule()], 0..8)],
        policy in small_policy(),
        packets in vec(small_packet(), 1..16),
    ) {
        let set = RuleSet::new(&rules, policy.as_deref());
        prop_assert_eq!(set.order(), naive_order(&rules));
        for packet in packets {
            prop_assert_eq!(set.decide(&packet), naive_decide(&rules, policy.as_deref(), &packet), "{:?}", packet);
        }
    }
}
