//! Network interfaces, their IP addresses and firewall rules, decoded
//! tolerantly: the spec names only the interface's fields, the others are
//! the real provider's (OnApp's), and unknown ones are kept in `raw`.

pub mod address;
pub mod form;
pub mod networks;
pub mod new_address;

pub use address::{addresses_by_vm, IpAddress};

use crate::api::decode::{self, DecodeError};
use crate::i18n::{integer, messages as t, DASH};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Interface {
    pub id: Option<String>,
    pub label: Option<String>,
    pub network_id: Option<String>,
    pub vlan: Option<String>,
    pub primary: bool,
    /// Mb; 0 is unlimited.
    pub rate_limit: Option<i64>,
    pub status: Option<String>,
    pub vm_id: Option<String>,
    pub default_firewall_policy: Option<String>,
    pub mac_address: Option<String>,
    pub raw: Map<String, Value>,
}

impl Interface {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |k: &str| map.get(k);
        Self {
            id: decode::id(get("id")),
            label: decode::text(get("label")),
            network_id: decode::id(get("network_id")),
            vlan: decode::text(get("vlan")),
            primary: decode::flag(get("primary")).unwrap_or(false),
            rate_limit: decode::int(get("rate_limit")),
            status: decode::text(get("status")),
            vm_id: decode::id(get("virtual_machine_id")),
            default_firewall_policy: decode::text(get("default_firewall_policy"))
                .map(|p| p.to_ascii_uppercase()),
            mac_address: decode::text(get("mac_address")),
            raw: map.clone(),
        }
    }

    pub fn from_json(value: &Value) -> Result<Self, DecodeError> {
        decode::object(value, "network_interface", "a network interface").map(Self::from_map)
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(
            value,
            "network_interface",
            "network_interfaces",
            "a list of network interfaces",
        )?;
        Ok(items.items.into_iter().map(Self::from_map).collect())
    }

    pub fn name(&self) -> String {
        self.label
            .clone()
            .or_else(|| {
                self.id
                    .as_ref()
                    .map(|id| crate::tf!(crate::i18n::common::INTERFACE_NUMBER, id = id))
            })
            .unwrap_or_else(|| crate::i18n::common::INTERFACE.get().into())
    }
}

/// The port speed as a person reads it: 0 is unlimited.
pub fn format_rate_limit(mb: Option<i64>) -> String {
    match mb {
        None => DASH.into(),
        Some(0) => t::NET_RATE_UNLIMITED.get().into(),
        Some(n) if n >= 1000 && n % 1000 == 0 => format!("{} Gb/s", integer(n / 1000)),
        Some(n) => format!("{} Mb/s", integer(n)),
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct FirewallRule {
    pub id: Option<String>,
    pub interface_id: Option<String>,
    pub command: Option<String>,
    pub protocol: Option<String>,
    pub address: Option<String>,
    pub port: Option<String>,
    pub description: Option<String>,
    /// OnApp's `position`, or `order`.
    pub position: Option<i64>,
    pub status: Option<String>,
    pub raw: Map<String, Value>,
}

impl FirewallRule {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |k: &str| map.get(k);
        Self {
            id: decode::id(get("id")),
            interface_id: decode::id(get("network_interface_id")),
            command: decode::text(get("command")).map(|c| c.to_ascii_uppercase()),
            protocol: decode::text(get("protocol")).map(|p| p.to_ascii_uppercase()),
            address: decode::text(get("address")),
            port: decode::text(get("port")),
            description: decode::text(get("description")),
            position: decode::int(get("position")).or_else(|| decode::int(get("order"))),
            status: decode::text(get("status")),
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items =
            decode::list(value, "firewall_rule", "firewall_rules", "a list of firewall rules")?;
        let mut rules: Vec<Self> = items.items.into_iter().map(Self::from_map).collect();
        // Rules apply in order: show them so.
        rules.sort_by_key(|r| r.position.unwrap_or(i64::MAX));
        Ok(rules)
    }

    pub fn from_json(value: &Value) -> Result<Self, DecodeError> {
        decode::object(value, "firewall_rule", "a firewall rule").map(Self::from_map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn interfaces_in_loose_shapes() {
        let list = Interface::list_from_json(&json!([
            {"network_interface": {"id": 5, "label": "eth0", "network_id": "1", "primary": true, "rate_limit": "0", "default_firewall_policy": "drop", "mac_address": "02:aa:bb:cc:dd:ee"}},
            {"id": "6", "primary": 0, "vlan": 200}
        ]))
        .unwrap();
        assert_eq!(list[0].id.as_deref(), Some("5"));
        assert_eq!(list[0].default_firewall_policy.as_deref(), Some("DROP"));
        assert_eq!(format_rate_limit(list[0].rate_limit), "unlimited");
        assert!(!list[1].primary);
        assert_eq!(list[1].vlan.as_deref(), Some("200"));
        assert_eq!(format_rate_limit(Some(1000)), "1 Gb/s");
        assert_eq!(format_rate_limit(Some(250)), "250 Mb/s");
    }

    #[test]
    fn port_speeds_are_grouped_as_the_language_groups() {
        assert_eq!(format_rate_limit(Some(10_000)), "10 Gb/s");
        assert_eq!(format_rate_limit(Some(1_500)), "1,500 Mb/s");
        assert_eq!(format_rate_limit(Some(12_500)), "12,500 Mb/s");
        assert_eq!(format_rate_limit(Some(1_000_000)), "1,000 Gb/s");
        let _spanish = crate::i18n::LocaleGuard::spanish();
        // Spanish groups from five digits on.
        assert_eq!(format_rate_limit(Some(1_500)), "1500 Mb/s");
        assert_eq!(format_rate_limit(Some(12_500)), "12.500 Mb/s");
        assert_eq!(format_rate_limit(Some(0)), "sin límite");
    }

    #[test]
    fn rules_in_order_with_either_position_name() {
        let rules = FirewallRule::list_from_json(&json!([
            {"id": "2", "command": "drop", "protocol": "udp", "order": 2},
            {"firewall_rule": {"id": "1", "command": "ACCEPT", "protocol": "TCP", "port": "22", "position": 1}},
            {"id": "3"}
        ]))
        .unwrap();
        let ids: Vec<_> = rules.iter().map(|r| r.id.clone().unwrap()).collect();
        assert_eq!(ids, ["1", "2", "3"]);
        assert_eq!(rules[1].command.as_deref(), Some("DROP"));
    }
}
