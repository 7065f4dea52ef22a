//! The create-VM form's tests: its checks, the body it sends, its disks, its
//! drafts, generated passwords and the sizes it is filled in with.

use super::*;
use crate::deploy::plans::Plan;
use crate::validate;
use crate::vm::disk::Disk;
use crate::vm::Vm;
use serde_json::json;

fn valid() -> CreateVmForm {
    CreateVmForm {
        label: "Web".into(),
        hostname: "web-01".into(),
        template_id: "1".into(),
        ..Default::default()
    }
}

#[test]
fn a_plan_gives_the_sizes_sent() {
    let plan =
        Plan { name: "M".into(), memory: 2048, cpus: 2, disk: 40, price: None, transfer: None };
    let mut form = valid();
    form.choose_plan(Some(&plan));
    assert_eq!(form.plan, "M");
    let body = form.body().unwrap();
    assert_eq!(
        (body["memory"].clone(), body["cpus"].clone(), body["primary_disk_size"].clone()),
        (json!("2048"), json!("2"), json!("40"))
    );
    // Back to typing the sizes: they start from the plan's.
    form.choose_plan(None);
    assert_eq!((form.plan.as_str(), form.memory.as_str()), ("", "2048"));
}

#[test]
fn a_filled_form_makes_the_spec_body_with_numbers_as_strings() {
    let form = CreateVmForm {
        swap_disk_size: "2".into(),
        rate_limit: "0".into(),
        location_id: "2".into(),
        secondary_disks: vec![
            SecondaryDisk { row: 0, size: "50".into(), data_store_group_id: "2".into() },
            SecondaryDisk { row: 1, size: "100".into(), data_store_group_id: "1".into() },
        ],
        initial_root_password: "Secret_pass-1".into(),
        note: "first one".into(),
        ..valid()
    };
    let body = form.body().unwrap();
    assert_eq!(body["memory"], "1024");
    assert_eq!(body["cpus"], "1");
    assert_eq!(body["primary_disk_size"], "20");
    assert_eq!(body["swap_disk_size"], "2");
    assert_eq!(body["rate_limit"], "0", "0 is unlimited, and sent");
    assert_eq!(body["template_id"], "1");
    assert!(body.get("iso_id").is_none() && body.get("iso_url").is_none());
    assert_eq!(body["secondary_disk_size"], json!(["50", "100"]));
    assert_eq!(body["data_store_group_secondary_id"], json!(["2", "1"]));
    assert_eq!(body["initial_root_password"], "Secret_pass-1");
    assert_eq!(body["required_virtual_machine_build"], true);
    assert!(body.get("cpu_shares").is_none(), "empty optional fields are not sent");
    assert!(body.get("selected_ip_address").is_none());
}

#[test]
fn exactly_one_source_is_sent() {
    let iso =
        CreateVmForm { source: Source::IsoUrl, iso_url: "https://x.org/a.iso".into(), ..valid() };
    let body = iso.body().unwrap();
    assert_eq!(body["iso_url"], "https://x.org/a.iso");
    assert!(body.get("template_id").is_none(), "the template typed before switching is not sent");
    let by_id = CreateVmForm { source: Source::IsoId, iso_id: "2".into(), ..valid() };
    assert_eq!(by_id.body().unwrap()["iso_id"], "2");
    let missing = CreateVmForm { source: Source::IsoId, ..valid() };
    assert_eq!(missing.errors()["iso_id"], "Choose an ISO.");
    assert!(missing.body().is_err());
}

#[test]
fn every_field_is_checked() {
    let form = CreateVmForm {
        label: "".into(),
        hostname: "9lives".into(),
        memory: "0".into(),
        cpus: "two".into(),
        cpu_type: "arm".into(),
        cpu_shares: "-1".into(),
        template_id: "".into(),
        location_id: "x".into(),
        primary_disk_size: "1.5".into(),
        swap_disk_size: "-2".into(),
        secondary_disks: vec![SecondaryDisk {
            row: 0,
            size: "0".into(),
            data_store_group_id: "z".into(),
        }],
        primary_network_id: "net".into(),
        selected_ip_address: "10.0.0".into(),
        selected_ip_netmask: "255.0.255.0".into(),
        selected_ip_gateway: "gw".into(),
        rate_limit: "fast".into(),
        default_firewall_policy: "REJECT".into(),
        initial_root_password: "abc".into(),
        ..Default::default()
    };
    let errors = form.errors();
    for field in [
        "label",
        "hostname",
        "memory",
        "cpus",
        "cpu_type",
        "cpu_shares",
        "template_id",
        "location_id",
        "primary_disk_size",
        "swap_disk_size",
        "secondary_disk_size.0",
        "data_store_group_secondary_id.0",
        "primary_network_id",
        "selected_ip_address",
        "selected_ip_netmask",
        "selected_ip_gateway",
        "rate_limit",
        "default_firewall_policy",
        "initial_root_password",
    ] {
        assert!(errors.contains_key(field), "{field} should be refused: {errors:?}");
    }
    assert_eq!(errors["hostname"], "The hostname may not start with a digit.");
    assert_eq!(form.body(), Err(errors));
}

#[test]
fn disks_keep_their_order_and_groups_pair_up_only_when_all_are_given() {
    let form = CreateVmForm {
        secondary_disks: vec![
            SecondaryDisk { row: 0, size: "10".into(), data_store_group_id: "".into() },
            SecondaryDisk { row: 1, size: "30".into(), data_store_group_id: "2".into() },
            SecondaryDisk { row: 2, size: "20".into(), data_store_group_id: "".into() },
        ],
        ..valid()
    };
    let body = form.body().unwrap();
    assert_eq!(body["secondary_disk_size"], json!(["10", "30", "20"]));
    assert!(body.get("data_store_group_secondary_id").is_none());
}

#[test]
fn server_field_errors_find_their_fields() {
    let mut form = valid();
    assert_eq!(form.field_for("hostname").as_deref(), Some("hostname"));
    assert_eq!(form.field_for("secondary_disk_size"), None, "no disk: the message goes to the top");
    assert_eq!(form.field_for("base"), None);
    add_secondary_disk(&mut form.secondary_disks);
    let second = add_secondary_disk(&mut form.secondary_disks);
    remove_secondary_disk(&mut form.secondary_disks, 0);
    assert_eq!(
        form.field_for("secondary_disk_size"),
        Some(format!("secondary_disk_size.{second}"))
    );
}

#[test]
fn a_disks_messages_stay_with_it_when_a_row_above_goes() {
    let mut form = valid();
    add_secondary_disk(&mut form.secondary_disks);
    let second = add_secondary_disk(&mut form.secondary_disks);
    if let Some(disk) = form.secondary_disks.iter_mut().find(|d| d.row == second) {
        disk.size = "0".into();
    }
    assert!(form.errors().contains_key(&format!("secondary_disk_size.{second}")));
    remove_secondary_disk(&mut form.secondary_disks, 0);
    let errors = form.errors();
    assert!(errors.contains_key(&format!("secondary_disk_size.{second}")));
    assert!(!errors.contains_key("secondary_disk_size.0"));
    // A new row never takes the id of a living one.
    assert_ne!(add_secondary_disk(&mut form.secondary_disks), second);
}

#[test]
fn a_draft_never_holds_the_password() {
    let form = CreateVmForm { initial_root_password: "Secret_pass-1".into(), ..valid() };
    let draft = serde_json::to_string(&form.without_secrets()).unwrap();
    assert!(!draft.contains("Secret_pass-1"));
    let back: CreateVmForm = serde_json::from_str(&draft).unwrap();
    assert_eq!(back, CreateVmForm { initial_root_password: String::new(), ..form });
}

#[test]
fn generated_passwords_pass_the_rules_and_mix_kinds() {
    for seed in 0..=255u8 {
        let bytes: [u8; 16] =
            std::array::from_fn(|i| seed.wrapping_mul(31).wrapping_add(i as u8 * 17));
        let p = generate_password(&bytes);
        assert!(validate::root_password(&p).is_ok(), "{p}");
        assert_eq!(p.len(), 16);
        assert!(p.chars().any(|c| c.is_ascii_lowercase()), "{p}");
        assert!(p.chars().any(|c| c.is_ascii_uppercase()), "{p}");
        assert!(p.chars().any(|c| c.is_ascii_digit()), "{p}");
    }
}

#[test]
fn a_new_vm_like_another_takes_its_sizes_and_never_its_names() {
    let vm = Vm::from_json(&json!({"id": "7", "label": "db", "hostname": "db-01", "memory": 4096, "cpus": 2, "cpu_type": "amd",
        "template_id": "3", "location_id": "2", "initial_root_password": "secret-pass"})).unwrap();
    let disks = Disk::list_from_json(&json!([{"id": "1", "primary": true, "disk_size": 40}, {"id": "2", "primary": false, "disk_size": 100}])).unwrap().0;
    let form = CreateVmForm::like(&vm, &disks, Some("5"));
    assert_eq!(
        (form.memory.as_str(), form.cpus.as_str(), form.cpu_type.as_str()),
        ("4096", "2", "amd")
    );
    assert_eq!(
        (form.template_id.as_str(), form.location_id.as_str(), form.primary_disk_size.as_str()),
        ("3", "2", "40")
    );
    assert_eq!(form.primary_network_id, "5");
    assert_eq!(form.source, Source::Template);
    assert!(
        form.label.is_empty() && form.hostname.is_empty() && form.initial_root_password.is_empty()
    );
    // What the API does not say stays at the form's defaults.
    let bare = CreateVmForm::like(&Vm::from_json(&json!({"id": "8"})).unwrap(), &[], None);
    assert_eq!(bare.memory, CreateVmForm::default().memory);
    assert_eq!(bare.primary_disk_size, CreateVmForm::default().primary_disk_size);
}
