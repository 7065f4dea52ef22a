//! Bounded property runs over firewall rule matching and checks: the address
//! and port forms agree with each other, the first match decides, shadowing
//! is reported exactly when a brute force over a small space says so, and no
//! value the API could send makes anything panic.
//!
//! For a longer run: `PROPTEST_CASES=20000 cargo test -p vmdeck-core
//! --release --test rules`.

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::Map;
use std::collections::BTreeSet;
use std::net::Ipv4Addr;
use vmdeck_core::firewall::parse::{parse_address, parse_ports, Addresses};
use vmdeck_core::network::FirewallRule;
use vmdeck_core::firewall::rules::{Command, Decision, FindingKind, Packet, Protocol, RuleSet};

/// `PROPTEST_CASES` when set (for a longer run), else the bounded default.
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

fn rule(command: Option<String>, protocol: Option<String>, address: Option<String>, port: Option<String>, position: Option<i64>) -> FirewallRule {
    FirewallRule { id: None, interface_id: None, command, protocol, address, port, description: None, position, status: None, raw: Map::new() }
}

fn accept(protocol: Protocol, address: &str, port: &str) -> FirewallRule {
    rule(Some("ACCEPT".into()), Some(protocol.label().into()), Some(address.into()), Some(port.into()), None)
}

fn is_match(rule: &FirewallRule, packet: &Packet) -> bool {
    matches!(RuleSet::new(std::slice::from_ref(rule), None).decide(packet), Decision::Rule { .. })
}

fn protocol() -> impl Strategy<Value = Protocol> {
    select(vec![Protocol::Tcp, Protocol::Udp])
}

// ---------------------------------------------------------------------------
// A reference written apart from the module: sort, then scan.
// ---------------------------------------------------------------------------

/// Whether `source` is among `addresses`, by masks on 64 bits rather than the
/// module's intervals.
fn naive_contains(addresses: &Addresses, source: Ipv4Addr) -> bool {
    let source = u64::from(u32::from(source));
    match *addresses {
        Addresses::Everyone => true,
        Addresses::One(one) => source == u64::from(u32::from(one)),
        Addresses::Network(network, mask) => {
            let size = 1u64 << (32 - u32::from(mask));
            source / size == u64::from(u32::from(network)) / size
        }
        Addresses::Range(lo, hi) => u64::from(u32::from(lo)) <= source && source <= u64::from(u32::from(hi)),
    }
}

/// Whether a rule, read field by field with the parsers, matches `packet`;
/// `None` when one of its fields does not parse.
fn naive_rule(rule: &FirewallRule, packet: &Packet) -> Option<(Command, bool)> {
    let command = Command::parse(rule.command.as_deref()?)?;
    let protocol = Protocol::parse(rule.protocol.as_deref()?)?;
    let addresses = parse_address(rule.address.as_deref().unwrap_or("")).ok()?;
    let ports = parse_ports(rule.port.as_deref().unwrap_or("")).ok()?;
    Some((command, protocol == packet.protocol && naive_contains(&addresses, packet.source) && ports.covers(packet.port)))
}

fn naive_order(rules: &[FirewallRule]) -> Vec<usize> {
    let mut with: Vec<(i64, usize)> = Vec::new();
    let mut without = Vec::new();
    for (index, rule) in rules.iter().enumerate() {
        match rule.position {
            Some(position) => with.push((position, index)),
            None => without.push(index),
        }
    }
    with.sort();
    with.into_iter().map(|(_, index)| index).chain(without).collect()
}

fn naive_decide(rules: &[FirewallRule], policy: Option<&str>, packet: &Packet) -> Decision {
    for index in naive_order(rules) {
        if let Some(rule) = rules.get(index) {
            if let Some((command, true)) = naive_rule(rule, packet) {
                return Decision::Rule { index, command };
            }
        }
    }
    Decision::Policy(policy.and_then(Command::parse))
}

// ---------------------------------------------------------------------------
// Rules within a small space: sources 10.0.0.0–10.0.0.15, ports 1–12
// ---------------------------------------------------------------------------

const SMALL_BASE: u32 = 0x0a00_0000;

fn small_ip(offset: u32) -> Ipv4Addr {
    Ipv4Addr::from(SMALL_BASE + offset)
}

/// Every address that can be told apart by rules of the small space: the
/// sixteen inside, and some outside that only "everyone" covers.
fn small_sources() -> Vec<Ipv4Addr> {
    let outside = [Ipv4Addr::new(0, 0, 0, 0), Ipv4Addr::new(9, 255, 255, 255), small_ip(16), Ipv4Addr::new(255, 255, 255, 255)];
    (0..16).map(small_ip).chain(outside).collect()
}

/// Ports 1–12, and 0 and 13 that only "any port" covers.
const SMALL_PORTS: std::ops::RangeInclusive<u16> = 0..=13;

/// An address form within the first `within` addresses of the small space:
/// the fewer, the more often rules overlap, abut and cover each other.
fn small_address(within: u32) -> impl Strategy<Value = String> {
    prop_oneof![
        1 => select(vec!["", "0.0.0.0", "0.0.0.0/0"]).prop_map(str::to_owned),
        3 => (0..within).prop_map(|offset| small_ip(offset).to_string()),
        3 => (0..within, 28u32..=32).prop_map(|(offset, mask)| format!("{}/{mask}", small_ip(offset))),
        3 => (0..within, 0..within).prop_map(|(a, b)| format!("{}-{}", small_ip(a.min(b)), small_ip(a.max(b)))),
    ]
}

/// A port form within ports 1 to `up_to`.
fn small_ports(up_to: u16) -> impl Strategy<Value = String> {
    prop_oneof![
        1 => Just(String::new()),
        3 => (1..=up_to).prop_map(|port| port.to_string()),
        3 => vec(1..=up_to, 1..5).prop_map(|list| list.iter().map(u16::to_string).collect::<Vec<_>>().join(",")),
        3 => (1..=up_to, 1..=up_to).prop_map(|(a, b)| format!("{}:{}", a.min(b), a.max(b))),
    ]
}

/// A rule of the small space, now and then with a field that does not parse.
fn small_rule(within: u32, up_to: u16) -> impl Strategy<Value = FirewallRule> {
    let command = prop_oneof![8 => select(vec!["ACCEPT", "DROP", "drop"]).prop_map(str::to_owned), 1 => Just("REJECT".to_owned())];
    let protocol = prop_oneof![8 => select(vec!["TCP", "UDP"]).prop_map(str::to_owned), 1 => Just("ICMP".to_owned())];
    let address = prop_oneof![12 => small_address(within), 1 => Just("10.0.0".to_owned())];
    let port = prop_oneof![12 => small_ports(up_to), 1 => Just("0".to_owned())];
    let position = prop_oneof![3 => Just(None), 1 => (0i64..4).prop_map(Some)];
    (command, protocol, address, port, position).prop_map(|(command, protocol, address, port, position)| rule(Some(command), Some(protocol), Some(address), Some(port), position))
}

/// Up to `most` rules of the small space, some sets crowded into a corner of it.
fn small_rules(most: usize) -> impl Strategy<Value = Vec<FirewallRule>> {
    (select(vec![4u32, 8, 16]), select(vec![3u16, 6, 12])).prop_flat_map(move |(within, up_to)| vec(small_rule(within, up_to), 1..=most))
}

fn small_policy() -> impl Strategy<Value = Option<String>> {
    option::of(select(vec!["ACCEPT", "DROP", "MAYBE"]).prop_map(str::to_owned))
}

fn small_packet() -> impl Strategy<Value = Packet> {
    (select(small_sources()), protocol(), SMALL_PORTS).prop_map(|(source, protocol, port)| Packet { source, protocol, port })
}

/// Every packet of the small space.
fn every_small_packet() -> Vec<Packet> {
    let mut packets = Vec::new();
    for source in small_sources() {
        for protocol in [Protocol::Tcp, Protocol::Udp] {
            for port in SMALL_PORTS {
                packets.push(Packet { source, protocol, port });
            }
        }
    }
    packets
}

// ---------------------------------------------------------------------------
// Arbitrary values
// ---------------------------------------------------------------------------

fn any_text() -> impl Strategy<Value = Option<String>> {
    const TRICKY: &[&str] = &[
        "", " ", "ACCEPT", "drop", "DROP ", "REJECT", "tcp", "UDP", "ICMP", "0", "22", "65535", "65536", "-1", "22,", ",22", "22,,80",
        "1:", ":2", "1:2:3", "2:1", "1000-2000", "22,1000:2000", "0.0.0.0", "0.0.0.0/0", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/",
        "/8", "10.0.0.9-10.0.0.1", "255.255.255.255", "255.255.255.255/0", "1.2.3.4-", "-", "10.0.0", "１２", "\u{202e}22", "\0",
    ];
    option::of(prop_oneof![2 => select(TRICKY).prop_map(str::to_owned), 1 => any::<String>(), 1 => "[0-9.,:/ -]{0,16}"])
}

fn any_rule() -> impl Strategy<Value = FirewallRule> {
    (any_text(), any_text(), any_text(), any_text(), option::of(any::<i64>()))
        .prop_map(|(command, protocol, address, port, position)| rule(command, protocol, address, port, position))
}

fn any_packet() -> impl Strategy<Value = Packet> {
    (any::<u32>(), protocol(), any::<u16>()).prop_map(|(source, protocol, port)| Packet { source: Ipv4Addr::from(source), protocol, port })
}

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
