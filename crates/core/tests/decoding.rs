//! Decoding against fixtures written from the spec and from the real
//! provider's documented shapes.

use serde_json::Value;
use vmdeck_core::vm::format_memory;
use vmdeck_core::{Vm, VmStatus, VmType};

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn get_vm_in_the_spec_shape() {
    let vm = Vm::from_json(&fixture("vm_get.json")).unwrap();
    assert_eq!(vm.id.as_deref(), Some("1043"));
    assert_eq!(vm.status, VmStatus::Online);
    assert_eq!(vm.vm_type, Some(VmType::Standard));
    assert_eq!(vm.memory_mb, Some(2048));
    assert_eq!(format_memory(vm.memory_mb.unwrap()), "2 GB");
    assert_eq!(vm.cpus, Some(2));
    assert!(!vm.locked && !vm.suspended);
    assert_eq!(vm.cdrom, Some(false));
    assert_eq!(vm.note, None);
    assert_eq!(vm.strict_virtual_machine_id, None);
    assert_eq!(vm.location_id.as_deref(), Some("2"));
    assert_eq!(vm.os_name().as_deref(), Some("Debian 12"));
    assert_eq!(vm.created_at.as_deref(), Some("2026-03-14T09:26:53"));
    assert_eq!(vm.raw.len(), 23, "every field is kept for the raw view");
}

#[test]
fn create_response_with_its_further_fields() {
    let vm = Vm::from_json(&fixture("vm_create_response.json")).unwrap();
    assert_eq!(vm.status, VmStatus::Unbuilt);
    assert!(vm.locked, "a new VM is busy");
    assert_eq!(vm.cpu_type.as_deref(), Some("intel"));
    assert_eq!(vm.disk_type.as_deref(), Some("vd"));
    assert_eq!(vm.template_label.as_deref(), Some("AlmaLinux 9 x64"));
    assert_eq!(vm.hypervisor_id, None);
    // Fields the model does not name are still there, untouched.
    assert_eq!(vm.raw.get("account_id"), Some(&Value::from(1)));
    assert_eq!(vm.raw.get("queue_token"), Some(&Value::from("f3a9c1d2")));
}

#[test]
fn wrapped_list_with_loose_types() {
    let (vms, skipped) = Vm::list_from_json(&fixture("vm_list_onapp_wrapped.json")).unwrap();
    assert_eq!(skipped, 0);
    let ids: Vec<_> = vms.iter().map(|vm| vm.id.clone().unwrap()).collect();
    assert_eq!(ids, ["11", "12", "13"]);

    assert!(!vms[0].locked && vms[0].suspended, "flags as strings");
    assert_eq!(vms[0].memory_mb, Some(1024), "numbers as strings");
    assert_eq!(vms[0].ip_addresses, ["203.0.113.10"]);

    assert_eq!(vms[1].status, VmStatus::Recovery);
    assert!(vms[1].locked, "flags as booleans");
    assert_eq!(vms[1].memory_mb, Some(512), "whole floats");
    assert_eq!(vms[1].vm_type, Some(VmType::BalancerFailover));

    assert_eq!(vms[2].memory_mb, None);
    assert!(!vms[2].locked, "null flags are off");
    assert_eq!(vms[2].ip_addresses, ["198.51.100.7", "10.0.0.7"]);
}

#[test]
fn list_in_an_object_with_unknown_values_and_garbage() {
    let (vms, skipped) = Vm::list_from_json(&fixture("vm_list_object.json")).unwrap();
    assert_eq!(vms.len(), 2);
    assert_eq!(skipped, 1);
    assert_eq!(vms[1].status, VmStatus::Other("provisioning".into()));
    assert_eq!(vms[1].status.label(), "provisioning");
    assert_eq!(vms[1].vm_type, Some(VmType::Other("gpu".into())));
    assert!(vms[1].raw.contains_key("extra_field"));
}

#[test]
fn wrong_top_level_shapes_are_errors_not_panics() {
    for body in ["5", "\"text\"", "null", "true", "{\"a\": 1}"] {
        let value: Value = serde_json::from_str(body).unwrap();
        assert!(Vm::list_from_json(&value).is_err(), "{body}");
    }
    for body in ["5", "[]", "null"] {
        let value: Value = serde_json::from_str(body).unwrap();
        assert!(Vm::from_json(&value).is_err(), "{body}");
    }
}
