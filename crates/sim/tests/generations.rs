//! `--generation documented|onapp|oldest` (`provider-api.md` §3): the
//! shapes of VMs, addresses, disks and snapshots, removing an address, the
//! lock a moment after a 202, a busy VM refused, the create answer and
//! `POST /token`.

mod common;

use axum::http::{Method, StatusCode};
use common::Sim;
use serde_json::{json, Value};
use std::time::Duration;
use vmdeck_sim::config::{parse, Command, Config, Generation};

const ALL: [Generation; 3] = [Generation::Documented, Generation::Onapp, Generation::Oldest];

fn sim(generation: Generation, vms: usize) -> Sim {
    Sim::with(Config { generation, ..common::config(vms) })
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().unwrap_or_else(|| panic!("an object: {value}")).keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

fn sorted(mut names: Vec<&str>) -> Vec<&str> {
    names.sort_unstable();
    names
}

fn items(value: Value) -> Vec<Value> {
    value.as_array().unwrap_or_else(|| panic!("a list: {value}")).clone()
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap_or_else(|| panic!("an id: {value}")).to_owned()
}

const FLAT_ADDRESS: [&str; 8] = ["address", "created_at", "gateway", "id", "interface_id", "netmask", "network_id", "updated_at"];

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
        let address = if onapp { address["ip_address"]["address"].clone() } else { address["address"].clone() };
        if onapp {
            assert_eq!(vm["ip_addresses"][0]["ip_address"]["address"], address);
        }
        let found = items(sim.get(&format!("/virtual_machines?ip_address={}", address.as_str().unwrap())).await.json());
        assert_eq!(found.iter().map(id).collect::<Vec<_>>(), ["1001"], "{generation:?}: the address filter");
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
            assert!(of_vm[0]["ip_address_id"].is_string() && of_vm[0]["ip_address"]["address"].is_string());
            assert!(free.get("network_interface_id").is_some() && free.get("interface_id").is_none());
            continue;
        }
        assert_eq!(keys(&of_vm[0]), FLAT_ADDRESS, "{generation:?}");
        assert_eq!(of_vm[0]["interface_id"], nic.as_str());
        let attached = account.iter().find(|ip| ip["id"] == of_vm[0]["id"]).unwrap();
        let account_shape = sorted([&FLAT_ADDRESS[..], &["free", "reserved"][..]].concat());
        assert_eq!(keys(attached), account_shape, "{generation:?}");
        assert_eq!((attached["interface_id"].as_str(), attached["free"].as_bool()), (Some(nic.as_str()), Some(false)));
        assert_eq!((free["interface_id"].clone(), free["reserved"].clone()), (Value::Null, json!(true)));
        let public = items(sim.get("/virtual_machine/1001/ip_addresses?public=1").await.json());
        assert!(!public.is_empty() && public.iter().all(|ip| ip["network_id"] == "1"), "filters as before");
    }
}

/// An offline VM, its first interface and that one's address: the join's id
/// (read in OnApp's shapes, of the same seeded data) and the address's.
async fn first_address() -> (String, String, String, String) {
    let onapp = Sim::with(common::onapp(12));
    let vm = onapp.offline_vm().await;
    let nic = id(&items(onapp.get(&format!("/virtual_machine/{vm}/network_interfaces")).await.json())[0]);
    let join = items(onapp.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json())[0].clone();
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
            assert_eq!(by_join.status, StatusCode::NOT_FOUND, "{generation:?}: a join's id is not an address's");
            assert!(by_join.errors_on("base")[0].contains("IP address on this interface"));
            let by_address = sim.delete(&format!("/network_interface/{nic}/ip_address/{address}")).await;
            assert_eq!(by_address.status, StatusCode::NO_CONTENT);
        }
        let left = items(sim.get(&format!("/virtual_machine/{vm}/ip_addresses?interface_id={nic}")).await.json());
        assert_eq!(left.len(), 1, "{generation:?}: the new address stays");
        let new_id = if generation == Generation::Onapp { left[0]["ip_address_id"].clone() } else { left[0]["id"].clone() };
        let again = sim.delete(&format!("/network_interface/{nic}/ip_address/{}", new_id.as_str().unwrap())).await;
        assert_eq!(again.status, StatusCode::NO_CONTENT, "{generation:?}: by the address's id");
    }
}

#[tokio::test]
async fn disks_without_primary_or_label_in_documented() {
    let documented = sim(Generation::Documented, 12);
    let onapp = sim(Generation::Onapp, 12);
    let shape = sorted(vec![
        "id", "virtual_machine_id", "disk_size", "is_swap", "mount_point", "add_to_linux_fstab", "data_store_group_id",
        "data_store_id", "status", "locked", "error", "autobackup", "created_at", "updated_at",
    ]);
    for vm in 1001..=1012 {
        let linux = documented.vm(&vm.to_string()).await["operating_system"] != "windows";
        let disks = items(documented.get(&format!("/virtual_machine/{vm}/disks")).await.json());
        let system: Vec<&Value> = disks.iter().filter(|d| matches!(d["mount_point"].as_str(), Some("/" | "C:"))).collect();
        assert_eq!(system.len(), 1, "VM {vm}: one system disk");
        for disk in &disks {
            assert_eq!(keys(disk), shape, "VM {vm}");
            assert_eq!(disk["add_to_linux_fstab"], linux && disk["is_swap"] == false, "VM {vm}");
            assert!(disk["is_swap"] == false || disk["mount_point"].is_null(), "swap is not mounted");
        }
        let onapp_disks = items(onapp.get(&format!("/virtual_machine/{vm}/disks")).await.json());
        assert_eq!(onapp_disks[0]["primary"], true);
        assert!(onapp_disks[0]["label"].is_string() && onapp_disks[0].get("data_store_id").is_none());
    }
}

fn create_body(template: &str) -> Value {
    json!({
        "label": "New", "hostname": "new-01", "memory": "1024", "cpus": "1", "primary_disk_size": "20",
        "template_id": template, "swap_disk_size": "1", "secondary_disk_size": ["50"],
    })
}

#[tokio::test]
async fn created_and_cloned_vms_have_their_system_disk_mounted() {
    let sim = sim(Generation::Documented, 2);
    let mounts = |disks: Value| items(disks).iter().map(|d| d["mount_point"].as_str().map(str::to_owned)).collect::<Vec<_>>();
    let some = |m: &str| Some(m.to_owned());
    for (template, expected) in [("1", vec![some("/"), None, None]), ("4", vec![some("C:"), None])] {
        let created = id(&sim.post("/virtual_machine", create_body(template)).await.json());
        assert_eq!(mounts(sim.get(&format!("/virtual_machine/{created}/disks")).await.json()), expected, "template {template}");
        sim.settle().await;
        let clone = sim.post(&format!("/virtual_machine/{created}/clone"), json!({"hostname": "copy-01", "label": "Copy"})).await;
        assert_eq!(clone.status, StatusCode::ACCEPTED, "{}", clone.text);
        let clone_disks = sim.get(&format!("/virtual_machine/{}/disks", id(&clone.json()))).await.json();
        assert_eq!(mounts(clone_disks), expected, "clone of template {template}");
    }
}

#[tokio::test]
async fn snapshots_locked_failed_or_in_use_in_documented() {
    let documented = sim(Generation::Documented, 12);
    let onapp = sim(Generation::Onapp, 12);
    let (mut failed, mut healthy) = (Vec::new(), Vec::new());
    for vm in 1001..=1012 {
        let snapshots = items(documented.get(&format!("/virtual_machine/{vm}/snapshots")).await.json());
        for snapshot in &snapshots {
            assert_eq!(keys(snapshot), ["error", "id", "identifier", "in_use", "label", "locked", "virtual_machine_id"]);
            let uuid = snapshot["identifier"].as_str().unwrap();
            let groups: Vec<usize> = uuid.split('-').map(str::len).collect();
            assert_eq!(groups, [8, 4, 4, 4, 12], "{uuid}");
            assert!(uuid.chars().all(|c| c == '-' || c.is_ascii_hexdigit()), "{uuid}");
            assert!(!(snapshot["error"] == 1 && snapshot["in_use"] == 1), "never both");
            assert_eq!(snapshot["locked"], 0);
        }
        if snapshots.iter().any(|s| s["error"] == 1) {
            failed.push(vm);
        } else if snapshots.iter().any(|s| s["error"] == 0) {
            healthy.push(vm);
        }
        let again = documented.get(&format!("/virtual_machine/{vm}/snapshots")).await.json();
        assert_eq!(Value::Array(snapshots), again, "stable");
        for snapshot in items(onapp.get(&format!("/virtual_machine/{vm}/snapshots")).await.json()) {
            assert!(snapshot["size"].is_u64() && snapshot["status"] == "built" && snapshot.get("identifier").is_none());
        }
    }
    assert!(!failed.is_empty() && !healthy.is_empty(), "failed: {failed:?}, healthy: {healthy:?}");
}

const DELAY_MS: u64 = 400;

#[tokio::test]
async fn documented_locks_a_moment_after_the_202() {
    let sim = Sim::with(Config { lock_delay: Some(Duration::from_millis(DELAY_MS)), op_time: Duration::from_millis(400), ..common::config(3) });
    let before = sim.vm("1001").await;
    assert_eq!((before["status"].as_str(), before["locked"].as_u64()), (Some("online"), Some(0)));
    assert_eq!(sim.post("/virtual_machine/1001/reboot", json!({})).await.status, StatusCode::ACCEPTED);
    let pending = sim.vm("1001").await;
    assert_eq!(pending["locked"], 0, "not locked yet");
    assert_eq!(pending["updated_at"], before["updated_at"], "unchanged until the lock begins");
    let second = sim.post("/virtual_machine/1001/reboot", json!({})).await;
    assert_eq!(second.status, StatusCode::UNPROCESSABLE_ENTITY, "not queued, even before the lock");
    assert!(items(sim.get("/virtual_machines?locked=1").await.json()).iter().all(|vm| vm["id"] != "1001"));
    tokio::time::sleep(Duration::from_millis(DELAY_MS + 200)).await;
    let locked = sim.vm("1001").await;
    assert_eq!(locked["locked"], 1);
    assert_ne!(locked["updated_at"], before["updated_at"], "changed when the lock began");
    assert_eq!(items(sim.get("/virtual_machine/1001/disks").await.json())[0]["locked"], 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let done = sim.vm("1001").await;
    assert_eq!((done["locked"].as_u64(), done["status"].as_str()), (Some(0), Some("online")));
}

#[tokio::test]
async fn the_default_delay_is_the_generations() {
    for (generation, locked_at_once) in [(Generation::Documented, 0), (Generation::Onapp, 1), (Generation::Oldest, 0)] {
        let sim = Sim::with(Config { generation, lock_delay: None, ..common::config(200) });
        let busy_from_the_seed = items(sim.get("/virtual_machines?locked=1").await.json());
        assert!(!busy_from_the_seed.is_empty(), "{generation:?}: seeded busy VMs are locked at once");
        assert_eq!(sim.post("/virtual_machine/1001/reboot", json!({})).await.status, StatusCode::ACCEPTED);
        assert_eq!(sim.vm("1001").await["locked"], locked_at_once, "{generation:?}");
    }
}

#[tokio::test]
async fn a_busy_vm_is_403_in_onapp_and_422_in_documented() {
    for (generation, status) in [(Generation::Onapp, StatusCode::FORBIDDEN), (Generation::Documented, StatusCode::UNPROCESSABLE_ENTITY)] {
        let sim = sim(generation, 3);
        assert_eq!(sim.post("/virtual_machine/1001/reboot", json!({})).await.status, StatusCode::ACCEPTED);
        let refused = sim.put("/virtual_machine/1001", json!({"status": "offline"})).await;
        assert_eq!(refused.status, status, "{generation:?}");
        assert!(refused.errors_on("base")[0].contains("busy"));
    }
}

#[tokio::test]
async fn oldest_answers_a_create_with_the_vm_as_resource() {
    for generation in ALL {
        let created = sim(generation, 1).post("/virtual_machine", create_body("1")).await;
        assert_eq!(created.status, StatusCode::ACCEPTED, "{}", created.text);
        let body = created.json();
        let vm = if generation == Generation::Oldest {
            assert_eq!(keys(&body), ["queue_token", "resource"]);
            assert!(body["queue_token"].is_string());
            assert!(body["resource"].get("queue_token").is_none());
            body["resource"].clone()
        } else {
            assert!(body["queue_token"].is_string(), "{generation:?}");
            body
        };
        assert_eq!((vm["status"].as_str(), vm["hostname"].as_str()), (Some("unbuilt"), Some("new-01")));
        assert_eq!(vm.get("ip_addresses").is_some(), generation == Generation::Onapp);
    }
}

#[tokio::test]
async fn post_token_and_both_authorization_forms_in_every_generation() {
    for generation in ["documented", "onapp", "oldest"] {
        let args = ["--vms", "1", "--generation", generation].map(str::to_owned);
        let Ok(Command::Run(config)) = parse(args) else { panic!("{generation}") };
        let sim = Sim::with(config);
        let login = json!({"login": "demo@example.com", "password": "demo-password"}).to_string();
        let body = sim.call(Method::POST, "/api/token", None, Some(&login)).await.json();
        assert_eq!(body["refresh_token"].is_string(), generation != "oldest", "{generation}: {body}");
        assert_eq!(body["expires"].is_string(), generation == "oldest", "{generation}");
        let token = body["token"].as_str().unwrap();
        for authorization in [format!("Bearer {token}"), token.to_owned(), "demo-token".to_owned()] {
            let r = sim.call(Method::GET, "/api/account/1/virtual_machines", Some(&authorization), None).await;
            assert_eq!(r.status, StatusCode::OK, "{generation}: {authorization}");
        }
    }
}
