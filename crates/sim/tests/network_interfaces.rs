//! Spec sections "Network interface operations", "Add network interface to
//! VM", "Filters of VM sub-lists" for interfaces, and "Errors" (412).

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::{json, Value};

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|x| x["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn a_second_interface_on_a_public_network_is_412() {
    let sim = Sim::new(20);
    let id = sim.online_vm().await;
    let r = sim
        .post(
            &format!("/virtual_machine/{id}/network_interface"),
            json!({"network_id": "1", "label": "eth9"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::PRECONDITION_FAILED);
    assert!(r.errors_on("base")[0].contains("public network"));
}

#[tokio::test]
async fn adding_an_interface_is_201_when_offline_and_202_when_running() {
    let sim = Sim::new(40);
    let offline = sim.find_vm(|vm| vm["status"] == "offline" && vm["locked"] == 0).await;
    let nics = sim
        .get(&format!("/virtual_machine/{offline}/network_interfaces?network_id=2"))
        .await
        .json();
    if let Some(private) = nics.as_array().unwrap().first() {
        sim.delete(&format!("/network_interface/{}", private["id"].as_str().unwrap())).await;
    }
    let r = sim
        .post(
            &format!("/virtual_machine/{offline}/network_interface"),
            json!({"network_id": 2, "label": "backend", "rate_limit": "0"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let nic = r.json();
    assert_eq!(
        (nic["label"].as_str(), nic["rate_limit"].as_u64(), nic["primary"].as_bool()),
        (Some("backend"), Some(0), Some(false))
    );
    assert_eq!(nic["virtual_machine_id"], offline);
    assert_eq!(sim.vm(&offline).await["locked"], 0);

    let online = sim.find_vm(|vm| vm["status"] == "online" && vm["locked"] == 0).await;
    let nics =
        sim.get(&format!("/virtual_machine/{online}/network_interfaces?public=0")).await.json();
    for nic in nics.as_array().unwrap() {
        sim.delete(&format!("/network_interface/{}", nic["id"].as_str().unwrap())).await;
        sim.settle().await;
    }
    let r = sim
        .post(
            &format!("/virtual_machine/{online}/network_interface"),
            json!({"network_id": "2", "primary": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    assert_eq!(sim.vm(&online).await["locked"], 1);
    sim.settle().await;
    let all = sim.get(&format!("/virtual_machine/{online}/network_interfaces")).await.json();
    let primaries: Vec<_> =
        all.as_array().unwrap().iter().filter(|n| n["primary"] == true).collect();
    assert_eq!(primaries.len(), 1, "a new primary demotes the old one");
    assert_eq!(primaries[0]["network_id"], "2");
    let bad = sim
        .post(
            &format!("/virtual_machine/{online}/network_interface"),
            json!({"network_id": "7", "rate_limit": "x"}),
        )
        .await;
    assert!(!bad.errors_on("network_id").is_empty() && !bad.errors_on("rate_limit").is_empty());
}

#[tokio::test]
async fn interface_lists_and_their_filters() {
    let sim = Sim::new(30);
    let all = sim.get("/network_interfaces").await.json();
    let all_ids = ids(&all);
    assert!(all_ids.len() >= 30);
    let public = sim.get("/network_interfaces?public=1").await.json();
    assert!(public.as_array().unwrap().iter().all(|n| n["network_id"] == "1"));
    let private = sim.get("/network_interfaces?network_id=2").await.json();
    assert_eq!(public.as_array().unwrap().len() + private.as_array().unwrap().len(), all_ids.len());
    let vm = all[0]["virtual_machine_id"].as_str().unwrap();
    let of_vm = sim.get(&format!("/network_interfaces?virtual_machine_id={vm}")).await.json();
    assert!(of_vm.as_array().unwrap().iter().all(|n| n["virtual_machine_id"] == vm));
    assert_eq!(
        ids(&sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()),
        ids(&of_vm)
    );
    let labelled = sim
        .get(&format!("/virtual_machine/{vm}/network_interfaces?interface_label=eth0"))
        .await
        .json();
    assert!(labelled.as_array().unwrap().iter().all(|n| n["label"] == "eth0"));
    let one = sim.get(&format!("/network_interface/{}", all_ids[0])).await;
    assert_eq!(one.json()["id"], all_ids[0].as_str());
    for field in [
        "id",
        "label",
        "network_id",
        "vlan",
        "primary",
        "rate_limit",
        "status",
        "virtual_machine_id",
        "default_firewall_policy",
        "mac_address",
    ] {
        assert!(one.json().get(field).is_some(), "{field}");
    }
    assert_eq!(sim.get("/network_interface/424242").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        sim.get("/network_interfaces?public=perhaps").await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn edit_interface_and_set_its_default_policy() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("/network_interface/{nic}");
    let r = sim.put(&path, json!({"label": "uplink", "rate_limit": 250, "mac_address": "02:AA:bb:cc:dd:ee", "primary": 1})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let edited = r.json();
    assert_eq!(
        (edited["label"].as_str(), edited["rate_limit"].as_u64()),
        (Some("uplink"), Some(250))
    );
    assert_eq!(edited["mac_address"], "02:aa:bb:cc:dd:ee");
    let policy = sim.put(&path, json!({"default_firewall_policy": "DROP"})).await;
    assert_eq!(policy.status, StatusCode::OK);
    assert_eq!(policy.json()["default_firewall_policy"], "DROP");
    let bad = sim.put(&path, json!({"mac_address": "01:00:5e:00:00:01", "default_firewall_policy": "REJECT", "rate_limit": "fast"})).await;
    for field in ["mac_address", "default_firewall_policy", "rate_limit"] {
        assert!(!bad.errors_on(field).is_empty(), "{field}: {}", bad.text);
    }
    let running = sim.online_vm().await;
    let running_nic =
        sim.get(&format!("/virtual_machine/{running}/network_interfaces")).await.json()[0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
    assert_eq!(
        sim.put(&format!("/network_interface/{running_nic}"), json!({"rate_limit": 10}))
            .await
            .status,
        StatusCode::ACCEPTED
    );
}

#[tokio::test]
async fn deleting_an_interface_removes_its_addresses_and_rules() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    sim.post(
        &format!("/network_interface/{nic}/firewall_rule"),
        json!({"command": "ACCEPT", "protocol": "TCP", "port": "22"}),
    )
    .await;
    let address =
        sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json()[0]
            ["address"]
            .clone();
    let r = sim.delete(&format!("/network_interface/{nic}")).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(sim.get(&format!("/network_interface/{nic}")).await.status, StatusCode::NOT_FOUND);
    assert!(sim
        .get(&format!("/ip_addresses?ip={}", address.as_str().unwrap()))
        .await
        .json()
        .as_array()
        .unwrap()
        .is_empty());
    let rules = sim.get(&format!("/virtual_machine/{vm}/firewall_rules")).await.json();
    assert!(rules.as_array().unwrap().iter().all(|r| r["network_interface_id"] != nic.as_str()));
}
