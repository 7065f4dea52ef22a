//! Disks and snapshots in each `--generation` (as the provider documents it): the
//! documented shapes, the system disk mounted on created and cloned VMs, and
//! snapshots locked, failed or in use.

mod common;

use axum::http::StatusCode;
use common::generation::{create_body, id, items, keys, sim, sorted};
use serde_json::{json, Value};
use vmdeck_sim::config::Generation;

#[tokio::test]
async fn disks_without_primary_or_label_in_documented() {
    let documented = sim(Generation::Documented, 12);
    let onapp = sim(Generation::Onapp, 12);
    let shape = sorted(vec![
        "id",
        "virtual_machine_id",
        "disk_size",
        "is_swap",
        "mount_point",
        "add_to_linux_fstab",
        "data_store_group_id",
        "data_store_id",
        "status",
        "locked",
        "error",
        "autobackup",
        "created_at",
        "updated_at",
    ]);
    for vm in 1001..=1012 {
        let linux = documented.vm(&vm.to_string()).await["operating_system"] != "windows";
        let disks = items(documented.get(&format!("/virtual_machine/{vm}/disks")).await.json());
        let system: Vec<&Value> = disks
            .iter()
            .filter(|d| matches!(d["mount_point"].as_str(), Some("/" | "C:")))
            .collect();
        assert_eq!(system.len(), 1, "VM {vm}: one system disk");
        for disk in &disks {
            assert_eq!(keys(disk), shape, "VM {vm}");
            assert_eq!(disk["add_to_linux_fstab"], linux && disk["is_swap"] == false, "VM {vm}");
            assert!(
                disk["is_swap"] == false || disk["mount_point"].is_null(),
                "swap is not mounted"
            );
        }
        let onapp_disks = items(onapp.get(&format!("/virtual_machine/{vm}/disks")).await.json());
        assert_eq!(onapp_disks[0]["primary"], true);
        assert!(
            onapp_disks[0]["label"].is_string() && onapp_disks[0].get("data_store_id").is_none()
        );
    }
}

#[tokio::test]
async fn created_and_cloned_vms_have_their_system_disk_mounted() {
    let sim = sim(Generation::Documented, 2);
    let mounts = |disks: Value| {
        items(disks)
            .iter()
            .map(|d| d["mount_point"].as_str().map(str::to_owned))
            .collect::<Vec<_>>()
    };
    let some = |m: &str| Some(m.to_owned());
    for (template, expected) in [("1", vec![some("/"), None, None]), ("4", vec![some("C:"), None])]
    {
        let created = id(&sim.post("/virtual_machine", create_body(template)).await.json());
        assert_eq!(
            mounts(sim.get(&format!("/virtual_machine/{created}/disks")).await.json()),
            expected,
            "template {template}"
        );
        sim.settle().await;
        let clone = sim
            .post(
                &format!("/virtual_machine/{created}/clone"),
                json!({"hostname": "copy-01", "label": "Copy"}),
            )
            .await;
        assert_eq!(clone.status, StatusCode::ACCEPTED, "{}", clone.text);
        let clone_disks =
            sim.get(&format!("/virtual_machine/{}/disks", id(&clone.json()))).await.json();
        assert_eq!(mounts(clone_disks), expected, "clone of template {template}");
    }
}

#[tokio::test]
async fn snapshots_locked_failed_or_in_use_in_documented() {
    let documented = sim(Generation::Documented, 12);
    let onapp = sim(Generation::Onapp, 12);
    let (mut failed, mut healthy) = (Vec::new(), Vec::new());
    for vm in 1001..=1012 {
        let snapshots =
            items(documented.get(&format!("/virtual_machine/{vm}/snapshots")).await.json());
        for snapshot in &snapshots {
            assert_eq!(
                keys(snapshot),
                ["error", "id", "identifier", "in_use", "label", "locked", "virtual_machine_id"]
            );
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
            assert!(
                snapshot["size"].is_u64()
                    && snapshot["status"] == "built"
                    && snapshot.get("identifier").is_none()
            );
        }
    }
    assert!(!failed.is_empty() && !healthy.is_empty(), "failed: {failed:?}, healthy: {healthy:?}");
}
