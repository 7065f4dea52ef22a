//! Network interfaces and IP addresses (as OnApp's joins or flat).

use crate::cases;
use crate::fields::{
    envelope, flag_field, flag_or_false_field, id_field, int_field, list_sent, nonempty_text, put,
    sent, text_field, upper_text_field, wrap,
};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use vmdeck_core::network::{Interface, IpAddress};

prop_compose! {
    fn interface_sent()(
        f in (id_field(), text_field(), id_field(), text_field(), flag_or_false_field(), int_field(), text_field(), id_field(), upper_text_field(), text_field()),
    ) -> (Interface, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, network_id, vlan, primary, rate_limit, status, vm_id, policy, mac) = f;
        let nic = Interface {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            network_id: put(&mut m, "network_id", network_id),
            vlan: put(&mut m, "vlan", vlan),
            primary: put(&mut m, "primary", primary),
            rate_limit: put(&mut m, "rate_limit", rate_limit),
            status: put(&mut m, "status", status),
            vm_id: put(&mut m, "virtual_machine_id", vm_id),
            default_firewall_policy: put(&mut m, "default_firewall_policy", policy),
            mac_address: put(&mut m, "mac_address", mac),
            raw: Map::new(),
        };
        (Interface { raw: m.clone(), ..nic }, m)
    }
}

/// A netmask sent dotted, or as a prefix the decoder writes `/24`.
fn netmask_field() -> impl Strategy<Value = (Option<String>, Option<(&'static str, Value)>)> {
    prop_oneof![
        nonempty_text().prop_map(|mask| (Some(mask.clone()), Some(("netmask", json!(mask))))),
        (0u8..=32, any::<bool>()).prop_map(|(p, as_text)| (
            Some(format!("/{p}")),
            Some(("prefix", if as_text { json!(p.to_string()) } else { json!(p) }))
        )),
        Just((None, None)),
    ]
}

prop_compose! {
    /// An address as OnApp's join (`{id, ip_address_id, network_interface_id,
    /// ip_address: {...}}`), or flat with `interface_id` (documented) or
    /// `network_interface_id`.
    fn ip_address_sent()(
        join in option::of((any::<u64>(), any::<bool>(), id_field())),
        own in (id_field(), text_field(), netmask_field(), text_field(), id_field(), id_field(), flag_field(), flag_field()),
        interface in id_field(),
        documented in any::<bool>(),
    ) -> (IpAddress, Map<String, Value>) {
        let (own_id, address, (netmask, mask_sent), gateway, network_id, vm_id, free, reserved) = own;
        let mut inner = Map::new();
        let own_id = put(&mut inner, "id", own_id);
        let address = put(&mut inner, "address", address);
        if let Some((key, value)) = mask_sent {
            inner.insert(key.into(), value);
        }
        let mut ip = IpAddress {
            id: own_id.clone(),
            join_id: None,
            address,
            netmask,
            gateway: put(&mut inner, "gateway", gateway),
            network_id: put(&mut inner, "network_id", network_id),
            interface_id: None,
            vm_id: put(&mut inner, "virtual_machine_id", vm_id),
            free: put(&mut inner, "free", free),
            reserved: put(&mut inner, "reserved", reserved),
            raw: Map::new(),
        };
        let map = match join {
            None => {
                ip.interface_id = put(&mut inner, if documented { "interface_id" } else { "network_interface_id" }, interface);
                inner
            }
            Some((join_id, name_address_id, join_interface)) => {
                let mut outer = Map::new();
                outer.insert("id".into(), json!(join_id.to_string()));
                ip.join_id = Some(join_id.to_string());
                if name_address_id {
                    if let Some(id) = &own_id {
                        outer.insert("ip_address_id".into(), json!(id));
                    }
                }
                ip.interface_id = put(&mut outer, "network_interface_id", join_interface);
                outer.insert("ip_address".into(), Value::Object(inner));
                outer
            }
        };
        (IpAddress { raw: map.clone(), ..ip }, map)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn interfaces_round_trip(nics in vec(interface_sent(), 0..4), how in any::<u8>()) {
        if let Some((nic, map)) = nics.first() {
            let one = sent(&wrap(map.clone(), "network_interface", how % 2 == 0));
            prop_assert_eq!(Interface::from_json(&one), Ok(nic.clone()));
        }
        let (expected, body) = list_sent(nics, "network_interface", "network_interfaces", how);
        prop_assert_eq!(Interface::list_from_json(&body), Ok(expected));
    }

    #[test]
    fn ip_addresses_round_trip(addresses in vec((ip_address_sent(), any::<bool>()), 0..4), how in any::<u8>()) {
        let mut expected = Vec::new();
        let mut maps = Vec::new();
        for ((ip, map), wrapped_flat) in addresses {
            // A flat address may come in its own `ip_address` wrapper too.
            let flat = ip.join_id.is_none() && !map.contains_key("ip_address");
            maps.push(if flat && wrapped_flat { json!({"ip_address": map}).as_object().unwrap().clone() } else { map });
            expected.push(ip);
        }
        let body = sent(&envelope(maps, "ip_address_join", "ip_addresses", how));
        prop_assert_eq!(IpAddress::list_from_json(&body), Ok(expected));
    }
}
