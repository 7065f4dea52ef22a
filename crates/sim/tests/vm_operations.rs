//! Spec sections "Edit VM", "Start/Stop/Rebuild VM", "Reboot", "Clone VM",
//! "Create template", "Destroy VM", segregation and the locked state: every
//! 202 operation locks the VM, then applies its effect.

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::json;

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
    let renamed =
        sim.put(&path, json!({"label": "Renamed", "note": "hello", "hostname": "renamed-1"})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    assert_eq!(renamed.json()["label"], "Renamed");
    assert_eq!(renamed.json()["note"], "hello");
    let before = sim.vm(&id).await["memory"].as_u64().unwrap();
    let resized =
        sim.put(&path, json!({"memory": (before + 1024).to_string(), "cpu_type": "amd"})).await;
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
    assert!(!sim
        .put(&path, json!({"template_id": "77"}))
        .await
        .errors_on("template_id")
        .is_empty());
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
    let suspended = sim
        .find_vm(|vm| vm["suspended"] == 1 && vm["status"] != "unbuilt" && vm["locked"] == 0)
        .await;
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
    assert_eq!(
        (clone["status"].as_str(), clone["hostname"].as_str()),
        (Some("online"), Some("copy-01"))
    );

    let missing = sim.post(&format!("/virtual_machine/{id}/clone"), json!({})).await;
    assert_eq!(missing.errors_on("hostname"), ["can't be blank"]);
    assert_eq!(missing.errors_on("label"), ["can't be blank"]);
    let wrong_disk = sim
        .post(
            &format!("/virtual_machine/{id}/clone"),
            json!({"hostname": "c2", "label": "c", "clone_disk_id": ["1"]}),
        )
        .await;
    assert!(!wrong_disk.errors_on("clone_disk_id").is_empty());
}

#[tokio::test]
async fn template_creation_locks_the_vm() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let r = sim
        .post(&format!("/virtual_machine/{id}/template"), json!({"label": "Golden image"}))
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    assert_eq!(r.json()["label"], "Golden image");
    assert_eq!(sim.vm(&id).await["locked"], 1);
}

#[tokio::test]
async fn destroy_removes_the_vm_with_its_interfaces_and_addresses() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let addresses: Vec<String> = sim
        .get(&format!("/virtual_machine/{id}/ip_addresses"))
        .await
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|ip| ip["address"].as_str().unwrap().to_owned())
        .collect();
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
    assert_eq!(
        sim.put(&format!("/virtual_machine/{a}/segregation/{a}"), json!({})).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
    assert_eq!(
        sim.put(&format!("/virtual_machine/{a}/segregation/999999"), json!({})).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        sim.delete(&format!("/virtual_machine/{a}/segregation/{b}")).await.status,
        StatusCode::OK
    );
    assert!(sim.vm(a).await["strict_virtual_machine_id"].is_null());
    assert_eq!(
        sim.delete(&format!("/virtual_machine/{a}/segregation/{b}")).await.status,
        StatusCode::NOT_FOUND
    );
}
