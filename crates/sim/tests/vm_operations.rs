//! Spec sections "Create VM", "Edit VM", "Start/Stop/Rebuild VM", "Reboot",
//! "Clone VM", "Create template", "Destroy VM", segregation and the locked
//! state: every 202 operation locks the VM, then applies its effect.

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::json;

fn create_body() -> serde_json::Value {
    json!({
        "label": "New web", "hostname": "new-web-01", "memory": "1024", "cpus": "2",
        "primary_disk_size": "20", "template_id": "1", "location_id": "2",
        "swap_disk_size": "1", "secondary_disk_size": ["50", "100"], "data_store_group_secondary_id": ["2", "1"],
        "initial_root_password": "Secret-pass_1", "note": "made by a test",
    })
}

#[tokio::test]
async fn create_answers_202_with_the_full_unbuilt_locked_vm_then_builds_it() {
    let sim = Sim::new(2);
    let created = sim.post("/virtual_machine", create_body()).await;
    assert_eq!(created.status, StatusCode::ACCEPTED, "{}", created.text);
    let vm = created.json();
    assert_eq!(vm["status"], "unbuilt");
    assert_eq!(vm["locked"], 1);
    assert_eq!(vm["memory"], 1024);
    assert_eq!(vm["account_id"], 1, "account_id is an integer");
    for field in ["template_label", "is_deletion_machine", "custom", "local_remote_access_port", "virtualization_type",
        "console_lang", "booted_from", "user_id", "disk_type", "remote_access_password", "cpu_type", "error",
        "identifier", "queue_token"] {
        assert!(vm.get(field).is_some(), "create-only field {field}");
    }
    assert_eq!(vm["initial_password"], "Secret-pass_1");
    let id = vm["id"].as_str().unwrap().to_owned();

    let disks = sim.get(&format!("/virtual_machine/{id}/disks")).await.json();
    let sizes: Vec<u64> = disks.as_array().unwrap().iter().map(|d| d["disk_size"].as_u64().unwrap()).collect();
    assert_eq!(sizes, [20, 1, 50, 100], "primary, swap, then secondary disks in order");
    assert_eq!(disks[2]["data_store_group_id"], "2");
    let nics = sim.get(&format!("/virtual_machine/{id}/network_interfaces")).await.json();
    assert_eq!(nics.as_array().unwrap().len(), 1);
    assert_eq!(nics[0]["network_id"], "1", "default network");
    assert_eq!(nics[0]["primary"], true);
    assert_eq!(sim.get(&format!("/virtual_machine/{id}/ip_addresses")).await.json().as_array().unwrap().len(), 1);

    sim.settle().await;
    let built = sim.vm(&id).await;
    assert_eq!(built["status"], "online");
    assert_eq!(built["locked"], 0);
}

#[tokio::test]
async fn create_without_automatic_build_stays_unbuilt() {
    let sim = Sim::new(1);
    let mut body = create_body();
    body["required_virtual_machine_build"] = json!(false);
    let id = sim.post("/virtual_machine", body).await.json()["id"].as_str().unwrap().to_owned();
    sim.settle().await;
    let vm = sim.vm(&id).await;
    assert_eq!((vm["status"].as_str(), vm["locked"].as_u64()), (Some("unbuilt"), Some(0)));
}

#[tokio::test]
async fn create_validates_every_limit_with_onapp_field_errors() {
    let sim = Sim::new(1);
    let cases: Vec<(serde_json::Value, &str)> = vec![
        (json!({"hostname": "1abc"}), "hostname"),
        (json!({"hostname": "a".repeat(26)}), "hostname"),
        (json!({"hostname": "web_01"}), "hostname"),
        (json!({"initial_root_password": "short"}), "initial_root_password"),
        (json!({"initial_root_password": "has spaces in it"}), "initial_root_password"),
        (json!({"rate_limit": "-1"}), "rate_limit"),
        (json!({"cpu_type": "arm"}), "cpu_type"),
        (json!({"default_firewall_policy": "MAYBE"}), "default_firewall_policy"),
        (json!({"memory": "lots"}), "memory"),
        (json!({"template_id": "99"}), "template_id"),
        (json!({"location_id": "9"}), "location_id"),
        (json!({"primary_network_id": "9"}), "primary_network_id"),
        (json!({"template_id": null, "iso_url": "file:///etc/passwd"}), "iso_url"),
        (json!({"template_id": null, "iso_id": "1", "iso_url": "http://x.org/a.iso"}), "base"),
        (json!({"template_id": null}), "base"),
        (json!({"data_store_group_secondary_id": ["1"]}), "data_store_group_secondary_id"),
        (json!({"selected_ip_address": "10.9.9.9"}), "selected_ip_address"),
    ];
    for (change, field) in cases {
        let mut body = create_body();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        let r = sim.post("/virtual_machine", body.clone()).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{change}: {}", r.text);
        assert!(!r.errors_on(field).is_empty(), "{change} should fail on {field}: {}", r.text);
    }
    let r = sim.post("/virtual_machine", json!({})).await;
    for field in ["label", "hostname", "memory", "cpus", "primary_disk_size"] {
        assert_eq!(r.errors_on(field), ["can't be blank"], "{field}");
    }
}

#[tokio::test]
async fn create_from_an_iso_url_or_with_a_reserved_address() {
    let sim = Sim::new(1);
    let reserved = sim.get("/ip_addresses").await.json();
    let free = reserved.as_array().unwrap().iter().find(|ip| ip["free"] == true).unwrap()["address"].clone();
    let mut body = create_body();
    body["template_id"] = json!(null);
    body["iso_url"] = json!("https://example.org/install.iso");
    body["selected_ip_address"] = free.clone();
    let r = sim.post("/virtual_machine", body).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    let vm = r.json();
    assert_eq!(vm["boot_type"], "cdrom");
    assert_eq!(vm["cdrom"], 1);
    let addresses = sim.get(&format!("/virtual_machine/{}/ip_addresses", vm["id"].as_str().unwrap())).await.json();
    assert_eq!(addresses[0]["address"], free);
}

#[tokio::test]
async fn malformed_json_is_400_never_500() {
    let sim = Sim::new(1);
    let r = sim.call(axum::http::Method::POST, "/api/account/1/virtual_machine", Some("demo-token"), Some("{\"label\": ")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.json()["errors"]["base"].is_array());
    let r = sim.call(axum::http::Method::POST, "/api/account/1/virtual_machine", Some("demo-token"), Some("[1]")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn stop_and_start_lock_the_vm_then_change_its_status() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let path = format!("/virtual_machine/{id}");
    let stop = sim.put(&path, json!({"status": "offline", "force": true})).await;
    assert_eq!(stop.status, StatusCode::ACCEPTED);
    assert_eq!(sim.vm(&id).await["locked"], 1);
    // The service does not queue a second operation.
    let again = sim.put(&path, json!({"status": "online"})).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.errors_on("base")[0].contains("busy"));
    sim.settle().await;
    assert_eq!(sim.vm(&id).await["status"], "offline");
    assert_eq!(sim.put(&path, json!({"status": "online"})).await.status, StatusCode::ACCEPTED);
    sim.settle().await;
    assert_eq!(sim.vm(&id).await["status"], "online");
    assert_eq!(sim.put(&path, json!({"status": "sideways"})).await.errors_on("status").len(), 1);
}

#[tokio::test]
async fn edit_answers_200_for_names_and_202_for_resizing_a_running_vm() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let path = format!("/virtual_machine/{id}");
    let renamed = sim.put(&path, json!({"label": "Renamed", "note": "hello", "hostname": "renamed-1"})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    assert_eq!(renamed.json()["label"], "Renamed");
    assert_eq!(renamed.json()["note"], "hello");
    let before = sim.vm(&id).await["memory"].as_u64().unwrap();
    let resized = sim.put(&path, json!({"memory": (before + 1024).to_string(), "cpu_type": "amd"})).await;
    assert_eq!(resized.status, StatusCode::ACCEPTED);
    assert_eq!(resized.json()["locked"], 1);
    assert_eq!(resized.json()["memory"], before + 1024);
    sim.settle().await;
    let smaller = sim.put(&path, json!({"primary_disk_size": 1})).await;
    assert_eq!(smaller.errors_on("primary_disk_size"), ["can't be decreased"]);
    let bad = sim.put(&path, json!({"hostname": "9lives", "boot_type": "floppy", "cpus": 0})).await;
    for field in ["hostname", "boot_type", "cpus"] {
        assert!(!bad.errors_on(field).is_empty(), "{field}");
    }
}

#[tokio::test]
async fn rebuild_zeroes_and_starts_unless_asked_not_to() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let path = format!("/virtual_machine/{id}");
    let r = sim.put(&path, json!({"template_id": "2", "required_startup": false})).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    sim.settle().await;
    let vm = sim.vm(&id).await;
    assert_eq!(vm["status"], "offline");
    assert_eq!(vm["template_id"], "2");
    assert_eq!(vm["operating_system_distro"], "Ubuntu 24.04");
    assert_eq!(sim.put(&path, json!({"template_id": "2"})).await.status, StatusCode::ACCEPTED);
    sim.settle().await;
    assert_eq!(sim.vm(&id).await["status"], "online");
    assert!(!sim.put(&path, json!({"template_id": "77"})).await.errors_on("template_id").is_empty());
}

#[tokio::test]
async fn reboot_password_network_and_firewall_operations_lock_the_vm() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let password = sim.vm(&id).await["initial_password"].clone();
    for op in ["reboot", "reset_password", "rebuild_network", "apply_firewall_rules"] {
        let r = sim.post(&format!("/virtual_machine/{id}/{op}"), json!({})).await;
        assert_eq!(r.status, StatusCode::ACCEPTED, "{op}: {}", r.text);
        assert_eq!(sim.vm(&id).await["locked"], 1, "{op}");
        sim.settle().await;
        assert_eq!(sim.vm(&id).await["locked"], 0, "{op}");
    }
    assert_ne!(sim.vm(&id).await["initial_password"], password, "a new password");
    let offline = sim.offline_vm().await;
    let r = sim.post(&format!("/virtual_machine/{offline}/reboot"), json!({"force": true})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "an offline VM is not rebooted");
}

#[tokio::test]
async fn unbuilt_and_suspended_vms_refuse_what_they_cannot_do() {
    let sim = Sim::new(200);
    let unbuilt = sim.find_vm(|vm| vm["status"] == "unbuilt" && vm["locked"] == 0).await;
    let r = sim.put(&format!("/virtual_machine/{unbuilt}"), json!({"status": "online"})).await;
    assert!(r.errors_on("base")[0].contains("not built"));
    let suspended = sim.find_vm(|vm| vm["suspended"] == 1 && vm["status"] != "unbuilt" && vm["locked"] == 0).await;
    let r = sim.put(&format!("/virtual_machine/{suspended}"), json!({"status": "online"})).await;
    assert!(r.errors_on("base")[0].contains("suspended"));
}

#[tokio::test]
async fn clone_makes_a_new_vm_with_the_disk_changes_asked_for() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let disks = sim.get(&format!("/virtual_machine/{id}/disks")).await.json();
    let primary = disks[0]["id"].as_str().unwrap().to_owned();
    let primary_size = disks[0]["disk_size"].as_u64().unwrap();
    let r = sim
        .post(
            &format!("/virtual_machine/{id}/clone"),
            json!({
                "hostname": "copy-01", "label": "Copy", "memory": "2048", "cpus": "1",
                "clone_disk_id": [primary], "clone_disk_size": [(primary_size + 10).to_string()],
                "clone_disk_data_store_group_id": ["2"],
                "secondary_disk_size": ["30"], "data_store_group_secondary_id": ["1"],
                "required_startup": true,
            }),
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    let clone_id = r.json()["id"].as_str().unwrap().to_owned();
    assert_ne!(clone_id, id);
    assert_eq!(sim.vm(&id).await["locked"], 1, "the source is busy while it is copied");
    let clone_disks = sim.get(&format!("/virtual_machine/{clone_id}/disks")).await.json();
    assert_eq!(clone_disks[0]["disk_size"], primary_size + 10);
    assert_eq!(clone_disks[0]["data_store_group_id"], "2");
    assert_eq!(clone_disks.as_array().unwrap().last().unwrap()["disk_size"], 30);
    sim.settle().await;
    let clone = sim.vm(&clone_id).await;
    assert_eq!((clone["status"].as_str(), clone["hostname"].as_str()), (Some("online"), Some("copy-01")));

    let missing = sim.post(&format!("/virtual_machine/{id}/clone"), json!({})).await;
    assert_eq!(missing.errors_on("hostname"), ["can't be blank"]);
    assert_eq!(missing.errors_on("label"), ["can't be blank"]);
    let wrong_disk = sim.post(&format!("/virtual_machine/{id}/clone"), json!({"hostname": "c2", "label": "c", "clone_disk_id": ["1"]})).await;
    assert!(!wrong_disk.errors_on("clone_disk_id").is_empty());
}

#[tokio::test]
async fn template_creation_locks_the_vm() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let r = sim.post(&format!("/virtual_machine/{id}/template"), json!({"label": "Golden image"})).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    assert_eq!(r.json()["label"], "Golden image");
    assert_eq!(sim.vm(&id).await["locked"], 1);
}

#[tokio::test]
async fn destroy_removes_the_vm_with_its_interfaces_and_addresses() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let addresses: Vec<String> = sim.get(&format!("/virtual_machine/{id}/ip_addresses")).await.json().as_array().unwrap()
        .iter().map(|ip| ip["address"].as_str().unwrap().to_owned()).collect();
    let nics_before = sim.get("/network_interfaces").await.json().as_array().unwrap().len();
    let r = sim.delete(&format!("/virtual_machine/{id}")).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    assert!(r.text.is_empty(), "202, no body");
    assert_eq!(sim.vm(&id).await["locked"], 1);
    sim.settle().await;
    assert_eq!(sim.get(&format!("/virtual_machine/{id}")).await.status, StatusCode::NOT_FOUND);
    assert!(sim.get("/network_interfaces").await.json().as_array().unwrap().len() < nics_before);
    for address in addresses {
        let left = sim.get(&format!("/ip_addresses?ip={address}")).await.json();
        assert!(left.as_array().unwrap().is_empty(), "{address} is gone");
    }
}

#[tokio::test]
async fn segregation_set_listed_and_removed() {
    let sim = Sim::new(20);
    let list = sim.get("/virtual_machines?limit=2").await.json();
    let (a, b) = (list[0]["id"].as_str().unwrap(), list[1]["id"].as_str().unwrap());
    let set = sim.put(&format!("/virtual_machine/{a}/segregation/{b}"), json!({})).await;
    assert_eq!(set.status, StatusCode::OK);
    assert_eq!(sim.vm(a).await["strict_virtual_machine_id"], b);
    let listed = sim.get(&format!("/virtual_machine/{a}/segregations")).await.json();
    assert_eq!(listed[0]["id"], b);
    let from_b = sim.get(&format!("/virtual_machine/{b}/segregations")).await.json();
    assert_eq!(from_b[0]["id"], a, "listed from either side");
    assert_eq!(sim.put(&format!("/virtual_machine/{a}/segregation/{a}"), json!({})).await.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(sim.put(&format!("/virtual_machine/{a}/segregation/999999"), json!({})).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.delete(&format!("/virtual_machine/{a}/segregation/{b}")).await.status, StatusCode::OK);
    assert!(sim.vm(a).await["strict_virtual_machine_id"].is_null());
    assert_eq!(sim.delete(&format!("/virtual_machine/{a}/segregation/{b}")).await.status, StatusCode::NOT_FOUND);
}
