//! An interface's addresses: new and reserved ones added, the last one
//! removed with its interface, and the filters of a VM's address list.

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::json;

#[tokio::test]
async fn addresses_new_and_reserved_and_removing_the_last_one_removes_the_interface() {
    // OnApp's joins; the documented flat addresses are in generations_addresses.rs.
    let sim = Sim::with(common::onapp(20));
    let vm = sim.offline_vm().await;
    let nic =
        sim.get(&format!("/virtual_machine/{vm}/network_interfaces?network_id=1")).await.json()[0]
            ["id"]
            .as_str()
            .unwrap()
            .to_owned();
    let added = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({})).await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text);
    let join = added.json();
    assert_eq!(join["network_interface_id"], nic.as_str());
    assert!(join["ip_address"]["address"].is_string(), "OnApp's join with the nested address");

    let account_ips = sim.get("/ip_addresses").await.json();
    let reserved = account_ips
        .as_array()
        .unwrap()
        .iter()
        .find(|ip| ip["reserved"] == true && ip["free"] == true)
        .unwrap()
        .clone();
    let attach = sim
        .post(
            &format!("/network_interface/{nic}/ip_address"),
            json!({"ip_address_id": reserved["id"]}),
        )
        .await;
    assert_eq!(attach.status, StatusCode::OK, "{}", attach.text);
    let twice = sim
        .post(
            &format!("/network_interface/{nic}/ip_address"),
            json!({"ip_address_id": reserved["id"]}),
        )
        .await;
    assert!(twice.errors_on("ip_address_id")[0].contains("in use"));
    let not_reserved = join["ip_address_id"].clone();
    let r = sim
        .post(
            &format!("/network_interface/{nic}/ip_address"),
            json!({"ip_address_id": not_reserved}),
        )
        .await;
    assert!(!r.errors_on("ip_address_id").is_empty());

    let by_ip = sim
        .get(&format!("/ip_addresses?ip={}", reserved["address"].as_str().unwrap()))
        .await
        .json();
    assert_eq!(by_ip[0]["free"], false);
    assert_eq!(by_ip[0]["network_interface_id"], nic.as_str());

    // Remove every address: the last one takes the interface with it.
    let joins =
        sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json();
    let joins = joins.as_array().unwrap().clone();
    for (i, join) in joins.iter().enumerate() {
        let r = sim
            .delete(&format!(
                "/network_interface/{nic}/ip_address/{}",
                join["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(r.status, StatusCode::NO_CONTENT);
        let still_there =
            sim.get(&format!("/network_interface/{nic}")).await.status == StatusCode::OK;
        assert_eq!(still_there, i + 1 < joins.len());
    }
    let back = sim
        .get(&format!("/ip_addresses?ip={}", reserved["address"].as_str().unwrap()))
        .await
        .json();
    assert_eq!(back[0]["free"], true, "a reserved address returns to the pool");
    assert_eq!(
        sim.delete(&format!("/network_interface/{nic}/ip_address/1")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn vm_address_list_filters() {
    let sim = Sim::new(40);
    let vm = sim.find_vm(|vm| vm["locked"] == 0 && vm["status"] != "unbuilt").await;
    let all = sim.get(&format!("/virtual_machine/{vm}/ip_addresses")).await.json();
    let public = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?public=1")).await.json();
    let private = sim.get(&format!("/virtual_machine/{vm}/ip_addresses?network_id=2")).await.json();
    assert_eq!(
        all.as_array().unwrap().len(),
        public.as_array().unwrap().len() + private.as_array().unwrap().len()
    );
}
