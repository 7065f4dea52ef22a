//! An interface's firewall rules: created, validated, filtered, and deleted
//! by their own id.

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::json;

#[tokio::test]
async fn firewall_rules_created_validated_and_filtered() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("/network_interface/{nic}/firewall_rule");
    for body in [
        json!({"command": "accept", "protocol": "tcp", "port": "22,80,443", "address": "10.0.0.0/8", "description": "web"}),
        json!({"command": "DROP", "protocol": "UDP", "port": "1000:2000", "address": "10.0.0.1-10.0.0.9"}),
        json!({"command": "ACCEPT", "protocol": "TCP", "port": "", "address": "0.0.0.0"}),
    ] {
        let r = sim.post(&path, body.clone()).await;
        assert_eq!(r.status, StatusCode::CREATED, "{body}: {}", r.text);
    }
    let created = sim.get(&format!("/network_interface/{nic}/firewall_rules")).await.json();
    let last = created.as_array().unwrap().last().unwrap();
    assert!(last["address"].is_null(), "0.0.0.0 means everyone");
    assert_eq!(
        created[created.as_array().unwrap().len() - 3]["command"],
        "ACCEPT",
        "stored in capitals"
    );
    let drops =
        sim.get(&format!("/network_interface/{nic}/firewall_rules?command=drop")).await.json();
    assert!(
        drops.as_array().unwrap().iter().all(|r| r["command"] == "DROP")
            && !drops.as_array().unwrap().is_empty()
    );
    let by_port =
        sim.get(&format!("/virtual_machine/{vm}/firewall_rules?port=1000:2000")).await.json();
    assert_eq!(by_port.as_array().unwrap().len(), 1);
    let by_address =
        sim.get(&format!("/virtual_machine/{vm}/firewall_rules?address=10.0.0.0/8")).await.json();
    assert_eq!(by_address.as_array().unwrap().len(), 1);

    let bad = sim
        .post(
            &path,
            json!({"command": "REJECT", "protocol": "ICMP", "port": "70000", "address": "10.0.0"}),
        )
        .await;
    for field in ["command", "protocol", "port", "address"] {
        assert!(!bad.errors_on(field).is_empty(), "{field}");
    }
    let blank = sim.post(&path, json!({})).await;
    assert_eq!(blank.errors_on("command"), ["can't be blank"]);
    assert_eq!(blank.errors_on("protocol"), ["can't be blank"]);
}

#[tokio::test]
async fn a_firewall_rule_is_deleted_by_its_own_id_and_only_once() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let rules = format!("/network_interface/{nic}/firewall_rules");
    let before = sim.get(&rules).await.json().as_array().unwrap().len();
    let created = sim
        .post(
            &format!("/network_interface/{nic}/firewall_rule"),
            json!({"command": "ACCEPT", "protocol": "TCP", "port": "22"}),
        )
        .await
        .json();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(sim.get(&rules).await.json().as_array().unwrap().len(), before + 1);
    assert_eq!(sim.delete(&format!("/firewall_rule/{id}")).await.status, StatusCode::NO_CONTENT);
    let after = sim.get(&rules).await.json();
    assert_eq!(after.as_array().unwrap().len(), before);
    assert!(after.as_array().unwrap().iter().all(|r| r["id"] != id.as_str()));
    assert_eq!(sim.delete(&format!("/firewall_rule/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.delete("/firewall_rule/x").await.status, StatusCode::NOT_FOUND);
}
