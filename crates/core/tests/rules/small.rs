//! Rules within a small space: sources 10.0.0.0–10.0.0.15, ports 1–12.

use crate::{protocol, rule};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use std::net::Ipv4Addr;
use vmdeck_core::firewall::rules::{Packet, Protocol};
use vmdeck_core::network::FirewallRule;

const SMALL_BASE: u32 = 0x0a00_0000;

fn small_ip(offset: u32) -> Ipv4Addr {
    Ipv4Addr::from(SMALL_BASE + offset)
}

/// Every address that can be told apart by rules of the small space: the
/// sixteen inside, and some outside that only "everyone" covers.
pub fn small_sources() -> Vec<Ipv4Addr> {
    let outside = [
        Ipv4Addr::new(0, 0, 0, 0),
        Ipv4Addr::new(9, 255, 255, 255),
        small_ip(16),
        Ipv4Addr::new(255, 255, 255, 255),
    ];
    (0..16).map(small_ip).chain(outside).collect()
}

/// Ports 1–12, and 0 and 13 that only "any port" covers.
const SMALL_PORTS: std::ops::RangeInclusive<u16> = 0..=13;

/// An address form within the first `within` addresses of the small space:
/// the fewer, the more often rules overlap, abut and cover each other.
pub fn small_address(within: u32) -> impl Strategy<Value = String> {
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
pub fn small_rule(within: u32, up_to: u16) -> impl Strategy<Value = FirewallRule> {
    let command = prop_oneof![8 => select(vec!["ACCEPT", "DROP", "drop"]).prop_map(str::to_owned), 1 => Just("REJECT".to_owned())];
    let protocol = prop_oneof![8 => select(vec!["TCP", "UDP"]).prop_map(str::to_owned), 1 => Just("ICMP".to_owned())];
    let address = prop_oneof![12 => small_address(within), 1 => Just("10.0.0".to_owned())];
    let port = prop_oneof![12 => small_ports(up_to), 1 => Just("0".to_owned())];
    let position = prop_oneof![3 => Just(None), 1 => (0i64..4).prop_map(Some)];
    (command, protocol, address, port, position).prop_map(
        |(command, protocol, address, port, position)| {
            rule(Some(command), Some(protocol), Some(address), Some(port), position)
        },
    )
}

/// Up to `most` rules of the small space, some sets crowded into a corner of it.
pub fn small_rules(most: usize) -> impl Strategy<Value = Vec<FirewallRule>> {
    (select(vec![4u32, 8, 16]), select(vec![3u16, 6, 12]))
        .prop_flat_map(move |(within, up_to)| vec(small_rule(within, up_to), 1..=most))
}

pub fn small_policy() -> impl Strategy<Value = Option<String>> {
    option::of(select(vec!["ACCEPT", "DROP", "MAYBE"]).prop_map(str::to_owned))
}

pub fn small_packet() -> impl Strategy<Value = Packet> {
    (select(small_sources()), protocol(), SMALL_PORTS).prop_map(|(source, protocol, port)| Packet {
        source,
        protocol,
        port,
    })
}

/// Every packet of the small space.
pub fn every_small_packet() -> Vec<Packet> {
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
