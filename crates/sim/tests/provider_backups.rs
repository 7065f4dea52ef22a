//! The provider's backups (`provider-api.md` §4): seeded without touching
//! the seeded values, listed and filtered, restored (the VM and the backup
//! locked meanwhile), made into templates, deleted, and kept after their VM.

mod common;

use axum::http::StatusCode;
use common::generation::{id, items, keys};
use common::Sim;
use serde_json::{json, Value};
use vmdeck_core::backup::{Backup, BackupKind, BackupState};

const FIELDS: [&str; 10] = [
    "backup_size",
    "backup_type",
    "date_created",
    "disk_id",
    "id",
    "locked",
    "operating_system",
    "operating_system_distro",
    "status",
    "template_id",
];

/// A backup of `vm`'s disks in the given status.
async fn backup_of(sim: &Sim, vm: &str, status: &str) -> Value {
    let disks = items(sim.get(&format!("/virtual_machine/{vm}/disks")).await.json());
    let backups = items(sim.get("/backups").await.json());
    backups
        .into_iter()
        .find(|b| b["status"] == status && disks.iter().any(|d| d["id"] == b["disk_id"]))
        .unwrap_or_else(|| panic!("a {status} backup of VM {vm}"))
}

#[tokio::test]
async fn seeded_backups_are_automatic_and_by_hand_decoded_and_stable() {
    let sim = Sim::new(30);
    let list = sim.get("/backups").await;
    assert_eq!(list.status, StatusCode::OK);
    let all = items(list.json());
    for b in &all {
        assert_eq!(keys(b), FIELDS);
        assert!(b["backup_size"].is_f64() && b["locked"] == 0, "{b}");
    }
    let vms = items(sim.get("/virtual_machines").await.json());
    for (i, vm) in vms.iter().enumerate() {
        let primary =
            items(sim.get(&format!("/disks?virtual_machine_id={}&primary=1", id(vm))).await.json());
        let of = |kind: &str| {
            all.iter()
                .filter(|b| b["disk_id"] == primary[0]["id"] && b["backup_type"] == kind)
                .count()
        };
        let built = vm["status"] != "unbuilt";
        assert_eq!(of("gigas-automatic"), if built { 2 } else { 0 }, "VM {}", id(vm));
        assert_eq!(of("gigas"), usize::from(built && i % 3 == 0), "VM {}", id(vm));
    }
    let decoded = Backup::list_from_json(&list.json()).unwrap();
    assert_eq!(decoded.len(), all.len());
    assert!(decoded.iter().any(|b| b.kind == BackupKind::Manual));
    assert!(decoded.iter().any(|b| b.state() == BackupState::Failed));
    assert!(decoded.iter().any(|b| b.state() == BackupState::Ready));
    assert!(decoded.iter().all(|b| b.size.is_some_and(|s| s > 0.0) && b.created_at.is_some()));
    // The same seed, the same backups; and the VMs are as they were without them.
    assert_eq!(Sim::new(30).get("/backups").await.json(), list.json());
    assert_eq!(vms[0]["hostname"], Sim::new(30).vm("1001").await["hostname"]);

    let one = &all[0];
    assert_eq!(sim.get(&format!("/backup/{}", id(one))).await.json(), *one);
    assert_eq!(sim.get("/backup/1").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn backups_are_filtered() {
    let sim = Sim::new(30);
    let all = items(sim.get("/backups").await.json());
    let disk = all[0]["disk_id"].as_str().unwrap();
    let on_disk = items(sim.get(&format!("/backups?disk_id={disk}")).await.json());
    assert!(!on_disk.is_empty() && on_disk.iter().all(|b| b["disk_id"] == disk));
    let windows = items(sim.get("/backups?operating_system=windows").await.json());
    assert!(windows.iter().all(|b| b["operating_system"] == "windows"));
    let distro = items(sim.get("/backups?operating_system_distro=debian%2012").await.json());
    assert!(
        !distro.is_empty() && distro.iter().all(|b| b["operating_system_distro"] == "Debian 12")
    );
    let disks = items(sim.get("/disks").await.json());
    let size_of = |b: &Value| {
        disks
            .iter()
            .find(|d| d["id"] == b["disk_id"])
            .and_then(|d| d["disk_size"].as_u64())
            .unwrap()
    };
    let big = items(sim.get("/backups?min_disk_size=80").await.json());
    assert!(!big.is_empty() && big.len() < all.len());
    assert!(big.iter().all(|b| size_of(b) >= 80));
    assert_eq!(items(sim.get("/backups?locked=0&min_disk_size=").await.json()).len(), all.len());
    assert!(items(sim.get("/backups?locked=1").await.json()).is_empty());
    assert_eq!(sim.get("/backups?min_disk_size=big").await.errors_on("min_disk_size").len(), 1);
    assert_eq!(sim.get("/backups?locked=maybe").await.errors_on("locked").len(), 1);
}

#[tokio::test]
async fn a_restore_locks_the_vm_and_the_backup_until_it_ends() {
    let sim = Sim::new(30);
    let vm = "1001";
    let backup = id(&backup_of(&sim, vm, "built").await);
    let restore = sim.post(&format!("/backup/{backup}/restore"), json!({})).await;
    assert_eq!(restore.status, StatusCode::ACCEPTED, "{}", restore.text);
    assert_eq!(restore.json()["locked"], 1);
    assert_eq!(sim.vm(vm).await["locked"], 1);
    assert_eq!(sim.get(&format!("/backup/{backup}")).await.json()["locked"], 1);
    assert_eq!(ids(sim.get("/backups?locked=1").await.json()), [backup.as_str()]);
    // Nothing else meanwhile: not a second restore, not another operation.
    let again = sim.post(&format!("/backup/{backup}/restore"), json!({})).await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(again.errors_on("base")[0].contains("busy"));
    let reboot = sim.post(&format!("/virtual_machine/{vm}/reboot"), json!({})).await;
    assert_eq!(reboot.status, StatusCode::UNPROCESSABLE_ENTITY);
    let delete = sim.delete(&format!("/backup/{backup}")).await;
    assert_eq!(delete.status, StatusCode::UNPROCESSABLE_ENTITY);
    sim.settle().await;
    assert_eq!(sim.vm(vm).await["locked"], 0);
    assert_eq!(sim.get(&format!("/backup/{backup}")).await.json()["locked"], 0);
    // Deleted: 202, and gone at once.
    assert_eq!(sim.delete(&format!("/backup/{backup}")).await.status, StatusCode::ACCEPTED);
    assert_eq!(sim.get(&format!("/backup/{backup}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.delete(&format!("/backup/{backup}")).await.status, StatusCode::NOT_FOUND);
}

fn ids(list: Value) -> Vec<String> {
    items(list).iter().map(id).collect()
}

#[tokio::test]
async fn a_failed_backup_is_neither_restored_nor_made_a_template() {
    let sim = Sim::new(30);
    let failed = items(sim.get("/backups").await.json())
        .into_iter()
        .find(|b| b["status"] == "failed")
        .expect("a failed backup");
    let restore = sim.post(&format!("/backup/{}/restore", id(&failed)), json!({})).await;
    assert_eq!(restore.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(restore.errors_on("base")[0].contains("failed"));
    let template =
        sim.post(&format!("/backup/{}/template", id(&failed)), json!({"label": "x"})).await;
    assert_eq!(template.status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn a_template_from_a_backup_is_listed_pending_then_active() {
    let sim = Sim::new(30);
    let backup = backup_of(&sim, "1001", "built").await;
    let path = format!("/backup/{}/template", id(&backup));
    let mut made = Vec::new();
    for body in [
        json!({"backup": {"label": "Before upgrade"}}),
        json!({"template": {"label": "Also"}}),
        json!({"label": "Flat"}),
    ] {
        let r = sim.post(&path, body.clone()).await;
        assert_eq!(r.status, StatusCode::ACCEPTED, "{body}: {}", r.text);
        let t = r.json();
        assert_eq!(
            (t["backup_id"].clone(), t["status"].clone(), t["public"].clone()),
            (json!(id(&backup)), json!("pending"), json!(false))
        );
        assert_eq!(t["operating_system"], backup["operating_system"]);
        made.push(id(&t));
    }
    let own = items(sim.get("/templates?public=0").await.json());
    assert_eq!(own.iter().map(id).collect::<Vec<_>>(), made);
    assert_eq!(own[0]["label"], "Before upgrade");
    sim.settle().await;
    assert!(items(sim.get("/templates?public=0").await.json())
        .iter()
        .all(|t| t["status"] == "active"));
    assert_eq!(sim.post(&path, json!({"label": " "})).await.errors_on("label"), ["can't be blank"]);
    assert_eq!(sim.post(&path, json!({})).await.errors_on("label"), ["can't be blank"]);
    assert_eq!(
        sim.post("/backup/9/template", json!({"label": "x"})).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn backups_outlive_their_vm_but_cannot_be_restored_then() {
    let sim = Sim::new(30);
    let vm = sim.offline_vm().await;
    let backup = id(&backup_of(&sim, &vm, "built").await);
    assert_eq!(sim.delete(&format!("/virtual_machine/{vm}")).await.status, StatusCode::ACCEPTED);
    sim.settle().await;
    assert_eq!(sim.get(&format!("/virtual_machine/{vm}")).await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.get(&format!("/backup/{backup}")).await.status, StatusCode::OK);
    let restore = sim.post(&format!("/backup/{backup}/restore"), json!({})).await;
    assert_eq!(restore.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(restore.errors_on("base")[0].contains("gone"));
    let template =
        sim.post(&format!("/backup/{backup}/template"), json!({"label": "Rescued"})).await;
    assert_eq!(template.status, StatusCode::ACCEPTED);
    assert_eq!(sim.delete(&format!("/backup/{backup}")).await.status, StatusCode::ACCEPTED);
}
