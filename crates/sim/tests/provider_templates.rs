//! The provider's templates (`provider-api.md` §4): the catalogue's and the
//! account's own, filtered; own ones made from a VM or copied, renamed and
//! deleted; VMs built from an own active template only.

mod common;

use axum::http::StatusCode;
use common::generation::{create_body, id, items, keys};
use common::Sim;
use serde_json::{json, Value};
use vmdeck_core::template::Template;

const FIELDS: [&str; 11] = [
    "backup_id",
    "clone_id",
    "id",
    "label",
    "operating_system",
    "operating_system_arch",
    "operating_system_distro",
    "operating_system_edition",
    "public",
    "status",
    "template_size",
];

fn ids(list: Value) -> Vec<String> {
    items(list).iter().map(id).collect()
}

#[tokio::test]
async fn the_catalogue_is_listed_filtered_and_decoded() {
    let sim = Sim::new(3);
    let list = sim.get("/templates").await;
    assert_eq!(list.status, StatusCode::OK);
    let all = items(list.json());
    assert_eq!(all.len(), 5, "the catalogue's, no own one yet");
    for t in &all {
        assert_eq!(keys(t), FIELDS);
        assert_eq!(t["public"], true);
        assert!(t["template_size"].is_u64() && t["id"].is_string());
    }
    let decoded = Template::list_from_json(&list.json()).unwrap();
    let offered: Vec<_> = decoded.iter().filter(|t| t.is_offered()).collect();
    assert_eq!(offered.len(), 4, "only active ones are offered");
    assert!(decoded.iter().all(|t| !t.is_own() && t.size_gb.is_some() && t.arch.is_some()));

    for (query, expected) in [
        ("public=1", vec!["1", "2", "3", "4", "5"]),
        ("public=0", vec![]),
        ("status=inactive", vec!["5"]),
        ("operating_system=windows", vec!["4"]),
        ("operating_system_distro=ubuntu%2024.04", vec!["2"]),
        ("operating_system_edition=minimal", vec!["3", "5"]),
        ("operating_system_arch=x64&label=debian", vec!["1"]),
        ("label=&status=&clone_id=", vec!["1", "2", "3", "4", "5"]),
        ("clone_id=1", vec![]),
    ] {
        assert_eq!(ids(sim.get(&format!("/templates?{query}")).await.json()), expected, "{query}");
    }
    assert_eq!(sim.get("/templates?public=maybe").await.errors_on("public").len(), 1);
    assert_eq!(sim.get("/template/4").await.json()["operating_system"], "windows");
    assert_eq!(sim.get("/template/99").await.status, StatusCode::NOT_FOUND);
    assert_eq!(sim.get("/template/x").await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_template_from_a_vm_is_own_pending_then_active_and_builds_vms() {
    let sim = Sim::new(20);
    let vm = sim.online_vm().await;
    let os = sim.vm(&vm).await["operating_system"].clone();
    let made =
        sim.post(&format!("/virtual_machine/{vm}/template"), json!({"label": "Golden"})).await;
    assert_eq!(made.status, StatusCode::ACCEPTED, "{}", made.text);
    let made = made.json();
    assert_eq!(keys(&made), FIELDS);
    let own = id(&made);
    assert!(own.parse::<u64>().unwrap() >= 20_001, "never a catalogue id");
    assert_eq!((made["public"].clone(), made["status"].clone()), (json!(false), json!("pending")));
    assert_eq!(made["operating_system"], os);
    assert_eq!(ids(sim.get("/templates?public=0").await.json()), [own.as_str()]);
    assert_eq!(ids(sim.get("/templates?status=pending").await.json()), [own.as_str()]);

    // Not offered while pending.
    let early = sim.post("/virtual_machine", create_body(&own)).await;
    assert!(!early.errors_on("template_id").is_empty(), "{}", early.text);
    sim.settle().await;
    let ready = sim.get(&format!("/template/{own}")).await.json();
    assert_eq!(ready["status"], "active");
    let decoded = Template::list_from_json(&sim.get("/templates?public=false").await.json());
    assert!(decoded.unwrap().iter().all(|t| t.is_own() && t.is_offered()));

    let built = sim.post("/virtual_machine", create_body(&own)).await;
    assert_eq!(built.status, StatusCode::ACCEPTED, "{}", built.text);
    assert_eq!(built.json()["template_id"], own.as_str());
    let user = id(&built.json());
    let label = built.json()["label"].as_str().unwrap().to_owned();

    let in_use = sim.delete(&format!("/template/{own}")).await;
    assert_eq!(in_use.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(in_use.errors_on("base"), [format!("The template is in use by {label}")]);

    // A rebuild onto it, and away from it, then it can go.
    sim.settle().await;
    let rebuild = sim.put(&format!("/virtual_machine/{vm}"), json!({"template_id": own})).await;
    assert_eq!(rebuild.status, StatusCode::ACCEPTED, "{}", rebuild.text);
    sim.settle().await;
    for other in [&vm, &user] {
        let away = sim.put(&format!("/virtual_machine/{other}"), json!({"template_id": "1"})).await;
        assert_eq!(away.status, StatusCode::ACCEPTED, "{}", away.text);
    }
    assert_eq!(sim.delete(&format!("/template/{own}")).await.status, StatusCode::ACCEPTED);
    assert_eq!(sim.get(&format!("/template/{own}")).await.status, StatusCode::NOT_FOUND);
    assert!(ids(sim.get("/templates?public=0").await.json()).is_empty());
}

#[tokio::test]
async fn only_own_templates_are_renamed_or_deleted() {
    let sim = Sim::new(20);
    let vm = sim.online_vm().await;
    let own = id(&sim.post(&format!("/virtual_machine/{vm}/template"), json!({})).await.json());
    let renamed =
        sim.put(&format!("/template/{own}"), json!({"template": {"label": "Base"}})).await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    assert_eq!(renamed.json()["label"], "Base");
    assert_eq!(sim.get(&format!("/template/{own}")).await.json()["label"], "Base");
    assert_eq!(
        sim.put(&format!("/template/{own}"), json!({})).await.errors_on("label"),
        ["can't be blank"]
    );
    for path in ["/template/1", "/template/5"] {
        let put = sim.put(path, json!({"label": "Mine now"})).await;
        assert_eq!(put.status, StatusCode::FORBIDDEN, "{path}");
        assert!(put.errors_on("base")[0].contains("not yours"));
        assert_eq!(sim.delete(path).await.status, StatusCode::FORBIDDEN, "{path}");
    }
    assert_eq!(
        sim.put("/template/20999", json!({"label": "x"})).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(sim.delete("/template/20999").await.status, StatusCode::NOT_FOUND);
    // Another account sees neither the template nor its name.
    let other = sim
        .call(
            axum::http::Method::GET,
            &format!("/api/account/2/template/{own}"),
            Some("other-token"),
            None,
        )
        .await;
    assert_eq!(other.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_copy_names_its_source_and_only_active_ones_are_copied_or_built_from() {
    let sim = Sim::new(3);
    let copy = sim.post("/template/2/clone", json!({"user_id": "101", "location_id": "2"})).await;
    assert_eq!(copy.status, StatusCode::ACCEPTED, "{}", copy.text);
    let copy = copy.json();
    assert_eq!(keys(&copy), FIELDS);
    assert_eq!((copy["clone_id"].clone(), copy["status"].clone()), (json!("2"), json!("pending")));
    assert_eq!(
        (copy["public"].clone(), copy["label"].clone()),
        (json!(false), json!("Ubuntu 24.04 x64"))
    );
    assert_eq!(ids(sim.get("/templates?clone_id=2").await.json()), [id(&copy)]);
    sim.settle().await;
    assert_eq!(sim.get(&format!("/template/{}", id(&copy))).await.json()["status"], "active");
    let again = sim
        .post(&format!("/template/{}/clone", id(&copy)), json!({"user_id": 101, "location_id": 1}))
        .await;
    assert_eq!(again.status, StatusCode::ACCEPTED);
    assert_eq!(again.json()["clone_id"], id(&copy));

    let blank = sim.post("/template/2/clone", json!({})).await;
    assert_eq!(blank.errors_on("user_id"), ["can't be blank"]);
    assert_eq!(blank.errors_on("location_id"), ["can't be blank"]);
    let nowhere = sim.post("/template/2/clone", json!({"user_id": 1, "location_id": 9})).await;
    assert_eq!(nowhere.errors_on("location_id"), ["is not a location"]);
    let inactive = sim.post("/template/5/clone", json!({"user_id": 1, "location_id": 1})).await;
    assert_eq!(inactive.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!inactive.errors_on("base").is_empty());
    assert_eq!(
        sim.post("/template/77/clone", json!({"user_id": 1, "location_id": 1})).await.status,
        StatusCode::NOT_FOUND
    );

    // The inactive catalogue template builds nothing.
    let create = sim.post("/virtual_machine", create_body("5")).await;
    assert!(create.errors_on("template_id")[0].contains("not active"), "{}", create.text);
    let vm = sim.online_vm().await;
    let rebuild = sim.put(&format!("/virtual_machine/{vm}"), json!({"template_id": "5"})).await;
    assert_eq!(rebuild.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(!rebuild.errors_on("template_id").is_empty());
    // Another account's own template is no template of this one.
    let theirs = sim
        .call(
            axum::http::Method::POST,
            "/api/account/2/template/1/clone",
            Some("other-token"),
            Some(&json!({"user_id": 1, "location_id": 1}).to_string()),
        )
        .await;
    let theirs = id(&theirs.json());
    sim.settle().await;
    let create = sim.post("/virtual_machine", create_body(&theirs)).await;
    assert_eq!(create.errors_on("template_id"), ["is not a template of this account"]);
}
