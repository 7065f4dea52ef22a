//! The firewall's forms: a rule (what is typed, checked, sent, and the
//! warnings a careful colleague would give about it), an interface's default
//! policy, and the packet to test.

use crate::firewall::parse::{parse_address, parse_ports, Addresses};
use crate::firewall::rules::{FindingKind, RuleSet};
use crate::firewall::rules::{Packet, Protocol};
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::net::Ipv4Addr;

/// A new firewall rule, as typed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RuleForm {
    pub command: String,
    pub protocol: String,
    pub address: String,
    pub port: String,
    pub description: String,
}

impl Default for RuleForm {
    fn default() -> Self {
        Self {
            command: "ACCEPT".into(),
            protocol: "TCP".into(),
            address: String::new(),
            port: String::new(),
            description: String::new(),
        }
    }
}

impl RuleForm {
    /// A rule as the service keeps it, as the form would send it again.
    pub fn of(rule: &FirewallRule) -> Self {
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        Self {
            command: text(&rule.command),
            protocol: text(&rule.protocol),
            port: text(&rule.port),
            address: text(&rule.address),
            description: text(&rule.description),
        }
    }

    /// Whether the two are the same rule as the service keeps it: the
    /// words' case, spaces in a port list and "0.0.0.0" for everyone aside.
    pub fn same_as(&self, other: &Self) -> bool {
        fn address(a: &str) -> &str {
            match a.trim() {
                "0.0.0.0" => "",
                a => a,
            }
        }
        let port = |p: &str| p.replace(' ', "");
        self.command.eq_ignore_ascii_case(&other.command)
            && self.protocol.eq_ignore_ascii_case(&other.protocol)
            && address(&self.address) == address(&other.address)
            && port(&self.port) == port(&other.port)
            && self.description.trim() == other.description.trim()
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check(
            "command",
            match self.command.as_str() {
                "ACCEPT" | "DROP" => Ok(()),
                _ => Err(t::FW_COMMAND_VALUES.get().into()),
            },
        );
        problems.check(
            "protocol",
            match self.protocol.as_str() {
                "TCP" | "UDP" => Ok(()),
                _ => Err(t::FORM_PROTOCOL_TCP_UDP.get().into()),
            },
        );
        problems.check("address", parse_address(&self.address).map(|_| ()));
        problems.check("port", parse_ports(&self.port).map(|_| ()));
        problems
    }

    pub fn body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        body.insert("command".into(), json!(self.command));
        body.insert("protocol".into(), json!(self.protocol));
        body.insert("address".into(), json!(self.address.trim()));
        body.insert("port".into(), json!(self.port.trim().replace(' ', "")));
        if !self.description.trim().is_empty() {
            body.insert("description".into(), json!(self.description.trim()));
        }
        Ok(Value::Object(body))
    }

    /// What a careful colleague would say before this rule is added: it
    /// drops SSH from everyone, it repeats a rule, or an earlier rule (or
    /// several) would always decide first.
    pub fn warnings(&self, existing: &[FirewallRule]) -> Vec<String> {
        let (Ok(ports), Ok(addresses), Ok(Value::Object(body))) =
            (parse_ports(&self.port), parse_address(&self.address), self.body())
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if self.command == "DROP"
            && self.protocol == "TCP"
            && addresses == Addresses::Everyone
            && ports.covers(22)
        {
            out.push(t::FW_DROPS_SSH.get().to_owned());
        }
        let added = existing.len();
        let findings =
            RuleSet::new(existing, None).with_rule(&FirewallRule::from_map(&body)).checks();
        for finding in findings.iter().filter(|f| f.rules.first() == Some(&added)) {
            match finding.kind {
                FindingKind::Duplicate => out.push(t::FW_IDENTICAL_RULE.get().to_owned()),
                FindingKind::Shadowed => {
                    out.push(crate::tf!(t::FW_NEVER_MATCHES, message = finding.message))
                }
                _ => {}
            }
        }
        out
    }
}

/// An interface's default firewall policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyForm {
    pub default_firewall_policy: String,
}

impl PolicyForm {
    /// Starts from the interface's policy; anything but DROP is ACCEPT.
    pub fn from_current(current: &str) -> Self {
        Self {
            default_firewall_policy: if current == "DROP" { "DROP" } else { "ACCEPT" }.to_owned(),
        }
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check(
            "default_firewall_policy",
            match self.default_firewall_policy.as_str() {
                "ACCEPT" | "DROP" => Ok(()),
                _ => Err(t::FORM_DEFAULT_POLICY_VALUES.get().into()),
            },
        );
        problems
    }
}

/// The firewall's packet tester: where a packet comes from, how and to which port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PacketForm {
    pub source: String,
    pub protocol: String,
    pub port: String,
}

impl Default for PacketForm {
    fn default() -> Self {
        Self { source: String::new(), protocol: "TCP".into(), port: "22".into() }
    }
}

impl PacketForm {
    pub fn errors(&self) -> FieldErrors {
        self.packet().err().unwrap_or_default()
    }

    /// The packet to test, or what is wrong with the fields.
    pub fn packet(&self) -> Result<Packet, FieldErrors> {
        let mut problems = FieldErrors::default();
        let source = self.source.trim().parse::<Ipv4Addr>().map_err(|_| {
            if self.source.trim().is_empty() {
                t::FORM_ENTER_PACKET_SOURCE.get().to_owned()
            } else {
                crate::tf!(t::FORM_NOT_IPV4, value = self.source.trim())
            }
        });
        let protocol = Protocol::parse(&self.protocol)
            .ok_or_else(|| t::FORM_PROTOCOL_TCP_UDP.get().to_owned());
        let port = match self.port.trim().parse::<u32>() {
            Ok(p) if (1..=65_535).contains(&p) => Ok(p as u16),
            _ => Err(t::FORM_PORT_RANGE.get().to_owned()),
        };
        problems.check("source", source.as_ref().map(|_| ()).map_err(Clone::clone));
        problems.check("protocol", protocol.as_ref().map(|_| ()).map_err(Clone::clone));
        problems.check("port", port.as_ref().map(|_| ()).map_err(Clone::clone));
        match (source, protocol, port) {
            (Ok(source), Ok(protocol), Ok(port)) => Ok(Packet { source, protocol, port }),
            _ => Err(problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rule_bodies_and_warnings() {
        let ssh_drop =
            RuleForm { command: "DROP".into(), port: "20:30".into(), ..Default::default() };
        assert!(ssh_drop.warnings(&[])[0].contains("SSH"));
        let web =
            RuleForm { port: "22,80,443".into(), description: "web".into(), ..Default::default() };
        assert_eq!(
            web.body().unwrap(),
            json!({"command": "ACCEPT", "protocol": "TCP", "address": "", "port": "22,80,443", "description": "web"})
        );
        let existing = FirewallRule::list_from_json(&json!([{"id": "1", "command": "ACCEPT", "protocol": "TCP", "port": "22, 80,443", "address": "0.0.0.0"}])).unwrap();
        assert_eq!(
            web.warnings(&existing),
            vec!["An identical rule exists already on this interface."]
        );
        assert!(RuleForm { port: "8080".into(), ..Default::default() }
            .warnings(&existing)
            .is_empty());
        // Written in another order, the same ports are the same rule; a narrower rule after a wider one never matches.
        let reordered = RuleForm { port: "443,80, 22".into(), ..Default::default() };
        assert_eq!(
            reordered.warnings(&existing),
            vec!["An identical rule exists already on this interface."]
        );
        let narrower =
            RuleForm { port: "80".into(), address: "10.0.0.0/8".into(), ..Default::default() };
        let said = narrower.warnings(&existing);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("This rule would never match:"), "{said:?}");
        let bad = RuleForm {
            command: "REJECT".into(),
            protocol: "ICMP".into(),
            address: "x".into(),
            port: "0".into(),
            description: String::new(),
        };
        assert_eq!(bad.errors().len(), 4);
    }

    #[test]
    fn a_policy_is_accept_or_drop() {
        assert_eq!(PolicyForm::from_current("").default_firewall_policy, "ACCEPT");
        assert_eq!(PolicyForm::from_current("DROP").default_firewall_policy, "DROP");
        assert!(PolicyForm { default_firewall_policy: "REJECT".into() }
            .errors()
            .contains_key("default_firewall_policy"));
    }

    #[test]
    fn a_packet_to_test_is_checked_field_by_field() {
        let form =
            PacketForm { source: "203.0.113.9".into(), protocol: "TCP".into(), port: "22".into() };
        assert_eq!(
            form.packet(),
            Ok(Packet {
                source: "203.0.113.9".parse().unwrap(),
                protocol: Protocol::Tcp,
                port: 22
            })
        );
        let bad = PacketForm {
            source: "203.0.113".into(),
            protocol: "ICMP".into(),
            port: "70000".into(),
        };
        let errors = bad.errors();
        assert!(errors.get("source").is_some_and(|m| m.contains("not an IPv4")));
        assert!(errors.get("protocol").is_some());
        assert!(errors.get("port").is_some_and(|m| m.contains("1 to 65535")));
        assert!(PacketForm::default().errors().get("source").is_some_and(|m| m.contains("Enter")));
    }
}
