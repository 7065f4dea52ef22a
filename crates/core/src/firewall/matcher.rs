//! A firewall rule read for matching: its command and protocol, the packet
//! it is matched against, and the rule reduced to intervals (its sources one
//! interval of the IPv4 space, its ports a union of intervals), so that
//! matching and every check over it are exact rather than sampled. A rule
//! that does not parse has no matcher, only the reasons why; nothing panics.

use crate::firewall::parse::{parse_address, parse_ports, Addresses, Ports};
use crate::i18n::messages as t;
use crate::i18n::Text;
use crate::network::FirewallRule;
use crate::tf;
use std::net::Ipv4Addr;

/// What a rule does with a packet it matches, and what a default policy does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Lets the packet through.
    Accept,
    /// Discards the packet.
    Drop,
}

impl Command {
    /// `ACCEPT` or `DROP` in any case, surrounding spaces ignored, as the API
    /// spells them loosely; anything else is not a command.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Accept, Self::Drop]
            .into_iter()
            .find(|known| text.trim().eq_ignore_ascii_case(known.label()))
    }

    /// The spelling the API and the panel use: `ACCEPT` or `DROP`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Accept => "ACCEPT",
            Self::Drop => "DROP",
        }
    }
}

/// The transport protocol a rule applies to; a rule never matches the other one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// TCP: SSH, RDP, the web.
    Tcp,
    /// UDP: DNS, VPNs.
    Udp,
}

impl Protocol {
    /// `TCP` or `UDP` in any case, surrounding spaces ignored; anything else
    /// is not a protocol a rule can name.
    pub fn parse(text: &str) -> Option<Self> {
        [Self::Tcp, Self::Udp]
            .into_iter()
            .find(|known| text.trim().eq_ignore_ascii_case(known.label()))
    }

    /// The spelling the API and the panel use: `TCP` or `UDP`.
    pub fn label(self) -> &'static str {
        match self {
            Self::Tcp => "TCP",
            Self::Udp => "UDP",
        }
    }
}

/// An incoming packet as the rules see it: where it comes from, and which
/// protocol and destination port it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Packet {
    /// The sender's address, which a rule's address matches.
    pub source: Ipv4Addr,
    /// TCP or UDP.
    pub protocol: Protocol,
    /// The destination port on the VM, which a rule's port matches.
    pub port: u16,
}

/// A well-formed rule reduced to what matching and the checks need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Matcher {
    pub(super) command: Command,
    pub(super) protocol: Protocol,
    /// Source addresses, inclusive: a single address, a CIDR and a range are all one interval.
    pub(super) addresses: (u32, u32),
    /// Sorted, disjoint, non-adjacent inclusive intervals, so that equal sets compare equal.
    pub(super) ports: Vec<(u16, u16)>,
    /// Ports the list names more than once.
    pub(super) repeated: Vec<u16>,
    /// The rule as the user reads it, e.g. `ACCEPT TCP 22 from 10.0.0.0/8`.
    pub(super) label: String,
}

impl Matcher {
    pub(super) fn matches(&self, packet: &Packet) -> bool {
        let source = u32::from(packet.source);
        self.protocol == packet.protocol
            && (self.addresses.0..=self.addresses.1).contains(&source)
            && self.ports.iter().any(|&(lo, hi)| (lo..=hi).contains(&packet.port))
    }

    pub(super) fn same_effect(&self, other: &Matcher) -> bool {
        self.command == other.command
            && self.protocol == other.protocol
            && self.addresses == other.addresses
            && self.ports == other.ports
    }

    pub(super) fn overlaps(&self, other: &Matcher) -> bool {
        let (lo, hi) = self.addresses;
        let (other_lo, other_hi) = other.addresses;
        self.protocol == other.protocol
            && lo <= other_hi
            && other_lo <= hi
            && self.ports.iter().any(|&(lo, hi)| {
                other.ports.iter().any(|&(other_lo, other_hi)| lo <= other_hi && other_lo <= hi)
            })
    }
}

/// A rule in a few words, as the checks name it: "ACCEPT TCP 22 from
/// anywhere"; a rule that cannot be read, as it is stored.
pub fn describe(rule: &FirewallRule) -> String {
    matcher(rule).map(|m| m.label).unwrap_or_else(|_| {
        let text =
            |value: &Option<String>| value.as_deref().map(str::trim).unwrap_or("").to_owned();
        tf!(
            t::RULES_LABEL,
            command = text(&rule.command),
            protocol = text(&rule.protocol),
            ports = text(&rule.port),
            addresses = text(&rule.address)
        )
    })
}

/// The rule's matcher, or every reason it has none, in the parsers' words.
pub(super) fn matcher(rule: &FirewallRule) -> Result<Matcher, Vec<String>> {
    let mut problems = Vec::new();
    let command = read_word(
        rule.command.as_deref(),
        Command::parse,
        &t::RULES_NO_COMMAND,
        &t::RULES_NOT_A_COMMAND,
        &mut problems,
    );
    let protocol = read_word(
        rule.protocol.as_deref(),
        Protocol::parse,
        &t::RULES_NO_PROTOCOL,
        &t::RULES_NOT_A_PROTOCOL,
        &mut problems,
    );
    // A missing address or port reads as an empty one, as the rule form does.
    let addresses = parse_address(rule.address.as_deref().unwrap_or(""))
        .map_err(|problem| problems.push(problem))
        .ok();
    let ports = parse_ports(rule.port.as_deref().unwrap_or(""))
        .map_err(|problem| problems.push(problem))
        .ok();
    let (Some(command), Some(protocol), Some(addresses), Some(ports)) =
        (command, protocol, addresses, ports)
    else {
        return Err(problems);
    };
    let (port_set, repeated) = port_intervals(&ports);
    Ok(Matcher {
        command,
        protocol,
        addresses: address_interval(&addresses),
        ports: port_set,
        repeated,
        label: tf!(
            t::RULES_LABEL,
            command = command.label(),
            protocol = protocol.label(),
            ports = ports_text(&ports),
            addresses = address_text(&addresses)
        ),
    })
}

/// A field that must name one of a few words (a command, a protocol): the
/// word, or `missing` or `unknown` (which shows the `{text}`) among the problems.
fn read_word<T>(
    field: Option<&str>,
    parse: fn(&str) -> Option<T>,
    missing: &Text,
    unknown: &Text,
    problems: &mut Vec<String>,
) -> Option<T> {
    let Some(text) = field.map(str::trim).filter(|text| !text.is_empty()) else {
        problems.push(missing.get().to_owned());
        return None;
    };
    let word = parse(text);
    if word.is_none() {
        problems.push(tf!(unknown, text = text));
    }
    word
}

/// The inclusive interval of sources; a CIDR whose address has host bits set
/// means its whole network, as the firewall reads it.
fn address_interval(addresses: &Addresses) -> (u32, u32) {
    match *addresses {
        Addresses::Everyone => (0, u32::MAX),
        Addresses::One(address) => (u32::from(address), u32::from(address)),
        Addresses::Network(address, mask) => {
            let network = u32::MAX.checked_shl(32 - u32::from(mask.min(32))).unwrap_or(0);
            let lo = u32::from(address) & network;
            (lo, lo | !network)
        }
        Addresses::Range(lo, hi) => (u32::from(lo), u32::from(hi)),
    }
}

fn address_text(addresses: &Addresses) -> String {
    match addresses {
        Addresses::Everyone => t::RULES_ANYWHERE.get().to_owned(),
        Addresses::One(address) => address.to_string(),
        Addresses::Network(address, mask) => format!("{address}/{mask}"),
        Addresses::Range(lo, hi) => format!("{lo}-{hi}"),
    }
}

fn ports_text(ports: &Ports) -> String {
    match ports {
        Ports::Any => t::RULES_ANY_PORT.get().to_owned(),
        Ports::List(list) => list.iter().map(u16::to_string).collect::<Vec<_>>().join(","),
        Ports::Range(lo, hi) => format!("{lo}:{hi}"),
    }
}

/// The port set as merged intervals, and the ports a list repeats. Any port
/// includes 0, as [`Ports::covers`] does, so matching and checks agree.
fn port_intervals(ports: &Ports) -> (Vec<(u16, u16)>, Vec<u16>) {
    match ports {
        Ports::Any => (vec![(0, u16::MAX)], Vec::new()),
        Ports::Range(lo, hi) => (vec![(*lo, *hi)], Vec::new()),
        Ports::List(list) => {
            let mut sorted = list.clone();
            sorted.sort_unstable();
            let mut repeated: Vec<u16> = sorted
                .windows(2)
                .filter_map(|pair| if let [a, b] = pair { (a == b).then_some(*a) } else { None })
                .collect();
            repeated.dedup();
            (merge(sorted.into_iter().map(|port| (port, port)).collect()), repeated)
        }
    }
}

/// Sorted, disjoint, non-adjacent intervals covering exactly what `intervals` covers.
pub(super) fn merge(mut intervals: Vec<(u16, u16)>) -> Vec<(u16, u16)> {
    intervals.sort_unstable();
    let mut merged: Vec<(u16, u16)> = Vec::with_capacity(intervals.len());
    for (lo, hi) in intervals {
        match merged.last_mut() {
            Some(last) if u32::from(lo) <= u32::from(last.1) + 1 => last.1 = last.1.max(hi),
            _ => merged.push((lo, hi)),
        }
    }
    merged
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::Map;

    /// A rule with these fields as the API might send them, for the firewall's tests.
    pub(crate) fn rule(command: &str, protocol: &str, address: &str, port: &str) -> FirewallRule {
        FirewallRule {
            id: None,
            interface_id: None,
            command: Some(command.into()),
            protocol: Some(protocol.into()),
            address: Some(address.into()),
            port: Some(port.into()),
            description: None,
            position: None,
            status: None,
            raw: Map::new(),
        }
    }

    /// A TCP packet from `source` to `port`.
    pub(crate) fn tcp(source: &str, port: u16) -> Packet {
        Packet { source: source.parse().unwrap(), protocol: Protocol::Tcp, port }
    }

    fn matches(address: &str, port: &str, packet: Packet) -> bool {
        matcher(&rule("ACCEPT", "TCP", address, port)).is_ok_and(|accept| accept.matches(&packet))
    }

    #[test]
    fn commands_and_protocols() {
        assert_eq!(Command::parse("accept"), Some(Command::Accept));
        assert_eq!(Command::parse(" Drop "), Some(Command::Drop));
        assert_eq!(Command::parse("REJECT"), None);
        assert_eq!(Command::parse(""), None);
        assert_eq!((Command::Accept.label(), Command::Drop.label()), ("ACCEPT", "DROP"));
        assert_eq!(Protocol::parse("tcp"), Some(Protocol::Tcp));
        assert_eq!(Protocol::parse("UDP"), Some(Protocol::Udp));
        assert_eq!(Protocol::parse("ICMP"), None);
        assert_eq!((Protocol::Tcp.label(), Protocol::Udp.label()), ("TCP", "UDP"));
    }

    #[test]
    fn address_forms() {
        assert!(matches("10.0.0.1", "", tcp("10.0.0.1", 22)));
        assert!(!matches("10.0.0.1", "", tcp("10.0.0.2", 22)));
        assert!(matches("10.0.0.0/8", "", tcp("10.255.255.255", 22)));
        assert!(!matches("10.0.0.0/8", "", tcp("11.0.0.0", 22)));
        // Host bits in a CIDR do not narrow it: the whole network matches.
        assert!(matches("10.0.0.5/24", "", tcp("10.0.0.200", 22)));
        assert!(!matches("10.0.0.5/24", "", tcp("10.0.1.0", 22)));
        assert!(
            matches("10.0.0.0/32", "", tcp("10.0.0.0", 22))
                && !matches("10.0.0.0/32", "", tcp("10.0.0.1", 22))
        );
        assert!(matches("1.2.3.4/0", "", tcp("255.255.255.255", 22)));
        assert!(matches("10.0.0.5-10.0.0.9", "", tcp("10.0.0.5", 22)));
        assert!(matches("10.0.0.5-10.0.0.9", "", tcp("10.0.0.9", 22)));
        assert!(
            !matches("10.0.0.5-10.0.0.9", "", tcp("10.0.0.10", 22))
                && !matches("10.0.0.5-10.0.0.9", "", tcp("10.0.0.4", 22))
        );
        for everyone in ["", " ", "0.0.0.0", "0.0.0.0/0"] {
            assert!(
                matches(everyone, "", tcp("0.0.0.0", 22))
                    && matches(everyone, "", tcp("255.255.255.255", 22)),
                "{everyone:?}"
            );
        }
        let no_address = FirewallRule { address: None, ..rule("ACCEPT", "TCP", "", "22") };
        assert!(matcher(&no_address).unwrap().matches(&tcp("192.0.2.1", 22)));
    }

    #[test]
    fn port_forms() {
        assert!(matches("", "22", tcp("10.0.0.1", 22)) && !matches("", "22", tcp("10.0.0.1", 23)));
        assert!(
            matches("", "22, 80,443", tcp("10.0.0.1", 443))
                && !matches("", "22,80,443", tcp("10.0.0.1", 81))
        );
        assert!(
            matches("", "1000:2000", tcp("10.0.0.1", 1000))
                && matches("", "1000:2000", tcp("10.0.0.1", 2000))
        );
        assert!(
            !matches("", "1000:2000", tcp("10.0.0.1", 999))
                && !matches("", "1000:2000", tcp("10.0.0.1", 2001))
        );
        // Port 0 is a port too, and "any port" takes it, as `Ports::covers` does.
        assert!(
            matches("", "", tcp("10.0.0.1", 1))
                && matches("", "", tcp("10.0.0.1", 65535))
                && matches("", "", tcp("10.0.0.1", 0))
        );
        let no_port = FirewallRule { port: None, ..rule("ACCEPT", "TCP", "", "") };
        assert!(matcher(&no_port).unwrap().matches(&tcp("192.0.2.1", 8080)));
        let udp = Packet { protocol: Protocol::Udp, ..tcp("10.0.0.1", 22) };
        assert!(!matches("", "22", udp));
    }

    #[test]
    fn a_rule_in_a_few_words() {
        assert_eq!(describe(&rule("accept", "tcp", "", "22")), "ACCEPT TCP 22 from anywhere");
        assert_eq!(
            describe(&rule("DROP", "UDP", "10.0.0.0/8", "")),
            "DROP UDP any port from 10.0.0.0/8"
        );
        assert_eq!(
            describe(&rule("DROP", "TCP", "0.0.0.0", "1000:2000")),
            "DROP TCP 1000:2000 from anywhere"
        );
        // Unreadable: as stored, never a panic.
        assert_eq!(describe(&rule("KEEP", "TCP", " x ", "22")), "KEEP TCP 22 from x");
    }

    #[test]
    fn a_rule_without_a_matcher_says_why() {
        let problems = matcher(&rule("REJECT", "ICMP", "10.0.0", "0")).unwrap_err();
        assert_eq!(problems.len(), 4, "{problems:?}");
        assert!(matcher(&rule("ACCEPT", "TCP", "10.0.0.0/24", "22,22"))
            .is_ok_and(|m| m.repeated == [22]));
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::tests::rule;
    use super::*;

    #[test]
    fn a_rule_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(
            describe(&rule("ACCEPT", "TCP", "", "22")),
            "ACCEPT TCP 22 desde cualquier lugar"
        );
    }
}
