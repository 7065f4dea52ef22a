//! Addresses in each `--generation` (as the provider documents it): listed with a
//! VM only in OnApp, flat or OnApp's joins, and an address added and removed
//! by its own id.

mod common;

use axum::http::StatusCode;
use common::generation::{id, items, keys, sim, sorted, ALL};
use common::Sim;
use serde_json::{json, Value};
use vmdeck_sim::config::Generation;

const FLAT_ADDRESS: [&str; 8] = [
    "address",
    "created_at",
    "gateway",
    "id",
    "interface_id",
    "netmask",
    "network_id",
    "updated_at",
];

#[tokio::test]
async fn a_vm_lists_its_addresses_only_in_onapp() {
    for generation in ALL {
        let sim = sim(generation, 3);
        let vm = sim.vm("1001").await;
        let listed = &sim.get("/virtual_machines").await.json()[0];
        let onapp = generation == Generation::Onapp;
        assert_eq!(vm.get("ip_addresses").is_some(), onapp, "{generation:?}: {vm}");
        assert_eq!(listed.get("ip_addresses").is_some(), onapp, "{generation:?}");
        let address = items(sim.get("/virtual_machine/1001/ip_addresses").await.json())[0].clone();
        let address = if onapp {
            address["ip_address"]["address"].clone()
        } else {
            address["address"].clone()
        };
        if onapp {
            assert_eq!(vm["ip_addresses"][0]["ip_address"]["address"], address);
        }
        let found = items(
            sim.get(&format!("/virtual_machines?ip_address={}", address.as_str().unwrap()))
                .await
                .json(),
        );
        assert_eq!(
            found.iter().map(id).collect::<Vec<_>>(),
            ["1001"],
            "{generation:?}: the address filter"
        );
    }
}

#[tokio::test]
async fn addresses_flat_in_documented_and_oldest_joins_in_onapp() {
    for generation in ALL {
        let sim = sim(generation, 3);
        let of_vm = items(sim.get("/virtual_machine/1001/ip_addresses").await.json());
        let nic = id(&items(sim.get("/virtual_machine/1001/network_interfaces").await.json())[0]);
        let account = items(sim.get("/ip_addresses").await.json());
        let free = account.iter().find(|ip| ip["free"] == true).unwrap();
        if generation == Generation::Onapp {
            assert!(
                of_vm[0]["ip_address_id"].is_string()
                    && of_vm[0]["ip_address"]["address"].is_string()
            );
            assert!(
                free.get("network_interface_id").is_some() && free.get("interface_id").is_none()
            );
            continue;
        }
        assert_eq!(keys(&of_vm[0]), FLAT_ADDRESS, "{generation:?}");
        assert_eq!(of_vm[0]["interface_id"], nic.as_str());
        let attached = account.iter().find(|ip| ip["id"] == of_vm[0]["id"]).unwrap();
        let account_shape = sorted([&FLAT_ADDRESS[..], &["free", "reserved"][..]].concat());
        assert_eq!(keys(attached), account_shape, "{generation:?}");
        assert_eq!(
            (attached["interface_id"].as_str(), attached["free"].as_bool()),
            (Some(nic.as_str()), Some(false))
        );
        assert_eq!(
            (free["interface_id"].clone(), free["reserved"].clone()),
            (Value::Null, json!(true))
        );
        let public = items(sim.get("/virtual_machine/1001/ip_addresses?public=1").await.json());
        assert!(
            !public.is_empty() && public.iter().all(|ip| ip["network_id"] == "1"),
            "filters as before"
        );
    }
}

/// An offline VM, its first interface and that one's address: the join's id
/// (read in OnApp's shapes, of the same seeded data) and the address's.
async fn first_address() -> (String, String, String, String) {
    let onapp = Sim::with(common::onapp(12));
    let vm = onapp.offline_vm().await;
    let nic =
        id(&items(onapp.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json())[0]);
    let join = items(
        onapp.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json(),
    )[0]
    .clone();
    (vm, nic, id(&join), join["ip_address_id"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn an_address_is_added_flat_and_removed_by_its_own_id() {
    let (vm, nic, join, address) = first_address().await;
    assert_ne!(join, address);
    for generation in ALL {
        let sim = sim(generation, 12);
        let added = sim.post(&format!("/network_interface/{nic}/ip_address"), json!({})).await;
        assert_eq!(added.status, StatusCode::OK, "{}", added.text);
        let by_join = sim.delete(&format!("/network_interface/{nic}/ip_address/{join}")).await;
        if generation == Generation::Onapp {
            assert!(added.json()["ip_address"]["address"].is_string(), "the join");
            assert_eq!(by_join.status, StatusCode::NO_CONTENT, "OnApp takes a join's id");
        } else {
            assert_eq!(keys(&added.json()), FLAT_ADDRESS, "{generation:?}");
            assert_eq!(added.json()["interface_id"], nic.as_str());
            assert_eq!(
                by_join.status,
                StatusCode::NOT_FOUND,
                "{generation:?}: a join's id is not an address's"
            );
            assert!(by_join.errors_on("base")[0].contains("IP address on this interface"));
            let by_address =
                sim.delete(&format!("/network_interface/{nic}/ip_address/{address}")).await;
            assert_eq!(by_address.status, StatusCode::NO_CONTENT);
        }
        let left = items(
            sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json(),
        );
        assert_eq!(left.len(), 1, "{generation:?}: the new address stays");
        let new_id = if generation == Generation::Onapp {
            left[0]["ip_address_id"].clone()
        } else {
            left[0]["id"].clone()
        };
        let again = sim
            .delete(&format!("/network_interface/{nic}/ip_address/{}", new_id.as_str().unwrap()))
            .await;
        assert_eq!(again.status, StatusCode::NO_CONTENT, "{generation:?}: by the address's id");
    }
}
