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

    /// A rule as the service keeps it, as its edit form starts: the way
    /// the form writes everyone (nothing) and a port list (no spaces).
    pub fn to_edit(rule: &FirewallRule) -> Self {
        let form = Self::of(rule);
        let address = match form.address.trim() {
            "0.0.0.0" | "0.0.0.0/0" => String::new(),
            other => other.to_owned(),
        };
        Self { address, port: form.port.trim().replace(' ', ""), ..form }
    }

    /// `like` (a rule the service keeps) with this form's fields: its id,
    /// interface and place kept.
    pub fn stored_like(&self, like: &FirewallRule) -> FirewallRule {
        let text = |value: &str| Some(value.trim().to_owned());
        FirewallRule {
            command: text(&self.command.to_ascii_uppercase()),
            protocol: text(&self.protocol.to_ascii_uppercase()),
            address: text(&self.address),
            port: text(&self.port.replace(' ', "")),
            description: Some(self.description.trim().to_owned()).filter(|d| !d.is_empty()),
            ..like.clone()
        }
    }

    /// [`same_as`](Self::same_as) on the fields the provider documents: a
    /// description, which it may not keep, aside.
    pub fn same_rule(&self, other: &Self) -> bool {
        let bare = |form: &Self| Self { description: String::new(), ..form.clone() };
        bare(self).same_as(&bare(other))
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

    /// The body of `PUT firewall_rule/<id>`: the fields the provider
    /// documents for an edit, with the rule's interface `nic`; no
    /// description, which an edit does not take.
    pub fn edit_body(&self, nic: &str) -> Result<Value, FieldErrors> {
        let mut body = self.body()?;
        if let Value::Object(fields) = &mut body {
            fields.remove("description");
            fields.insert("network_interface_id".into(), json!(nic));
        }
        Ok(body)
    }

    /// What a careful colleague would say before this rule is added: it
    /// drops SSH from everyone, it repeats a rule, or an earlier rule (or
    /// several) would always decide first.
    pub fn warnings(&self, existing: &[FirewallRule]) -> Vec<String> {
        self.warnings_in(existing, None)
    }

    /// The same before the rule `id` of `existing` is made this one, in
    /// its place: the rules compared are the others.
    pub fn warnings_instead_of(&self, existing: &[FirewallRule], id: &str) -> Vec<String> {
        self.warnings_in(existing, Some(id))
    }

    fn warnings_in(&self, existing: &[FirewallRule], instead_of: Option<&str>) -> Vec<String> {
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
        let edited = instead_of.and_then(|id| {
            existing.iter().position(|r| r.id.as_deref() == Some(id)).map(|at| (id, at))
        });
        let (findings, at) = match edited {
            // An edited rule keeps its place: an identical rule after it counts too.
            Some((id, at)) => {
                let rules: Vec<FirewallRule> =
                    existing
                        .iter()
                        .map(|r| {
                            if r.id.as_deref() == Some(id) {
                                self.stored_like(r)
                            } else {
                                r.clone()
                            }
                        })
                        .collect();
                (RuleSet::new(&rules, None).checks(), at)
            }
            None => {
                let added = RuleSet::new(existing, None).with_rule(&FirewallRule::from_map(&body));
                (added.checks(), existing.len())
            }
        };
        let identical =
            findings.iter().any(|f| f.kind == FindingKind::Duplicate && f.rules.contains(&at));
        if identical {
            out.push(t::FW_IDENTICAL_RULE.get().to_owned());
        }
        for finding in findings.iter().filter(|f| f.rules.first() == Some(&at)) {
            if finding.kind == FindingKind::Shadowed {
                out.push(crate::tf!(t::FW_NEVER_MATCHES, message = finding.message));
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
    fn an_edit_sends_the_documented_fields_with_the_interface() {
        let edited = RuleForm {
            command: "DROP".into(),
            address: " 10.0.0.0/8 ".into(),
            port: "80, 443".into(),
            description: "web".into(),
            ..Default::default()
        };
        assert_eq!(
            edited.edit_body("9").unwrap(),
            json!({"network_interface_id": "9", "command": "DROP", "protocol": "TCP", "address": "10.0.0.0/8", "port": "80,443"})
        );
        let bad = RuleForm { port: "0".into(), ..Default::default() };
        assert!(bad.edit_body("9").unwrap_err().contains_key("port"));
    }

    #[test]
    fn an_edited_rule_is_compared_with_the_others_in_its_place() {
        let existing = FirewallRule::list_from_json(&json!([
            {"id": "1", "command": "ACCEPT", "protocol": "TCP", "port": "22", "address": ""},
            {"id": "2", "command": "ACCEPT", "protocol": "TCP", "port": "80", "address": ""},
            {"id": "3", "command": "DROP", "protocol": "TCP", "port": "", "address": ""}
        ]))
        .unwrap();
        // Unchanged, it is not identical to itself.
        let same = RuleForm { port: "80".into(), ..Default::default() };
        assert!(same.warnings_instead_of(&existing, "2").is_empty());
        assert_eq!(
            same.warnings(&existing),
            ["An identical rule exists already on this interface."]
        );
        // Made like the first rule, or like the one after it: identical either way.
        let like_first = RuleForm { port: "22".into(), ..Default::default() };
        assert_eq!(like_first.warnings_instead_of(&existing, "2").len(), 1);
        let like_last = RuleForm { command: "DROP".into(), ..Default::default() };
        let said = like_last.warnings_instead_of(&existing, "2");
        assert!(said.contains(&t::FW_IDENTICAL_RULE.get().to_owned()), "{said:?}");
        assert!(said.iter().any(|w| w.contains("SSH")), "{said:?}");
        // Narrower than the rule 2: in the first place it matches, in the last it never would.
        let narrower =
            RuleForm { port: "80".into(), address: "10.0.0.0/8".into(), ..Default::default() };
        assert!(narrower.warnings_instead_of(&existing, "1").is_empty());
        let said = narrower.warnings_instead_of(&existing, "3");
        assert!(said.iter().any(|w| w.starts_with("This rule would never match:")), "{said:?}");
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
