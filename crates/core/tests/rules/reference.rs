//! A reference written apart from the module: sort, then scan.

use std::net::Ipv4Addr;
use vmdeck_core::firewall::parse::{parse_address, parse_ports, Addresses};
use vmdeck_core::firewall::rules::{Command, Decision, Packet, Protocol};
use vmdeck_core::network::FirewallRule;

/// Whether `source` is among `addresses`, by masks on 64 bits rather than the
/// module's intervals.
pub fn naive_contains(addresses: &Addresses, source: Ipv4Addr) -> bool {
    let source = u64::from(u32::from(source));
    match *addresses {
        Addresses::Everyone => true,
        Addresses::One(one) => source == u64::from(u32::from(one)),
        Addresses::Network(network, mask) => {
            let size = 1u64 << (32 - u32::from(mask));
            source / size == u64::from(u32::from(network)) / size
        }
        Addresses::Range(lo, hi) => {
            u64::from(u32::from(lo)) <= source && source <= u64::from(u32::from(hi))
        }
    }
}

/// Whether a rule, read field by field with the parsers, matches `packet`;
/// `None` when one of its fields does not parse.
pub fn naive_rule(rule: &FirewallRule, packet: &Packet) -> Option<(Command, bool)> {
    let command = Command::parse(rule.command.as_deref()?)?;
    let protocol = Protocol::parse(rule.protocol.as_deref()?)?;
    let addresses = parse_address(rule.address.as_deref().unwrap_or("")).ok()?;
    let ports = parse_ports(rule.port.as_deref().unwrap_or("")).ok()?;
    Some((
        command,
        protocol == packet.protocol
            && naive_contains(&addresses, packet.source)
            && ports.covers(packet.port),
    ))
}

pub fn naive_order(rules: &[FirewallRule]) -> Vec<usize> {
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

pub fn naive_decide(rules: &[FirewallRule], policy: Option<&str>, packet: &Packet) -> Decision {
    for index in naive_order(rules) {
        if let Some(rule) = rules.get(index) {
            if let Some((command, true)) = naive_rule(rule, packet) {
                return Decision::Rule { index, command };
            }
        }
    }
    Decision::Policy(policy.and_then(Command::parse))
}
