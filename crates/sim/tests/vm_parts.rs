//! Spec sections "Apply disks", "Mount ISO", "Delete all snapshots", "CPU
//! usage resource", "Network usage resource", "Bandwidth stats", "CPU stats".

mod common;

use axum::http::StatusCode;
use common::Sim;
use serde_json::json;

#[tokio::test]
async fn disks_are_listed_and_applied() {
    let sim = Sim::new(10);
    let id = sim.online_vm().await;
    let disks = sim.get(&format!("/virtual_machine/{id}/disks")).await.json();
    let primary = &disks[0];
    for field in [
        "id",
        "status",
        "disk_size",
        "is_swap",
        "mount_point",
        "data_store_group_id",
        "locked",
        "autobackup",
        "created_at",
    ] {
        assert!(primary.get(field).is_some(), "{field}");
    }
    assert_eq!(
        (primary["is_swap"].as_bool(), primary["mount_point"].as_str()),
        (Some(false), Some("/")),
        "the system disk"
    );
    let r = sim
        .post(&format!("/virtual_machine/{id}/apply_disks"), json!({"required_format_disk": true}))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text.is_empty(), "no data");
}

#[tokio::test]
async fn isos_mount_by_id_or_url_and_unmount_by_join() {
    let sim = Sim::new(10);
    let id = sim.offline_vm().await;
    let path = format!("/virtual_machine/{id}");
    let mounted = sim.post(&format!("{path}/iso"), json!({"iso_id": "2"})).await;
    assert_eq!(mounted.status, StatusCode::OK, "{}", mounted.text);
    let join = mounted.json();
    assert_eq!(join["iso_id"], "2");
    assert_eq!(sim.get(&format!("{path}/isos")).await.json()["id"], join["id"]);
    assert_eq!(sim.vm(&id).await["cdrom"], 1);
    let by_url = sim
        .post(&format!("{path}/iso"), json!({"iso_url": "ftps://mirror.example/rescue.iso"}))
        .await;
    assert_eq!(by_url.status, StatusCode::OK);
    let join = by_url.json();
    assert_eq!(
        sim.delete(&format!("{path}/iso/{}", join["id"].as_str().unwrap())).await.status,
        StatusCode::OK
    );
    assert_eq!(sim.get(&format!("{path}/isos")).await.json(), json!({}));
    assert_eq!(sim.vm(&id).await["cdrom"], 0);
    assert_eq!(sim.delete(&format!("{path}/iso/1")).await.status, StatusCode::NOT_FOUND);
    for body in [
        json!({"iso_url": "file:///x.iso"}),
        json!({"iso_url": "gopher://x/y.iso"}),
        json!({}),
        json!({"iso_id": "1", "iso_url": "http://x/y.iso"}),
        json!({"iso_id": "9"}),
    ] {
        assert_eq!(
            sim.post(&format!("{path}/iso"), body.clone()).await.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}"
        );
    }
}

#[tokio::test]
async fn snapshots_listed_and_all_deleted() {
    let sim = Sim::new(60);
    let list = sim.get("/virtual_machines").await.json();
    let mut with_snapshots = None;
    for vm in list.as_array().unwrap().iter().filter(|vm| vm["locked"] == 0) {
        let id = vm["id"].as_str().unwrap();
        let snaps = sim.get(&format!("/virtual_machine/{id}/snapshots")).await.json();
        if !snaps.as_array().unwrap().is_empty() {
            with_snapshots = Some(id.to_owned());
            break;
        }
    }
    let id = with_snapshots.expect("a seeded VM with snapshots");
    let r = sim.delete(&format!("/virtual_machine/{id}/snapshots")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text.is_empty());
    assert!(sim
        .get(&format!("/virtual_machine/{id}/snapshots"))
        .await
        .json()
        .as_array()
        .unwrap()
        .is_empty());
}

#[tokio::test]
async fn cpu_stats_in_the_spec_shape_for_both_periods() {
    let sim = Sim::new(10);
    let id = sim.online_vm().await;
    let hour = sim.get(&format!("/virtual_machine/{id}/cpu_stats?period=-1H")).await.json();
    assert_eq!(hour["lapse"], "-1H");
    assert_eq!(hour["machine_id"], id.as_str());
    assert_eq!(hour["time_units"], "minutes");
    assert_eq!(hour["data"].as_array().unwrap().len(), 60);
    let month = sim.get(&format!("/virtual_machine/{id}/cpu_stats?period=-30days")).await.json();
    assert_eq!(month["data"].as_array().unwrap().len(), 30, "one unit per day");
    assert!(month["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|v| (0.0..=100.0).contains(&v.as_f64().unwrap())));
    let again = sim.get(&format!("/virtual_machine/{id}/cpu_stats?period=-30days")).await.json();
    assert_eq!(month, again, "deterministic");
    for bad in ["", "?period=-1Y", "?period=1H"] {
        assert_eq!(
            sim.get(&format!("/virtual_machine/{id}/cpu_stats{bad}")).await.status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
}

#[tokio::test]
async fn bandwidth_in_the_spec_shape_keyed_by_index_strings() {
    let sim = Sim::new(10);
    let id = sim.online_vm().await;
    let nic_count = sim
        .get(&format!("/virtual_machine/{id}/network_interfaces"))
        .await
        .json()
        .as_array()
        .unwrap()
        .len();
    for (period, samples) in [("-1H", 60), ("-1day", 288), ("-1M", 720), ("-1Y", 365)] {
        let r = sim.get(&format!("/virtual_machine/{id}/bw_stats?period={period}")).await.json();
        let (from, to) = (r["date_from"].as_u64().unwrap(), r["date_to"].as_u64().unwrap());
        assert!(from < to, "{period}");
        let groups = r["traffic"].as_array().expect("a list of groups");
        let entries: Vec<_> = groups.iter().flat_map(|g| g.as_array().unwrap()).collect();
        assert_eq!(entries.len(), nic_count, "one entry per interface");
        let entry = entries[0];
        assert!(
            entry["is_public"].is_boolean()
                && entry["interface_id"].is_string()
                && entry["network_id"].is_string()
        );
        let data = entry["data"].as_object().unwrap();
        assert!(
            data.len() <= samples && data.len() > samples * 9 / 10,
            "{period}: {} of {samples}",
            data.len()
        );
        assert!(data.keys().all(|k| k.parse::<usize>().is_ok_and(|i| i < samples)));
        let sample = data.values().next().unwrap();
        assert!(
            sample["traffic_in"].as_f64().unwrap() >= 0.0
                && sample["traffic_out"].as_f64().unwrap() >= 0.0
        );
    }
    assert_eq!(
        sim.get(&format!("/virtual_machine/{id}/bw_stats?period=-30days")).await.status,
        StatusCode::UNPROCESSABLE_ENTITY
    );
}

#[tokio::test]
async fn an_unbuilt_vm_has_no_statistics() {
    let sim = Sim::new(80);
    let id = sim.find_vm(|vm| vm["status"] == "unbuilt").await;
    let bw = sim.get(&format!("/virtual_machine/{id}/bw_stats?period=-1day")).await.json();
    assert_eq!(bw["traffic"], json!({}));
    let cpu = sim.get(&format!("/virtual_machine/{id}/cpu_stats?period=-1H")).await.json();
    assert_eq!(cpu["data"], json!([]));
}

#[tokio::test]
async fn hostile_text_reaches_every_text_field_unchanged() {
    let sim = Sim::with(vmdeck_sim::config::Config { hostile_text: true, ..common::config(5) });
    let vms = sim.get("/virtual_machines?limit=5").await.json();
    let first = &vms[0];
    let id = first["id"].as_str().unwrap_or_default().to_owned();
    let payloads = vmdeck_sim::seed::HOSTILE;
    for field in ["label", "hostname", "note"] {
        let text = first[field].as_str().unwrap_or_default();
        assert!(payloads.iter().any(|p| text.starts_with(p)), "{field}: {text}");
    }
    let hostile = |value: &serde_json::Value| {
        payloads.iter().any(|p| value.as_str().unwrap_or_default().starts_with(p))
    };
    let snapshots = sim.get(&format!("/virtual_machine/{id}/snapshots")).await.json();
    assert!(snapshots.as_array().unwrap().iter().any(|s| hostile(&s["label"])));
    let rules = sim.get(&format!("/virtual_machine/{id}/firewall_rules")).await.json();
    assert!(rules.as_array().unwrap().iter().any(|r| hostile(&r["description"])));
    let interfaces = sim.get(&format!("/virtual_machine/{id}/network_interfaces")).await.json();
    assert!(hostile(&interfaces[0]["label"]));
    // Only the first three VMs: the rest stay ordinary, for sorting and search.
    assert!(!vms[3]["label"].as_str().unwrap_or_default().contains(['<', ':']));
}
