//! Spec sections "Network interface operations", "Add network interface to
//! VM", "Filters of VM sub-lists" and "Errors" (412).

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
    let r = sim.post(&format!("/virtual_machine/{id}/network_interface"), json!({"network_id": "1", "label": "eth9"})).await;
    assert_eq!(r.status, StatusCode::PRECONDITION_FAILED);
    assert!(r.errors_on("base")[0].contains("public network"));
}

#[tokio::test]
async fn adding_an_interface_is_201_when_offline_and_202_when_running() {
    let sim = Sim::new(40);
    let offline = sim.find_vm(|vm| vm["status"] == "offline" && vm["locked"] == 0).await;
    let nics = sim.get(&format!("/virtual_machine/{offline}/network_interfaces?network_id=2")).await.json();
    if let Some(private) = nics.as_array().unwrap().first() {
        sim.delete(&format!("/network_interface/{}", private["id"].as_str().unwrap())).await;
    }
    let r = sim.post(&format!("/virtual_machine/{offline}/network_interface"), json!({"network_id": 2, "label": "backend", "rate_limit": "0"})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let nic = r.json();
    assert_eq!((nic["label"].as_str(), nic["rate_limit"].as_u64(), nic["primary"].as_bool()), (Some("backend"), Some(0), Some(false)));
    assert_eq!(nic["virtual_machine_id"], offline);
    assert_eq!(sim.vm(&offline).await["locked"], 0);

    let online = sim.find_vm(|vm| vm["status"] == "online" && vm["locked"] == 0).await;
    let nics = sim.get(&format!("/virtual_machine/{online}/network_interfaces?public=0")).await.json();
    for nic in nics.as_array().unwrap() {
        sim.delete(&format!("/network_interface/{}", nic["id"].as_str().unwrap())).await;
        sim.settle().await;
    }
    let r = sim.post(&format!("/virtual_machine/{online}/network_interface"), json!({"network_id": "2", "primary": true})).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text);
    assert_eq!(sim.vm(&online).await["locked"], 1);
    sim.settle().await;
    let all = sim.get(&format!("/virtual_machine/{online}/network_interfaces")).await.json();
    let primaries: Vec<_> = all.as_array().unwrap().iter().filter(|n| n["primary"] == true).collect();
    assert_eq!(primaries.len(), 1, "a new primary demotes the old one");
    assert_eq!(primaries[0]["network_id"], "2");
    let bad = sim.post(&format!("/virtual_machine/{online}/network_interface"), json!({"network_id": "7", "rate_limit": "x"})).await;
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
    assert_eq!(ids(&sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()), ids(&of_vm));
    let labelled = sim.get(&format!("/virtual_machine/{vm}/network_interfaces?interface_label=eth0")).await.json();
    assert!(labelled.as_array().unwrap().iter().all(|n| n["label"] == "eth0"));
    let one = sim.get(&format!("/network_interface/{}", all_ids[0])).await;
    assert_eq!(one.json()["id"], all_ids[0].as_str());
    for field in ["id", "label", "network_id", "vlan", "primary", "rate_limit", "status", "virtual_machine_id", "default_firewall_policy", "mac_address"] {
        assert!(one.json().get(field).is_some(), "{field}");
    }
    assert_eq!(sim.get("/network_interface/424242").await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.get("/network_interfaces?public=perhaps").await.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn edit_interface_and_set_its_default_policy() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"].as_str().unwrap().to_owned();
    let path = format!("/network_interface/{nic}");
    let r = sim.put(&path, json!({"label": "uplink", "rate_limit": 250, "mac_address": "02:AA:bb:cc:dd:ee", "primary": 1})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let edited = r.json();
    assert_eq!((edited["label"].as_str(), edited["rate_limit"].as_u64()), (Some("uplink"), Some(250)));
    assert_eq!(edited["mac_address"], "02:aa:bb:cc:dd:ee");
    let policy = sim.put(&path, json!({"default_firewall_policy": "DROP"})).await;
    assert_eq!(policy.status, StatusCode::OK);
    assert_eq!(policy.json()["default_firewall_policy"], "DROP");
    let bad = sim.put(&path, json!({"mac_address": "01:00:5e:00:00:01", "default_firewall_policy": "REJECT", "rate_limit": "fast"})).await;
    for field in ["mac_address", "default_firewall_policy", "rate_limit"] {
        assert!(!bad.errors_on(field).is_empty(), "{field}: {}", bad.text);
    }
    let running = sim.online_vm().await;
    let running_nic = sim.get(&format!("/virtual_machine/{running}/network_interfaces")).await.json()[0]["id"].as_str().unwrap().to_owned();
    assert_eq!(sim.put(&format!("/network_interface/{running_nic}"), json!({"rate_limit": 10})).await.status, StatusCode::ACCEPTED);
}

#[tokio::test]
async fn deleting_an_interface_removes_its_addresses_and_rules() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"].as_str().unwrap().to_owned();
    sim.post(&format!("/network_interface/{nic}/firewall_rule"), json!({"command": "ACCEPT", "protocol": "TCP", "port": "22"})).await;
    let address = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json()[0]["address"].clone();
    let r = sim.delete(&format!("/network_interface/{nic}")).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(sim.get(&format!("/network_interface/{nic}")).await.status, StatusCode::NOT_FOUND);
    assert!(sim.get(&format!("/ip_addresses?ip={}", address.as_str().unwrap())).await.json().as_array().unwrap().is_empty());
    let rules = sim.get(&format!("/virtual_machine/{vm}/firewall_rules")).await.json();
    assert!(rules.as_array().unwrap().iter().all(|r| r["network_interface_id"] != nic.as_str()));
}

#[tokio::test]
async fn addresses_new_and_reserved_and_removing_the_last_one_removes_the_interface() {
    // OnApp's joins; the documented flat addresses are in generations.rs.
    let sim = Sim::with(common::onapp(20));
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces?network_id=1")).await.json()[0]["id"].as_str().unwrap().to_owned();
    let added = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({})).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text);
    let join = added.json();
    assert_eq!(join["network_interface_id"], nic.as_str());
    assert!(join["ip_address"]["address"].is_string(), "OnApp's join with the nested address");

    let account_ips = sim.get("/ip_addresses").await.json();
    let reserved = account_ips.as_array().unwrap().iter().find(|ip| ip["reserved"] == true && ip["free"] == true).unwrap().clone();
    let attach = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({"ip_address_id": reserved["id"]})).await;
    assert_eq!(attach.status, StatusCode::OK, "{}", attach.text);
    let twice = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({"ip_address_id": reserved["id"]})).await;
    assert!(twice.errors_on("ip_address_id")[0].contains("in use"));
    let not_reserved = join["ip_address_id"].clone();
    let r = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({"ip_address_id": not_reserved})).await;
    assert!(!r.errors_on("ip_address_id").is_empty());

    let by_ip = sim.get(&format!("/ip_addresses?ip={}", reserved["address"].as_str().unwrap())).await.json();
    assert_eq!(by_ip[0]["free"], false);
    assert_eq!(by_ip[0]["network_interface_id"], nic.as_str());

    // Remove every address: the last one takes the interface with it.
    let joins = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json();
    let joins = joins.as_array().unwrap().clone();
    for (i, join) in joins.iter().enumerate() {
        let r = sim.delete(&format!("/network_interface/{nic}/ip_address/{}", join["id"].as_str().unwrap())).await;
        assert_eq!(r.status, StatusCode::NO_CONTENT);
        let still_there = sim.get(&format!("/network_interface/{nic}")).await.status == StatusCode::OK;
        assert_eq!(still_there, i + 1 < joins.len());
    }
    let back = sim.get(&format!("/ip_addresses?ip={}", reserved["address"].as_str().unwrap())).await.json();
    assert_eq!(back[0]["free"], true, "a reserved address returns to the pool");
    assert_eq!(sim.delete(&format!("/network_interface/{nic}/ip_address/1")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn vm_address_list_filters() {
    let sim = Sim::new(40);
    let vm = sim.find_vm(|vm| vm["locked"] == 0 && vm["status"] != "unbuilt").await;
    let all = sim.get(&format!("/virtual_machine/{vm}/ip_addresses")).await.json();
    let public = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?public=1")).await.json();
    let private = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?network_id=2")).await.json();
    assert_eq!(all.as_array().unwrap().len(), public.as_array().unwrap().len() + private.as_array().unwrap().len());
}

#[tokio::test]
async fn firewall_rules_created_validated_and_filtered() {
    let sim = Sim::new(20);
    let vm = sim.offline_vm().await;
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"].as_str().unwrap().to_owned();
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
    assert_eq!(created[created.as_array().unwrap().len() - 3]["command"], "ACCEPT", "stored in capitals");
    let drops = sim.get(&format!("/network_interface/{nic}/firewall_rules?command=drop")).await.json();
    assert!(drops.as_array().unwrap().iter().all(|r| r["command"] == "DROP") && !drops.as_array().unwrap().is_empty());
    let by_port = sim.get(&format!("/virtual_machine/{vm}/firewall_rules?port=1000:2000")).await.json();
    assert_eq!(by_port.as_array().unwrap().len(), 1);
    let by_address = sim.get(&format!("/virtual_machine/{vm}/firewall_rules?address=10.0.0.0/8")).await.json();
    assert_eq!(by_address.as_array().unwrap().len(), 1);

    let bad = sim.post(&path, json!({"command": "REJECT", "protocol": "ICMP", "port": "70000", "address": "10.0.0"})).await;
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
    let nic = sim.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json()[0]["id"].as_str().unwrap().to_owned();
    let rules = format!("/network_interface/{nic}/firewall_rules");
    let before = sim.get(&rules).await.json().as_array().unwrap().len();
    let created = sim.post(&format!("/network_interface/{nic}/firewall_rule"), json!({"command": "ACCEPT", "protocol": "TCP", "port": "22"})).await.json();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(sim.get(&rules).await.json().as_array().unwrap().len(), before + 1);
    assert_eq!(sim.delete(&format!("/firewall_rule/{id}")).await.status, StatusCode::NO_CONTENT);
    let after = sim.get(&rules).await.json();
    assert_eq!(after.as_array().unwrap().len(), before);
    assert!(after.as_array().unwrap().iter().all(|r| r["id"] != id.as_str()));
    assert_eq!(sim.delete(&format!("/firewall_rule/{id}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.delete("/firewall_rule/x").await.status, StatusCode::NOT_FOUND);
}
