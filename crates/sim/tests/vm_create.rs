//! Spec section "Create VM": the 202 with the unbuilt, locked VM, its disks,
//! interface and address, every limit checked, an ISO source or a reserved
//! address, and malformed bodies.

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
    for field in [
        "template_label",
        "is_deletion_machine",
        "custom",
        "local_remote_access_port",
        "virtualization_type",
        "console_lang",
        "booted_from",
        "user_id",
        "disk_type",
        "remote_access_password",
        "cpu_type",
        "error",
        "identifier",
        "queue_token",
    ] {
        assert!(vm.get(field).is_some(), "create-only field {field}");
    }
    assert_eq!(vm["initial_password"], "Secret-pass_1");
    let id = vm["id"].as_str().unwrap().to_owned();

    let disks = sim.get(&format!("/virtual_machine/{id}/disks")).await.json();
    let sizes: Vec<u64> =
        disks.as_array().unwrap().iter().map(|d| d["disk_size"].as_u64().unwrap()).collect();
    assert_eq!(sizes, [20, 1, 50, 100], "primary, swap, then secondary disks in order");
    assert_eq!(disks[2]["data_store_group_id"], "2");
    let nics = sim.get(&format!("/virtual_machine/{id}/network_interfaces")).await.json();
    assert_eq!(nics.as_array().unwrap().len(), 1);
    assert_eq!(nics[0]["network_id"], "1", "default network");
    assert_eq!(nics[0]["primary"], true);
    assert_eq!(
        sim.get(&format!("/virtual_machine/{id}/ip_addresses"))
            .await
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );

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
    let free = reserved.as_array().unwrap().iter().find(|ip| ip["free"] == true).unwrap()
        ["address"]
        .clone();
    let mut body = create_body();
    body["template_id"] = json!(null);
    body["iso_url"] = json!("https://example.org/install.iso");
    body["selected_ip_address"] = free.clone();
    let r = sim.post("/virtual_machine", body).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    let vm = r.json();
    assert_eq!(vm["boot_type"], "cdrom");
    assert_eq!(vm["cdrom"], 1);
    let addresses = sim
        .get(&format!("/virtual_machine/{}/ip_addresses", vm["id"].as_str().unwrap()))
        .await
        .json();
    assert_eq!(addresses[0]["address"], free);
}

#[tokio::test]
async fn malformed_json_is_400_never_500() {
    let sim = Sim::new(1);
    let r = sim
        .call(
            axum::http::Method::POST,
            "/api/account/1/virtual_machine",
            Some("demo-token"),
            Some("{\"label\": "),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.json()["errors"]["base"].is_array());
    let r = sim
        .call(
            axum::http::Method::POST,
            "/api/account/1/virtual_machine",
            Some("demo-token"),
            Some("[1]"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}
