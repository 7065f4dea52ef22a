use super::*;
use serde_json::json;

#[test]
fn unknown_status_and_type_are_kept() {
    let vm = Vm::from_json(&json!({"id": "1", "status": "migrating", "type": "quantum"})).unwrap();
    assert_eq!(vm.status, VmStatus::Other("migrating".into()));
    assert_eq!(vm.status.label(), "migrating");
    assert_eq!(vm.status.css_class(), "other");
    assert_eq!(vm.vm_type, Some(VmType::Other("quantum".into())));
}

#[test]
fn missing_fields_are_none_not_errors() {
    let vm = Vm::from_json(&json!({})).unwrap();
    assert_eq!(vm.id, None);
    assert_eq!(vm.status, VmStatus::Unknown);
    assert!(!vm.locked);
    assert_eq!(vm.display_name(), "unnamed VM");
}

#[test]
fn a_vm_that_is_not_an_object_is_an_error() {
    let err = Vm::from_json(&json!([1, 2])).unwrap_err();
    assert_eq!(err.found, "a list");
}

#[test]
fn memory_reads_like_a_person_writes_it() {
    assert_eq!(format_memory(512), "512 MB");
    assert_eq!(format_memory(1024), "1 GB");
    assert_eq!(format_memory(1536), "1.5 GB");
    assert_eq!(format_memory(65536), "64 GB");
    // Written by the language's number formatter: grouped, with its decimal mark.
    assert_eq!(format_memory(1_048_576 * 2), "2,048 GB");
    assert_eq!(format_memory(12_902_400), "12,600 GB");
    assert_eq!(format_memory(1_049_088), "1,024.5 GB");
}

#[test]
fn how_to_connect() {
    let mut vm = Vm::from_json(&serde_json::json!({"id": "1", "ip_addresses": [{"ip_address": {"address": "203.0.113.7"}}], "operating_system_distro": "Debian 12"})).unwrap();
    assert_eq!(vm.connect(None), Some(Connect::Ssh("ssh root@203.0.113.7".into())));
    assert_eq!(
        vm.connect(Some("Windows Server 2022")),
        Some(Connect::Rdp("203.0.113.7:3389".into()))
    );
    vm.operating_system_distro = Some("Windows Server 2019".into());
    assert_eq!(vm.connect(None).map(|c| c.label()), Some("Remote desktop"));
    vm.ip_addresses.clear();
    assert_eq!(vm.connect(None), None);
}

mod spanish_tests {
    use super::super::*;

    #[test]
    fn memory_status_and_names_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(format_memory(512), "512 MB");
        assert_eq!(format_memory(1024), "1 GB");
        assert_eq!(format_memory(1536), "1,5 GB");
        assert_eq!(format_memory(12_902_400), "12.600 GB");
        assert_eq!(VmStatus::Online.label(), "en marcha");
        assert_eq!(VmStatus::Online.code(), "online");
        assert_eq!(VmStatus::Other("migrating".into()).label(), "migrating");
        assert_eq!(VmType::BalancerFailover.code(), "balancer failover");
        let vm = Vm::from_json(&serde_json::json!({"id": 7})).unwrap();
        assert_eq!(vm.display_name(), "VM 7");
    }
}

#[test]
fn a_create_answer_in_the_older_envelope_is_the_vm() {
    let vm = Vm::from_json(&serde_json::json!({"queue_token": "abc", "resource": {"id": "41", "label": "web", "status": "unbuilt"}})).unwrap();
    assert_eq!((vm.id.as_deref(), vm.status.clone()), (Some("41"), VmStatus::Unbuilt));
    let flat = Vm::from_json(&serde_json::json!({"id": "42", "queue_token": "abc"})).unwrap();
    assert_eq!(flat.id.as_deref(), Some("42"));
    // The documented VM does not list its addresses; OnApp's does.
    assert!(!flat.addresses_known);
    assert!(
        Vm::from_json(&serde_json::json!({"id": "43", "ip_addresses": []}))
            .unwrap()
            .addresses_known
    );
}

#[test]
fn the_confirm_word_is_the_hostname_else_the_id() {
    let named = Vm::from_json(&json!({"id": "7", "hostname": " web-01 "})).unwrap();
    assert_eq!(named.confirm_word(), "web-01");
    let blank = Vm::from_json(&json!({"id": "7", "hostname": "  "})).unwrap();
    assert_eq!(blank.confirm_word(), "7", "a VM without a hostname is confirmed by its id");
    assert_eq!(Vm::from_json(&json!({})).unwrap().confirm_word(), "");
}
