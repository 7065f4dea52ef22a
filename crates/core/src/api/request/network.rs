//! The writes on network interfaces, their addresses and firewall rules, and
//! an address added to a network.

use super::{ApiRequest, Made, Method};
use crate::api::paths::{self, NicPart, Resource, VmPart};
use crate::i18n::messages as t;
use serde_json::{json, Map, Value};

/// POST `network_interface` on the VM: 201 when it is offline, 202 otherwise.
pub fn add_interface(account: &str, vm: &str, body: Value) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::vm_part(account, vm, VmPart::NetworkInterface)?,
        Some(body),
    ))
}

/// PUT `/network_interface/<id>`: an edit, or the default policy alone.
pub fn edit_interface(account: &str, nic: &str, changes: Map<String, Value>) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::nic(account, nic)?, Some(Value::Object(changes))))
}

/// PUT `/network_interface/<id>` with the default policy alone.
pub fn set_default_policy(account: &str, nic: &str, policy: &str) -> Made {
    let mut changes = Map::new();
    changes.insert("default_firewall_policy".into(), json!(policy));
    edit_interface(account, nic, changes)
}

/// DELETE `/network_interface/<id>`: its addresses and rules go with it.
pub fn delete_interface(account: &str, nic: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::nic(account, nic)?, None))
}

/// POST `ip_address` on the interface: a new address, or a reserved one by id.
pub fn add_ip(account: &str, nic: &str, reserved_id: Option<&str>) -> Made {
    let body = match reserved_id {
        Some(id) => json!({"ip_address_id": paths::checked_id(id, t::WHAT_IP_ADDRESS)?}),
        None => json!({}),
    };
    Ok(ApiRequest::new(
        Method::Post,
        paths::nic_part(account, nic, NicPart::IpAddress)?,
        Some(body),
    ))
}

/// DELETE `ip_address/<ip>`: the only address takes the interface with it.
pub fn remove_ip(account: &str, nic: &str, ip: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::nic_ip(account, nic, ip)?, None))
}

/// POST `firewall_rule` on the interface: 201 with the rule.
pub fn create_rule(account: &str, nic: &str, body: Value) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::nic_part(account, nic, NicPart::FirewallRule)?,
        Some(body),
    ))
}

/// PUT `firewall_rule/<id>`: 200 with the rule as changed, not queued; the
/// body is the new rule's, with its interface (`network_interface_id`).
pub fn edit_rule(account: &str, rule: &str, body: Value) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::one(account, Resource::FirewallRule, rule)?, Some(body)))
}

/// DELETE `firewall_rule/<id>`: 204; the interface keeps it until the rules are applied.
pub fn delete_rule(account: &str, rule: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::one(account, Resource::FirewallRule, rule)?, None))
}

/// POST `network/<id>/ip_address`: 201 with the address, the account's and
/// attached to nothing.
pub fn add_network_address(account: &str, network: &str, address: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::one_part(account, Resource::Network, network, "ip_address")?,
        Some(json!({"address": address.trim()})),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_writes_follow_the_spec() {
        let put = |path: &str, body: Value| ApiRequest::new(Method::Put, path.into(), Some(body));
        let post = |path: &str, body: Value| ApiRequest::new(Method::Post, path.into(), Some(body));
        let delete = |path: &str| ApiRequest::new(Method::Delete, path.into(), None);
        let nic = "/account/1/network_interface/9";
        let cases = [
            (
                add_interface("1", "42", json!({"label": "eth1"})),
                post("/account/1/virtual_machine/42/network_interface", json!({"label": "eth1"})),
            ),
            (
                set_default_policy("1", "9", "DROP"),
                put(nic, json!({"default_firewall_policy": "DROP"})),
            ),
            (delete_interface("1", "9"), delete(nic)),
            (add_ip("1", "9", None), post(&format!("{nic}/ip_address"), json!({}))),
            (
                add_ip("1", "9", Some("77")),
                post(&format!("{nic}/ip_address"), json!({"ip_address_id": "77"})),
            ),
            (remove_ip("1", "9", "77"), delete(&format!("{nic}/ip_address/77"))),
            (
                create_rule("1", "9", json!({"command": "ACCEPT"})),
                post(&format!("{nic}/firewall_rule"), json!({"command": "ACCEPT"})),
            ),
            (
                edit_rule("1", "31", json!({"network_interface_id": "9", "port": "22"})),
                put(
                    "/account/1/firewall_rule/31",
                    json!({"network_interface_id": "9", "port": "22"}),
                ),
            ),
            (delete_rule("1", "31"), delete("/account/1/firewall_rule/31")),
            (
                add_network_address("1", "2", " 10.0.0.9 "),
                post("/account/1/network/2/ip_address", json!({"address": "10.0.0.9"})),
            ),
        ];
        for (made, expected) in cases {
            assert_eq!(made.unwrap(), expected);
        }
    }

    #[test]
    fn a_request_names_its_interface_by_its_path_or_a_rules_body() {
        assert_eq!(delete_interface("1", "9").unwrap().interface().as_deref(), Some("9"));
        let edit = edit_rule("1", "31", json!({"network_interface_id": "9"})).unwrap();
        assert_eq!(edit.interface().as_deref(), Some("9"));
        assert_eq!(delete_rule("1", "31").unwrap().interface(), None);
    }

    #[test]
    fn a_bad_id_makes_no_request() {
        assert!(add_ip("1", "9", Some("?")).is_err());
        assert!(remove_ip("1", "9", "a").is_err());
        assert!(edit_rule("1", "3/../4", json!({})).is_err());
        assert!(add_network_address("1", "public", "10.0.0.9").is_err());
    }
}
