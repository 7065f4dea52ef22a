//! The account's disks (`provider-api.md` §4): listed and filtered, grown
//! (never shrunk), backed up automatically or not, mounted, moved between
//! VMs, formatted and deleted.

mod common;

use axum::http::StatusCode;
use common::generation::{id, items};
use common::Sim;
use serde_json::{json, Value};

async fn disks_of(sim: &Sim, vm: &str) -> Vec<Value> {
    items(sim.get(&format!("/disks?virtual_machine_id={vm}")).await.json())
}

/// An idle VM with `status` and a disk that `pred` accepts, and that disk.
async fn vm_with_disk(sim: &Sim, status: &str, pred: impl Fn(&Value) -> bool) -> (String, Value) {
    for vm in items(sim.get("/virtual_machines").await.json()) {
        if vm["status"] != status || vm["locked"] != 0 {
            continue;
        }
        if let Some(disk) = disks_of(sim, &id(&vm)).await.into_iter().find(|d| pred(d)) {
            return (id(&vm), disk);
        }
    }
    panic!("a {status} VM with such a disk");
}

#[tokio::test]
async fn disks_are_listed_filtered_and_shown() {
    let sim = Sim::new(20);
    let all = items(sim.get("/disks").await.json());
    let vms = items(sim.get("/virtual_machines").await.json());
    let mut from_vms = Vec::new();
    for vm in &vms {
        from_vms.extend(items(sim.get(&format!("/virtual_machine/{}/disks", id(vm))).await.json()));
    }
    assert_eq!(all, from_vms, "the VMs' disks, in the same shape");
    assert!(
        all.iter().any(|d| d["autobackup"] == true) && all.iter().any(|d| d["autobackup"] == false)
    );
    assert_eq!(items(sim.get("/disks?primary=1").await.json()).len(), vms.len());
    assert!(items(sim.get("/disks?primary=0").await.json())
        .iter()
        .all(|d| d["mount_point"] != "/"));
    let store = all[0]["data_store_id"].as_str().unwrap();
    let on_store = items(sim.get(&format!("/disks?data_store_id={store}")).await.json());
    assert!(!on_store.is_empty() && on_store.len() < all.len());
    assert!(on_store.iter().all(|d| d["data_store_id"] == store));
    assert_eq!(
        disks_of(&sim, "1002").await.len(),
        all.iter().filter(|d| d["virtual_machine_id"] == "1002").count()
    );
    assert_eq!(sim.get("/disks?primary=yes").await.errors_on("primary").len(), 1);
    assert_eq!(sim.get(&format!("/disk/{}", id(&all[0]))).await.json(), all[0]);
    assert_eq!(sim.get("/disk/1").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_disk_grows_but_never_shrinks_and_a_running_vm_needs_a_reboot() {
    let sim = Sim::new(20);
    let (vm, disk) = vm_with_disk(&sim, "offline", |d| d["mount_point"] == "/").await;
    let path = format!("/disk/{}", id(&disk));
    let size = disk["disk_size"].as_u64().unwrap();
    let smaller = sim.put(&path, json!({"disk_size": size - 1})).await;
    assert_eq!(smaller.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(smaller.errors_on("disk_size"), [format!("cannot be smaller than {size} GB")]);
    let same = sim.put(&path, json!({"disk": {"disk_size": size}})).await;
    assert_eq!(same.status, StatusCode::OK, "the same size is no change");
    assert_eq!(sim.vm(&vm).await["locked"], 0);
    let grown = sim.put(&path, json!({"disk_size": (size + 10).to_string()})).await;
    assert_eq!(grown.status, StatusCode::ACCEPTED, "{}", grown.text);
    assert_eq!(grown.json()["disk_size"], size + 10);
    assert_eq!(sim.vm(&vm).await["locked"], 1);
    let busy = sim.put(&path, json!({"disk_size": size + 20})).await;
    assert_eq!(busy.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(busy.errors_on("base")[0].contains("busy"));
    assert_eq!(sim.put(&path, json!({"disk_size": 5000})).await.errors_on("disk_size").len(), 1);

    let (running, disk) = vm_with_disk(&sim, "online", |d| d["mount_point"] == "/").await;
    let path = format!("/disk/{}", id(&disk));
    let bigger = disk["disk_size"].as_u64().unwrap() + 10;
    let refused = sim.put(&path, json!({"disk_size": bigger})).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(refused.errors_on("base")[0].contains("force_reboot"), "{}", refused.text);
    assert_eq!(sim.get(&path).await.json()["disk_size"], disk["disk_size"], "unchanged");
    let forced = sim.put(&path, json!({"disk_size": bigger, "force_reboot": "1"})).await;
    assert_eq!(forced.status, StatusCode::ACCEPTED, "{}", forced.text);
    assert_eq!(sim.vm(&running).await["locked"], 1);
    assert_eq!(sim.vm(&running).await["status"], "online");
}

#[tokio::test]
async fn autobackup_mount_point_and_fstab_change_at_once() {
    let sim = Sim::new(20);
    let (vm, disk) = vm_with_disk(&sim, "online", |d| d["mount_point"] == "/").await;
    let path = format!("/disk/{}", id(&disk));
    let on = disk["autobackup"] == true;
    for (value, expected) in [(json!(if on { "0" } else { "1" }), !on), (json!(on), on)] {
        let r = sim.put(&path, json!({"autobackup": value})).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        assert_eq!(r.json()["autobackup"], expected);
        assert_eq!(sim.get(&path).await.json()["autobackup"], expected);
    }
    assert_eq!(sim.vm(&vm).await["locked"], 0, "not queued");
    assert_eq!(
        sim.put(&path, json!({"autobackup": "sometimes"})).await.errors_on("autobackup").len(),
        1
    );

    let mounted = sim.put(&path, json!({"mount_point": "/srv", "add_to_linux_fstab": "0"})).await;
    assert_eq!(mounted.status, StatusCode::OK);
    assert_eq!(
        (mounted.json()["mount_point"].clone(), mounted.json()["add_to_linux_fstab"].clone()),
        (json!("/srv"), json!(false))
    );
    let unmounted = sim.put(&path, json!({"mount_point": ""})).await.json();
    assert!(unmounted["mount_point"].is_null());
    let relative = sim.put(&path, json!({"mount_point": "srv"})).await;
    assert_eq!(relative.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!relative.errors_on("mount_point").is_empty());

    let (_, swap) = vm_with_disk(&sim, "offline", |d| d["is_swap"] == true).await;
    let on_swap = sim.put(&format!("/disk/{}", id(&swap)), json!({"mount_point": "/swap"})).await;
    assert_eq!(on_swap.errors_on("mount_point"), ["is not allowed on a swap disk"]);
}

#[tokio::test]
async fn a_disk_is_formatted_deleted_or_moved_with_its_vm_busy() {
    let sim = Sim::new(20);
    let (vm, swap) = vm_with_disk(&sim, "offline", |d| d["is_swap"] == true).await;
    let format = sim.post(&format!("/disk/{}/build", id(&swap)), json!({})).await;
    assert_eq!(format.status, StatusCode::ACCEPTED, "{}", format.text);
    assert_eq!(format.json()["locked"], 1);
    assert_eq!(sim.vm(&vm).await["locked"], 1);
    let again = sim.post(&format!("/disk/{}/build", id(&swap)), json!({})).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    sim.settle().await;

    let primary = disks_of(&sim, &vm).await.into_iter().find(|d| d["mount_point"] == "/").unwrap();
    let refused = sim.delete(&format!("/disk/{}", id(&primary))).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    let to_other =
        sim.put(&format!("/disk/{}", id(&primary)), json!({"virtual_machine_id": "1001"})).await;
    assert!(!to_other.errors_on("virtual_machine_id").is_empty(), "the system disk stays");

    // The swap disk moves to another idle VM: the same disk, both VMs busy.
    let (target, _) = vm_with_disk(&sim, "offline", |_| true).await;
    let target = if target == vm {
        let vms = items(sim.get("/virtual_machines?status=offline&locked=0").await.json());
        id(vms.iter().find(|v| id(v) != vm).unwrap())
    } else {
        target
    };
    let moved =
        sim.put(&format!("/disk/{}", id(&swap)), json!({"virtual_machine_id": target})).await;
    assert_eq!(moved.status, StatusCode::ACCEPTED, "{}", moved.text);
    assert_eq!(moved.json()["virtual_machine_id"], target.as_str());
    assert!(disks_of(&sim, &target).await.iter().any(|d| d["id"] == swap["id"]));
    assert!(!disks_of(&sim, &vm).await.iter().any(|d| d["id"] == swap["id"]));
    assert_eq!(
        (sim.vm(&vm).await["locked"].clone(), sim.vm(&target).await["locked"].clone()),
        (json!(1), json!(1))
    );
    let nowhere = sim.put(&format!("/disk/{}", id(&swap)), json!({"virtual_machine_id": 1})).await;
    assert_eq!(
        nowhere.errors_on("virtual_machine_id"),
        ["is not a virtual machine of this account"]
    );
    sim.settle().await;

    let deleted = sim.delete(&format!("/disk/{}", id(&swap))).await;
    assert_eq!(deleted.status, StatusCode::ACCEPTED);
    assert!(deleted.text.is_empty());
    assert_eq!(sim.vm(&target).await["locked"], 1);
    assert_eq!(sim.get(&format!("/disk/{}", id(&swap))).await.status, StatusCode::NOT_FOUND);
}
