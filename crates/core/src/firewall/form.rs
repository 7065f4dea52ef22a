//! The firewall rule form: what is typed, checked, sent, and the warnings a
//! careful colleague would give about it.

use crate::firewall::parse::{parse_address, parse_ports, Addresses};
use crate::firewall::rules::{FindingKind, RuleSet};
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

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
        Self { command: "ACCEPT".into(), protocol: "TCP".into(), address: String::new(), port: String::new(), description: String::new() }
    }
}

impl RuleForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("command", match self.command.as_str() {
            "ACCEPT" | "DROP" => Ok(()),
            _ => Err(t::FW_COMMAND_VALUES.get().into()),
        });
        problems.check("protocol", match self.protocol.as_str() {
            "TCP" | "UDP" => Ok(()),
            _ => Err(t::FORM_PROTOCOL_TCP_UDP.get().into()),
        });
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
        let (Ok(ports), Ok(addresses), Ok(Value::Object(body))) = (parse_ports(&self.port), parse_address(&self.address), self.body()) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if self.command == "DROP" && self.protocol == "TCP" && addresses == Addresses::Everyone && ports.covers(22) {
            out.push(t::FW_DROPS_SSH.get().to_owned());
        }
        let added = existing.len();
        let findings = RuleSet::new(existing, None).with_rule(&FirewallRule::from_map(&body)).checks();
        for finding in findings.iter().filter(|f| f.rules.first() == Some(&added)) {
            match finding.kind {
                FindingKind::Duplicate => out.push(t::FW_IDENTICAL_RULE.get().to_owned()),
                FindingKind::Shadowed => out.push(crate::tf!(t::FW_NEVER_MATCHES, message = finding.message)),
                _ => {}
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn rule_bodies_and_warnings() {
        let ssh_drop = RuleForm { command: "DROP".into(), port: "20:30".into(), ..Default::default() };
        assert!(ssh_drop.warnings(&[])[0].contains("SSH"));
        let web = RuleForm { port: "22,80,443".into(), description: "web".into(), ..Default::default() };
        assert_eq!(web.body().unwrap(), json!({"command": "ACCEPT", "protocol": "TCP", "address": "", "port": "22,80,443", "description": "web"}));
        let existing = FirewallRule::list_from_json(&json!([{"id": "1", "command": "ACCEPT", "protocol": "TCP", "port": "22, 80,443", "address": "0.0.0.0"}])).unwrap();
        assert_eq!(web.warnings(&existing), vec!["An identical rule exists already on this interface."]);
        assert!(RuleForm { port: "8080".into(), ..Default::default() }.warnings(&existing).is_empty());
        // Written in another order, the same ports are the same rule; a narrower rule after a wider one never matches.
        let reordered = RuleForm { port: "443,80, 22".into(), ..Default::default() };
        assert_eq!(reordered.warnings(&existing), vec!["An identical rule exists already on this interface."]);
        let narrower = RuleForm { port: "80".into(), address: "10.0.0.0/8".into(), ..Default::default() };
        let said = narrower.warnings(&existing);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("This rule would never match:"), "{said:?}");
        let bad = RuleForm { command: "REJECT".into(), protocol: "ICMP".into(), address: "x".into(), port: "0".into(), description: String::new() };
        assert_eq!(bad.errors().len(), 4);
    }
}
