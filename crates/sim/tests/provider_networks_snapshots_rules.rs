//! The provider's networks, the account's snapshots and firewall rules by
//! their own id (`provider-api.md` §4).

mod common;

use axum::http::{Method, StatusCode};
use common::generation::{id, items, keys};
use common::Sim;
use serde_json::{json, Value};
use vmdeck_core::network::networks::Network;

fn ids(list: Value) -> Vec<String> {
    items(list).iter().map(id).collect()
}

#[tokio::test]
async fn networks_are_listed_filtered_and_decoded() {
    let sim = Sim::new(3);
    let list = sim.get("/networks").await;
    assert_eq!(list.status, StatusCode::OK);
    for n in items(list.json()) {
        assert_eq!(
            keys(&n),
            ["id", "label", "multidatacenter", "network_group_id", "public", "status", "vlan"]
        );
        assert_eq!(n["status"], "active");
    }
    let decoded = Network::list_from_json(&list.json()).unwrap();
    let public: Vec<_> = decoded.iter().map(|n| (n.id.as_deref(), n.public)).collect();
    assert_eq!(public, [(Some("1"), Some(true)), (Some("2"), Some(false))]);
    for (query, expected) in [
        ("type=public", vec!["1"]),
        ("type=private", vec!["2"]),
        ("vlan=200", vec!["2"]),
        ("id=1&network_group_id=1", vec!["1"]),
        ("network_group_id=1&type=private", vec![]),
        ("console_id=7&vlan=", vec!["1", "2"]),
    ] {
        assert_eq!(ids(sim.get(&format!("/networks?{query}")).await.json()), expected, "{query}");
    }
    assert_eq!(sim.get("/networks?type=dmz").await.errors_on("type").len(), 1);
    assert_eq!(sim.get("/network/2").await.json()["public"], false);
    assert_eq!(sim.get("/network/9").await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.get("/network/9/ip_addresses").await.status, StatusCode::NOT_FOUND);
    let anonymous = sim.call(Method::GET, "/api/account/1/networks", None, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn an_address_is_added_to_a_network_by_hand_once() {
    let sim = Sim::new(3);
    let account = items(sim.get("/ip_addresses").await.json());
    let on_public = items(sim.get("/network/1/ip_addresses").await.json());
    assert_eq!(on_public.len(), account.iter().filter(|ip| ip["network_id"] == "1").count());
    assert!(on_public.iter().all(|ip| account.contains(ip)), "the account list's shape");

    let added = sim
        .post("/network/1/ip_address", json!({"ip_address": {"address": "198.51.100.200"}}))
        .await;
    assert_eq!(added.status, StatusCode::CREATED, "{}", added.text);
    let ip = added.json();
    assert_eq!(
        (ip["address"].clone(), ip["network_id"].clone()),
        (json!("198.51.100.200"), json!("1"))
    );
    assert_eq!((ip["reserved"].clone(), ip["free"].clone()), (json!(true), json!(true)));
    assert!(items(sim.get("/network/1/ip_addresses").await.json()).contains(&ip));
    assert!(items(sim.get("/ip_addresses").await.json()).contains(&ip));
    assert!(!items(sim.get("/network/2/ip_addresses").await.json()).contains(&ip));

    let again = sim.post("/network/1/ip_address", json!({"address": "198.51.100.200"})).await;
    assert_eq!(again.errors_on("address"), ["is already in use"]);
    let seeded = account[0]["address"].clone();
    assert_eq!(
        sim.post("/network/1/ip_address", json!({"address": seeded})).await.errors_on("address"),
        ["is already in use"]
    );
    let theirs =
        sim.call(Method::GET, "/api/account/2/ip_addresses", Some("other-token"), None).await;
    let theirs = items(theirs.json())[0]["address"].clone();
    let taken = sim.post("/network/1/ip_address", json!({"address": theirs})).await;
    assert_eq!(taken.errors_on("address"), ["is already in use"], "in any account");

    let outside = sim.post("/network/1/ip_address", json!({"address": "8.8.8.8"})).await;
    assert_eq!(outside.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(outside.errors_on("address")[0].contains("outside"));
    let private_on_public = sim.post("/network/1/ip_address", json!({"address": "10.1.2.3"})).await;
    assert!(!private_on_public.errors_on("address").is_empty());
    assert_eq!(
        sim.post("/network/1/ip_address", json!({"address": "198.51.100"}))
            .await
            .errors_on("address"),
        ["is not an IPv4 address"]
    );
    assert_eq!(
        sim.post("/network/1/ip_address", json!({})).await.errors_on("address"),
        ["can't be blank"]
    );
    assert_eq!(
        sim.post("/network/9/ip_address", json!({"address": "10.1.2.3"})).await.status,
        StatusCode::NOT_FOUND
    );
    let private = sim.post("/network/2/ip_address", json!({"address": "10.200.0.9"})).await;
    assert_eq!(private.status, StatusCode::CREATED);
    assert_eq!(private.json()["netmask"], "255.0.0.0");
}

#[tokio::test]
async fn snapshots_of_every_vm_name_their_vm() {
    let sim = Sim::new(20);
    let all = items(sim.get("/snapshots").await.json());
    assert!(!all.is_empty());
    let mut from_vms = Vec::new();
    for vm in items(sim.get("/virtual_machines").await.json()) {
        from_vms.extend(items(
            sim.get(&format!("/virtual_machine/{}/snapshots", id(&vm))).await.json(),
        ));
    }
    assert_eq!(all, from_vms);
    let vm = all[0]["virtual_machine_id"].as_str().unwrap();
    let of_vm = items(sim.get(&format!("/snapshots?virtual_machine_id={vm}")).await.json());
    assert!(!of_vm.is_empty() && of_vm.iter().all(|s| s["virtual_machine_id"] == vm));
    assert_eq!(sim.get(&format!("/snapshot/{}", id(&all[0]))).await.json(), all[0]);
    assert_eq!(sim.get("/snapshot/1").await.status, StatusCode::NOT_FOUND);
}

/// Two interfaces of the account's VMs.
async fn two_interfaces(sim: &Sim) -> (String, String) {
    let nics = ids(sim.get("/network_interfaces").await.json());
    (nics[0].clone(), nics[1].clone())
}

#[tokio::test]
async fn a_rule_is_read_edited_moved_and_deleted_by_its_own_id() {
    let sim = Sim::new(20);
    let (nic, other) = two_interfaces(&sim).await;
    let created = sim
        .post(
            &format!("/network_interface/{nic}/firewall_rule"),
            json!({"command": "ACCEPT", "protocol": "TCP", "port": "22"}),
        )
        .await
        .json();
    let path = format!("/firewall_rule/{}", id(&created));
    assert_eq!(sim.get(&path).await.json(), created);

    let edited = sim.put(&path, json!({"firewall_rule": {"command": "drop", "port": "80,443", "address": "10.0.0.0/8"}})).await;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.text);
    let rule = edited.json();
    assert_eq!((rule["command"].clone(), rule["protocol"].clone()), (json!("DROP"), json!("TCP")));
    assert_eq!(
        (rule["port"].clone(), rule["address"].clone()),
        (json!("80,443"), json!("10.0.0.0/8"))
    );
    assert_eq!(rule["position"], created["position"], "edited in place");
    assert_eq!(sim.get(&path).await.json(), rule);
    let any = sim.put(&path, json!({"address": "", "port": ""})).await.json();
    assert!(any["address"].is_null() && any["port"].is_null(), "empty means any");

    let bad = sim
        .put(
            &path,
            json!({"command": "REJECT", "protocol": "ICMP", "port": "70000", "address": "10.0.0"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    for field in ["command", "protocol", "port", "address"] {
        assert!(!bad.errors_on(field).is_empty(), "{field}");
    }
    assert_eq!(sim.get(&path).await.json(), any, "unchanged");
    let nowhere = sim.put(&path, json!({"network_interface_id": "1"})).await;
    assert_eq!(nowhere.errors_on("network_interface_id"), ["is not an interface of this account"]);

    let moved = sim.put(&path, json!({"network_interface_id": other})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    assert_eq!(
        (id(&moved.json()), moved.json()["network_interface_id"].clone()),
        (id(&created), json!(other))
    );
    let there = items(sim.get(&format!("/network_interface/{other}/firewall_rules")).await.json());
    assert_eq!(there.last().map(id), Some(id(&created)), "last on its new interface");
    let positions: Vec<u64> = there.iter().filter_map(|r| r["position"].as_u64()).collect();
    assert_eq!(positions.iter().max(), there.last().and_then(|r| r["position"].as_u64()).as_ref());
    assert!(!ids(sim.get(&format!("/network_interface/{nic}/firewall_rules")).await.json())
        .contains(&id(&created)));

    assert_eq!(sim.delete(&path).await.status, StatusCode::NO_CONTENT);
    assert_eq!(sim.get(&path).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.put(&path, json!({"port": "22"})).await.status, StatusCode::NOT_FOUND);
}
