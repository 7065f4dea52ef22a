//! A VM, alone or in lists, in every spelling the decoder tolerates.

use crate::cases;
use crate::fields::{
    absent, flag_field, flag_or_false_field, id_field, int_field, list_sent, nonempty_text, put,
    sent, text_field, wrap, Field,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};
use vmdeck_core::{Vm, VmStatus, VmType};

fn status_field() -> impl Strategy<Value = Field<VmStatus>> {
    let known = select(vec![
        ("online", VmStatus::Online),
        ("offline", VmStatus::Offline),
        ("unbuilt", VmStatus::Unbuilt),
        ("recovery", VmStatus::Recovery),
    ]);
    prop_oneof![
        (known, any::<u8>()).prop_map(|((word, status), how)| {
            let spelled = match how % 3 {
                0 => word.to_owned(),
                1 => word.to_ascii_uppercase(),
                _ => format!(" {word} "),
            };
            (status, Some(json!(spelled)))
        }),
        nonempty_text()
            .prop_filter("not a known status", |s| !["online", "offline", "unbuilt", "recovery"]
                .contains(&s.trim().to_ascii_lowercase().as_str()))
            .prop_map(|s| (VmStatus::Other(s.clone()), Some(json!(s)))),
        any::<u8>().prop_map(|how| (VmStatus::Unknown, absent(how))),
    ]
}

fn type_field() -> impl Strategy<Value = Field<Option<VmType>>> {
    const KNOWN: [&str; 5] =
        ["standard", "autoscaled", "balancer", "balancer_failover", "firewall"];
    let known = select(vec![
        ("standard", VmType::Standard),
        ("autoscaled", VmType::Autoscaled),
        ("balancer", VmType::Balancer),
        ("balancer_failover", VmType::BalancerFailover),
        ("firewall", VmType::Firewall),
    ]);
    prop_oneof![
        (known, any::<bool>()).prop_map(|((word, kind), upper)| (
            Some(kind),
            Some(json!(if upper { word.to_ascii_uppercase() } else { word.to_owned() }))
        )),
        nonempty_text()
            .prop_filter("not a known type", |s| !KNOWN
                .contains(&s.trim().to_ascii_lowercase().as_str()))
            .prop_map(|s| (Some(VmType::Other(s.clone())), Some(json!(s)))),
        any::<u8>().prop_map(|how| (None, absent(how))),
    ]
}

/// A VM's addresses in OnApp's nested, flat or plain-string items.
fn ip_addresses_field() -> impl Strategy<Value = Field<Vec<String>>> {
    (vec((nonempty_text(), 0u8..3), 0..4), any::<bool>()).prop_map(|(addresses, omit_empty)| {
        let items: Vec<Value> = addresses
            .iter()
            .map(|(a, how)| match how {
                0 => json!(a),
                1 => json!({"address": a}),
                _ => json!({"ip_address": {"address": a, "id": 1}}),
            })
            .collect();
        let sent = (!(items.is_empty() && omit_empty)).then_some(Value::Array(items));
        (addresses.into_iter().map(|(a, _)| a).collect(), sent)
    })
}

prop_compose! {
    fn vm_sent()(
        a in (id_field(), text_field(), text_field(), status_field(), type_field(), flag_or_false_field(), flag_or_false_field(), int_field(), int_field(), int_field()),
        b in (text_field(), id_field(), text_field(), id_field(), id_field(), text_field(), text_field(), text_field(), text_field(), id_field()),
        c in (flag_field(), text_field(), flag_field(), text_field(), int_field(), any::<bool>(), text_field(), text_field(), ip_addresses_field()),
    ) -> (Vm, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, hostname, status, vm_type, locked, suspended, memory, cpus, shares) = a;
        let (cpu_type, template_id, template_label, hypervisor_id, location_id, os, distro, note, password, strict) = b;
        let (cdrom, boot_type, vip, disk_type, disks_size, total_name, created, updated, addresses) = c;
        let vm = Vm {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            hostname: put(&mut m, "hostname", hostname),
            status: put(&mut m, "status", status),
            vm_type: put(&mut m, "type", vm_type),
            locked: put(&mut m, "locked", locked),
            suspended: put(&mut m, "suspended", suspended),
            memory_mb: put(&mut m, "memory", memory),
            cpus: put(&mut m, "cpus", cpus),
            cpu_shares: put(&mut m, "cpu_shares", shares),
            cpu_type: put(&mut m, "cpu_type", cpu_type),
            template_id: put(&mut m, "template_id", template_id),
            template_label: put(&mut m, "template_label", template_label),
            hypervisor_id: put(&mut m, "hypervisor_id", hypervisor_id),
            location_id: put(&mut m, "location_id", location_id),
            operating_system: put(&mut m, "operating_system", os),
            operating_system_distro: put(&mut m, "operating_system_distro", distro),
            note: put(&mut m, "note", note),
            initial_password: put(&mut m, "initial_password", password),
            strict_virtual_machine_id: put(&mut m, "strict_virtual_machine_id", strict),
            cdrom: put(&mut m, "cdrom", cdrom),
            boot_type: put(&mut m, "boot_type", boot_type),
            vip: put(&mut m, "vip", vip),
            disk_type: put(&mut m, "disk_type", disk_type),
            // OnApp's lists call it `total_disk_size`.
            disks_size_gb: put(&mut m, if total_name { "total_disk_size" } else { "disks_size" }, disks_size),
            created_at: put(&mut m, "created_at", created),
            updated_at: put(&mut m, "updated_at", updated),
            ip_addresses: put(&mut m, "ip_addresses", addresses),
            addresses_known: false,
            raw: Map::new(),
        };
        (Vm { addresses_known: m.contains_key("ip_addresses"), raw: m.clone(), ..vm }, m)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn vms_round_trip((vm, map) in vm_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(Vm::from_json(&sent(&wrap(map, "virtual_machine", wrapped))), Ok(vm));
    }

    #[test]
    fn vm_lists_round_trip(vms in vec(vm_sent(), 0..4), how in any::<u8>()) {
        let (expected, body) = list_sent(vms, "virtual_machine", "virtual_machines", how);
        prop_assert_eq!(Vm::list_from_json(&body), Ok((expected, 0)));
    }
}
