//! Operations in each `--generation` (as the provider documents it): the lock a
//! moment after a 202, a busy VM refused, the create answer and `POST
//! /token`.

mod common;

use axum::http::{Method, StatusCode};
use common::generation::{create_body, items, keys, sim, ALL};
use common::Sim;
use serde_json::json;
use std::time::Duration;
use vmdeck_sim::config::{parse, Command, Config, Generation};

const DELAY_MS: u64 = 400;

#[tokio::test]
async fn documented_locks_a_moment_after_the_202() {
    let sim = Sim::with(Config {
        lock_delay: Some(Duration::from_millis(DELAY_MS)),
        op_time: Duration::from_millis(400),
        ..common::config(3)
    });
    let before = sim.vm("1001").await;
    assert_eq!((before["status"].as_str(), before["locked"].as_u64()), (Some("online"), Some(0)));
    assert_eq!(
        sim.post("/virtual_machine/1001/reboot", json!({})).await.status,
        StatusCode::ACCEPTED
    );
    let pending = sim.vm("1001").await;
    assert_eq!(pending["locked"], 0, "not locked yet");
    assert_eq!(pending["updated_at"], before["updated_at"], "unchanged until the lock begins");
    let second = sim.post("/virtual_machine/1001/reboot", json!({})).await;
    assert_eq!(second.status, StatusCode::UNPROCESSABLE_ENTITY, "not queued, even before the lock");
    assert!(items(sim.get("/virtual_machines?locked=1").await.json())
        .iter()
        .all(|vm| vm["id"] != "1001"));
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
    for (generation, locked_at_once) in
        [(Generation::Documented, 0), (Generation::Onapp, 1), (Generation::Oldest, 0)]
    {
        let sim = Sim::with(Config { generation, lock_delay: None, ..common::config(200) });
        let busy_from_the_seed = items(sim.get("/virtual_machines?locked=1").await.json());
        assert!(
            !busy_from_the_seed.is_empty(),
            "{generation:?}: seeded busy VMs are locked at once"
        );
        assert_eq!(
            sim.post("/virtual_machine/1001/reboot", json!({})).await.status,
            StatusCode::ACCEPTED
        );
        assert_eq!(sim.vm("1001").await["locked"], locked_at_once, "{generation:?}");
    }
}

#[tokio::test]
async fn a_busy_vm_is_403_in_onapp_and_422_in_documented() {
    for (generation, status) in [
        (Generation::Onapp, StatusCode::FORBIDDEN),
        (Generation::Documented, StatusCode::UNPROCESSABLE_ENTITY),
    ] {
        let sim = sim(generation, 3);
        assert_eq!(
            sim.post("/virtual_machine/1001/reboot", json!({})).await.status,
            StatusCode::ACCEPTED
        );
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
        assert_eq!(
            (vm["status"].as_str(), vm["hostname"].as_str()),
            (Some("unbuilt"), Some("new-01"))
        );
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
        assert_eq!(
            body["refresh_token"].is_string(),
            generation != "oldest",
            "{generation}: {body}"
        );
        assert_eq!(body["expires"].is_string(), generation == "oldest", "{generation}");
        let token = body["token"].as_str().unwrap();
        for authorization in [format!("Bearer {token}"), token.to_owned(), "demo-token".to_owned()]
        {
            let r = sim
                .call(Method::GET, "/api/account/1/virtual_machines", Some(&authorization), None)
                .await;
            assert_eq!(r.status, StatusCode::OK, "{generation}: {authorization}");
        }
    }
}
