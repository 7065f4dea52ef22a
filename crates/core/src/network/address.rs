//! IP addresses as the provider documents them (flat, naming their
//! interface as `interface_id`) and as OnApp sends them (a join to the
//! interface wrapping the address), and each VM's addresses found through
//! its interfaces.

use super::Interface;
use crate::api::decode::{self, DecodeError};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// An IP address: flat `{id, address, interface_id, ...}` as the provider
/// documents it, or OnApp's join `{id, ip_address_id, network_interface_id,
/// ip_address: {...}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct IpAddress {
    /// The address's own id: what removing it from an interface takes.
    pub id: Option<String>,
    /// OnApp's join between the address and its interface, where sent.
    pub join_id: Option<String>,
    pub address: Option<String>,
    pub netmask: Option<String>,
    pub gateway: Option<String>,
    pub network_id: Option<String>,
    pub interface_id: Option<String>,
    pub vm_id: Option<String>,
    /// Not attached to an interface.
    pub free: Option<bool>,
    pub reserved: Option<bool>,
    pub raw: Map<String, Value>,
}

impl IpAddress {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let inner = match map.get("ip_address") {
            Some(Value::Object(inner)) => Some(inner),
            _ => None,
        };
        // A field of the address: on the nested object for a join, else on the item.
        let field = |k: &str| inner.and_then(|i| i.get(k)).or_else(|| map.get(k));
        let prefix = decode::text(field("prefix"));
        // A join names its address by `ip_address_id` (or the nested id); a flat address by `id`.
        let join = inner.is_some() || map.contains_key("ip_address_id");
        let own_id = decode::id(map.get("ip_address_id"))
            .or_else(|| inner.and_then(|i| decode::id(i.get("id"))));
        Self {
            id: if join { own_id } else { decode::id(map.get("id")) },
            join_id: if join { decode::id(map.get("id")) } else { None },
            address: decode::text(field("address")).or_else(|| match map.get("ip_address") {
                Some(Value::String(s)) => Some(s.clone()),
                _ => None,
            }),
            netmask: decode::text(field("netmask")).or(prefix.map(|p| format!("/{p}"))),
            gateway: decode::text(field("gateway")),
            network_id: decode::id(field("network_id")),
            interface_id: ["interface_id", "network_interface_id"]
                .into_iter()
                .find_map(|k| decode::id(map.get(k)).or_else(|| decode::id(field(k)))),
            vm_id: decode::id(field("virtual_machine_id")),
            free: decode::flag(field("free")),
            reserved: decode::flag(field("reserved")),
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items =
            decode::list(value, "ip_address_join", "ip_addresses", "a list of IP addresses")?;
        Ok(items
            .items
            .into_iter()
            .map(|m| Self::from_map(decode::unwrap_item_map(m, "ip_address")))
            .collect())
    }
}

/// Fills in each address's VM from its interface, where the address does
/// not say it (the documented shape names only the interface).
pub fn attach_vms(ips: &mut [IpAddress], interfaces: &[Interface]) {
    let vm_of: BTreeMap<&str, &str> = interfaces
        .iter()
        .filter_map(|nic| Some((nic.id.as_deref()?, nic.vm_id.as_deref()?)))
        .collect();
    for ip in ips.iter_mut().filter(|ip| ip.vm_id.is_none()) {
        ip.vm_id =
            ip.interface_id.as_deref().and_then(|nic| vm_of.get(nic)).map(|vm| (*vm).to_owned());
    }
}

/// Each VM's addresses, from the account's addresses and interfaces: two
/// reads for a whole page of VMs rather than one per VM.
pub fn addresses_by_vm(
    mut ips: Vec<IpAddress>,
    interfaces: &[Interface],
) -> BTreeMap<String, Vec<String>> {
    attach_vms(&mut ips, interfaces);
    let mut by_vm: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for ip in ips {
        if let (Some(vm), Some(address)) = (ip.vm_id, ip.address) {
            by_vm.entry(vm).or_default().push(address);
        }
    }
    by_vm
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ip_addresses_as_joins_flat_or_wrapped() {
        let list = IpAddress::list_from_json(&json!([
            {"id": "9001", "ip_address_id": "7001", "network_interface_id": "3001", "ip_address": {"id": "7001", "address": "203.0.113.5", "netmask": "255.255.255.0", "gateway": "203.0.113.254", "network_id": "1"}},
            {"id": "7002", "address": "203.0.113.6", "free": true, "reserved": true},
            {"ip_address": {"id": "7003", "address": "10.0.0.3", "prefix": 8}},
            {"ip_address_join": {"id": 1, "ip_address": "198.51.100.1"}}
        ]))
        .unwrap();
        assert_eq!(
            (list[0].id.as_deref(), list[0].join_id.as_deref()),
            (Some("7001"), Some("9001"))
        );
        assert_eq!(list[0].address.as_deref(), Some("203.0.113.5"));
        assert_eq!(list[0].interface_id.as_deref(), Some("3001"));
        assert_eq!(
            (list[1].address.as_deref(), list[1].free, list[1].reserved),
            (Some("203.0.113.6"), Some(true), Some(true))
        );
        assert_eq!(
            (list[2].address.as_deref(), list[2].netmask.as_deref()),
            (Some("10.0.0.3"), Some("/8"))
        );
        assert_eq!(list[3].address.as_deref(), Some("198.51.100.1"));
    }

    #[test]
    fn documented_addresses_name_their_interface_as_interface_id() {
        let list = IpAddress::list_from_json(&json!([
            {"id": "7001", "address": "203.0.113.5", "interface_id": 3001, "network_id": "1"},
            {"id": "7002", "address": "203.0.113.6", "interface_id": null, "free": true}
        ]))
        .unwrap();
        assert_eq!(
            (list[0].id.as_deref(), list[0].join_id.as_deref(), list[0].interface_id.as_deref()),
            (Some("7001"), None, Some("3001"))
        );
        assert_eq!((list[1].interface_id.as_deref(), list[1].free), (None, Some(true)));
    }

    #[test]
    fn a_vm_s_addresses_are_found_through_its_interfaces() {
        let ips = IpAddress::list_from_json(&json!([
            {"id": "1", "address": "203.0.113.5", "interface_id": "31"},
            {"id": "2", "address": "10.0.0.5", "interface_id": "32"},
            {"id": "3", "address": "203.0.113.9", "interface_id": null, "free": true},
            {"id": "4", "address": "198.51.100.4", "network_interface_id": "33", "virtual_machine_id": "9"}
        ]))
        .unwrap();
        let nics = Interface::list_from_json(&json!([
            {"id": "31", "virtual_machine_id": "7"}, {"id": "32", "virtual_machine_id": "7"}, {"id": "33", "virtual_machine_id": "8"}
        ]))
        .unwrap();
        let by_vm = addresses_by_vm(ips, &nics);
        assert_eq!(
            by_vm.get("7").cloned(),
            Some(vec!["203.0.113.5".to_owned(), "10.0.0.5".to_owned()])
        );
        // What the address says of its VM wins over the interface list.
        assert_eq!(by_vm.get("9").cloned(), Some(vec!["198.51.100.4".to_owned()]));
        assert_eq!((by_vm.get("8"), by_vm.len()), (None, 2));
    }
}
