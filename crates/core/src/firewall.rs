//! Firewall rule and interface forms: ports, addresses and MACs parsed and
//! explained, and the warnings a careful colleague would give.

use crate::i18n::messages as t;
use crate::create_vm::number;
use crate::forms::FieldErrors;
use crate::network::{FirewallRule, Interface};
use crate::rules::{FindingKind, RuleSet};
use crate::validate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::net::Ipv4Addr;

/// Which ports a rule covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ports {
    Any,
    List(Vec<u16>),
    Range(u16, u16),
}

impl Ports {
    pub fn covers(&self, port: u16) -> bool {
        match self {
            Ports::Any => true,
            Ports::List(list) => list.contains(&port),
            Ports::Range(lo, hi) => (*lo..=*hi).contains(&port),
        }
    }
}

fn one_port(text: &str) -> Result<u16, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t::FW_PORT_MISSING.get().into());
    }
    match text.parse::<u32>() {
        Ok(p) if (1..=65_535).contains(&p) => Ok(p as u16),
        Ok(p) => Err(crate::tf!(t::FW_PORT_OUT_OF_RANGE, p = p)),
        Err(_) => Err(crate::tf!(t::FW_NOT_A_PORT, text = text)),
    }
}

/// Empty (any port), a list `22,80,443`, or a range `1000:2000`.
pub fn parse_ports(text: &str) -> Result<Ports, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Ports::Any);
    }
    if let Some((lo, hi)) = text.split_once(':') {
        if hi.contains(':') || text.contains(',') {
            return Err(t::FW_LIST_OR_RANGE.get().into());
        }
        let (lo, hi) = (one_port(lo)?, one_port(hi)?);
        if lo > hi {
            return Err(crate::tf!(t::FW_PORT_RANGE_REVERSED, lo = lo, hi = hi));
        }
        return Ok(Ports::Range(lo, hi));
    }
    if text.contains('-') {
        return Err(t::FW_PORT_RANGE_COLON.get().into());
    }
    let list = text.split(',').map(one_port).collect::<Result<Vec<_>, _>>()?;
    Ok(Ports::List(list))
}

/// Which sources a rule covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Addresses {
    Everyone,
    One(Ipv4Addr),
    Network(Ipv4Addr, u8),
    Range(Ipv4Addr, Ipv4Addr),
}

fn ip(text: &str) -> Result<Ipv4Addr, String> {
    text.trim().parse().map_err(|_| crate::tf!(t::FORM_NOT_IPV4, value = text.trim()))
}

/// Empty or 0.0.0.0 (everyone), an address, an address with a mask, or a range.
pub fn parse_address(text: &str) -> Result<Addresses, String> {
    let text = text.trim();
    if text.is_empty() || text == "0.0.0.0" || text == "0.0.0.0/0" {
        return Ok(Addresses::Everyone);
    }
    if let Some((addr, mask)) = text.split_once('/') {
        let addr = ip(addr)?;
        return match mask.trim().parse::<u8>() {
            Ok(m) if m <= 32 => Ok(Addresses::Network(addr, m)),
            _ => Err(crate::tf!(t::FW_NOT_A_MASK, mask = mask.trim())),
        };
    }
    if let Some((lo, hi)) = text.split_once('-') {
        let (lo, hi) = (ip(lo)?, ip(hi)?);
        if lo > hi {
            return Err(crate::tf!(t::FW_ADDRESS_RANGE_REVERSED, lo = lo, hi = hi));
        }
        return Ok(Addresses::Range(lo, hi));
    }
    ip(text).map(Addresses::One)
}

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

/// An interface as typed, for adding one or editing it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterfaceForm {
    pub label: String,
    pub network_id: String,
    pub primary: bool,
    pub rate_limit: String,
    pub default_firewall_policy: String,
    pub mac_address: String,
}

impl InterfaceForm {
    pub fn from_interface(nic: &Interface) -> Self {
        Self {
            label: nic.label.clone().unwrap_or_default(),
            network_id: nic.network_id.clone().unwrap_or_default(),
            primary: nic.primary,
            rate_limit: nic.rate_limit.map(|r| r.to_string()).unwrap_or_default(),
            default_firewall_policy: nic.default_firewall_policy.clone().unwrap_or_default(),
            mac_address: nic.mac_address.clone().unwrap_or_default(),
        }
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("network_id", validate::id(&self.network_id, t::WHAT_NETWORK));
        problems.check_optional("label", &self.label, validate::label);
        problems.check("rate_limit", validate::rate_limit(&self.rate_limit));
        problems.check_optional("mac_address", &self.mac_address, validate::mac_address);
        problems.check("default_firewall_policy", match self.default_firewall_policy.as_str() {
            "" | "ACCEPT" | "DROP" => Ok(()),
            _ => Err(t::FORM_DEFAULT_POLICY_VALUES.get().into()),
        });
        problems
    }

    /// The body that adds an interface: network, label, primary, rate limit.
    pub fn add_body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        body.insert("network_id".into(), json!(self.network_id.trim()));
        if !self.label.trim().is_empty() {
            body.insert("label".into(), json!(self.label.trim()));
        }
        body.insert("primary".into(), json!(self.primary));
        if let Ok(rate) = self.rate_limit.trim().parse::<u64>() {
            body.insert("rate_limit".into(), number(rate));
        }
        Ok(Value::Object(body))
    }

    /// The edit body: what changed; `primary` goes as 1, as the spec says.
    pub fn edit_body(&self, original: &Self) -> Result<Map<String, Value>, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        let mut text = |key: &str, new: &str, old: &str| {
            if new.trim() != old.trim() && !new.trim().is_empty() {
                body.insert(key.into(), json!(new.trim()));
            }
        };
        text("label", &self.label, &original.label);
        text("network_id", &self.network_id, &original.network_id);
        text("default_firewall_policy", &self.default_firewall_policy, &original.default_firewall_policy);
        text("mac_address", &self.mac_address.to_ascii_lowercase(), &original.mac_address.to_ascii_lowercase());
        if self.rate_limit.trim() != original.rate_limit.trim() {
            if let Ok(rate) = self.rate_limit.trim().parse::<u64>() {
                body.insert("rate_limit".into(), number(rate));
            }
        }
        if self.primary && !original.primary {
            body.insert("primary".into(), json!(1));
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ports_lists_and_ranges() {
        assert_eq!(parse_ports(""), Ok(Ports::Any));
        assert_eq!(parse_ports("22"), Ok(Ports::List(vec![22])));
        assert_eq!(parse_ports("22, 80,443"), Ok(Ports::List(vec![22, 80, 443])));
        assert_eq!(parse_ports("1000:2000"), Ok(Ports::Range(1000, 2000)));
        assert_eq!(parse_ports("1:65535"), Ok(Ports::Range(1, 65535)));
        assert_eq!(parse_ports("2000:1000").unwrap_err(), "The port range start (2000) is above its end (1000).");
        assert_eq!(parse_ports("0").unwrap_err(), "Port 0 is out of range: ports go from 1 to 65535.");
        assert_eq!(parse_ports("65536").unwrap_err(), "Port 65536 is out of range: ports go from 1 to 65535.");
        assert_eq!(parse_ports("22,,80").unwrap_err(), "A port is missing between the commas.");
        assert_eq!(parse_ports("ssh").unwrap_err(), "“ssh” is not a port number.");
        assert!(parse_ports("1000-2000").unwrap_err().contains("colon"));
        assert!(parse_ports("22,1000:2000").unwrap_err().contains("not both"));
        assert!(parse_ports("1:2:3").is_err());
        assert!(Ports::Range(20, 30).covers(22) && !Ports::List(vec![80]).covers(22) && Ports::Any.covers(22));
    }

    #[test]
    fn address_forms() {
        assert_eq!(parse_address(""), Ok(Addresses::Everyone));
        assert_eq!(parse_address("0.0.0.0"), Ok(Addresses::Everyone));
        assert_eq!(parse_address("10.0.0.1"), Ok(Addresses::One(Ipv4Addr::new(10, 0, 0, 1))));
        assert_eq!(parse_address("10.0.0.0/8"), Ok(Addresses::Network(Ipv4Addr::new(10, 0, 0, 0), 8)));
        assert_eq!(parse_address("10.0.0.1-10.0.0.9"), Ok(Addresses::Range(Ipv4Addr::new(10, 0, 0, 1), Ipv4Addr::new(10, 0, 0, 9))));
        assert!(parse_address("10.0.0.0/33").unwrap_err().contains("/0 to /32"));
        assert!(parse_address("10.0.0.9-10.0.0.1").unwrap_err().contains("starts"));
        assert!(parse_address("10.0.0").unwrap_err().contains("not an IPv4 address"));
        assert!(parse_address("example.com").is_err());
    }

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

    #[test]
    fn interface_forms() {
        let form = InterfaceForm { network_id: "2".into(), label: "backend".into(), rate_limit: "0".into(), ..Default::default() };
        assert_eq!(form.add_body().unwrap(), json!({"network_id": "2", "label": "backend", "primary": false, "rate_limit": "0"}));
        let original = InterfaceForm { network_id: "1".into(), label: "eth0".into(), rate_limit: "1000".into(), default_firewall_policy: "ACCEPT".into(), mac_address: "02:aa:bb:cc:dd:ee".into(), primary: false };
        let edited = InterfaceForm { rate_limit: "100".into(), primary: true, mac_address: "02:AA:BB:CC:DD:EE".into(), ..original.clone() };
        assert_eq!(Value::Object(edited.edit_body(&original).unwrap()), json!({"rate_limit": "100", "primary": 1}));
        let bad = InterfaceForm { network_id: "".into(), rate_limit: "-1".into(), mac_address: "zz".into(), default_firewall_policy: "MAYBE".into(), ..Default::default() };
        let errors = bad.errors();
        for field in ["network_id", "rate_limit", "mac_address", "default_firewall_policy"] {
            assert!(errors.contains_key(field), "{field}");
        }
    }
}
