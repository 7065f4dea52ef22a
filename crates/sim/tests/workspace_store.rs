//! The workspace store (`/_store/workspace`): each account's file kept as it
//! was put, behind the API's token check, the fault switches and CORS.

mod common;

use axum::http::{Method, StatusCode};
use common::{config, Reply, Sim};
use vmdeck_sim::faults::FaultConfig;
use vmdeck_sim::workspace_store::{MAX_BYTES, PATH};

const FILE: &str =
    r#"{"format": "vmdeck-workspace", "version": 1, "parts": {"pins": ["1001", "1002"]}}"#;

async fn put(sim: &Sim, token: &str, body: &str) -> Reply {
    sim.call(Method::PUT, PATH, Some(token), Some(body)).await
}

async fn get(sim: &Sim, token: &str) -> Reply {
    sim.call(Method::GET, PATH, Some(token), None).await
}

/// An error answered as the API answers one: `{"errors": {"base": [...]}}`.
fn assert_api_error(reply: &Reply, status: StatusCode) {
    assert_eq!(reply.status, status, "{}", reply.text);
    assert!(reply.json()["errors"]["base"][0].is_string(), "{}", reply.text);
}

/// A JSON object of exactly `len` bytes.
fn object_of(len: usize) -> String {
    let frame = r#"{"x":""}"#.len();
    format!(r#"{{"x":"{}"}}"#, "a".repeat(len - frame))
}

#[tokio::test]
async fn the_token_opens_it_as_it_opens_the_api() {
    let sim = Sim::new(1);
    for method in [Method::GET, Method::PUT] {
        assert_api_error(
            &sim.call(method.clone(), PATH, None, Some(FILE)).await,
            StatusCode::UNAUTHORIZED,
        );
        assert_api_error(
            &sim.call(method, PATH, Some("wrong-token"), Some(FILE)).await,
            StatusCode::UNAUTHORIZED,
        );
    }
    assert_api_error(&get(&sim, "demo-token").await, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_file_put_comes_back_as_it_was() {
    let sim = Sim::new(1);
    assert_api_error(&get(&sim, "demo-token").await, StatusCode::NOT_FOUND);
    let stored = put(&sim, "demo-token", FILE).await;
    assert_eq!(stored.status, StatusCode::NO_CONTENT, "{}", stored.text);
    assert!(stored.text.is_empty());

    let back = get(&sim, "demo-token").await;
    assert_eq!(back.status, StatusCode::OK);
    assert_eq!(back.text, FILE, "the same bytes, spacing and order kept");
    assert_eq!(back.header("content-type"), Some("application/json"));
    assert_eq!(back.header("cache-control"), Some("no-store"));
    let modified = back.header("last-modified").unwrap_or_default();
    assert!(modified.ends_with(" GMT") && modified.len() == 29, "{modified}");

    let newer = r#"{"format": "vmdeck-workspace", "version": 1, "parts": {}}"#;
    assert_eq!(put(&sim, "demo-token", newer).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get(&sim, "demo-token").await.text, newer, "a second put replaces the first");
}

#[tokio::test]
async fn each_account_sees_only_its_own_file() {
    let sim = Sim::new(1);
    assert_eq!(put(&sim, "demo-token", FILE).await.status, StatusCode::NO_CONTENT);
    assert_api_error(&get(&sim, "other-token").await, StatusCode::NOT_FOUND);

    let other = r#"{"parts": {"tags": {}}}"#;
    assert_eq!(put(&sim, "other-token", other).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get(&sim, "other-token").await.text, other);
    assert_eq!(get(&sim, "demo-token").await.text, FILE);
}

#[tokio::test]
async fn a_file_over_the_limit_is_refused_and_changes_nothing() {
    let sim = Sim::new(1);
    assert_eq!(put(&sim, "demo-token", FILE).await.status, StatusCode::NO_CONTENT);
    assert_api_error(
        &put(&sim, "demo-token", &object_of(MAX_BYTES + 1)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    assert_api_error(
        &put(&sim, "demo-token", &object_of(3 * MAX_BYTES)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    assert_eq!(get(&sim, "demo-token").await.text, FILE);

    let largest = object_of(MAX_BYTES);
    assert_eq!(put(&sim, "demo-token", &largest).await.status, StatusCode::NO_CONTENT);
    assert_eq!(get(&sim, "demo-token").await.text.len(), MAX_BYTES);
}

#[tokio::test]
async fn only_a_json_object_is_kept() {
    let sim = Sim::new(1);
    for body in ["", "[]", "\"workspace\"", "42", "null", "{\"cut\": ", "not json"] {
        assert_api_error(&put(&sim, "demo-token", body).await, StatusCode::BAD_REQUEST);
    }
    assert_api_error(&get(&sim, "demo-token").await, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_fault_switches_apply_to_it() {
    let sim = Sim::with(vmdeck_sim::config::Config {
        faults: FaultConfig { error_rate: 1.0, ..Default::default() },
        ..config(1)
    });
    assert!(put(&sim, "demo-token", FILE).await.status.is_server_error());
    assert!(get(&sim, "demo-token").await.status.is_server_error());
}

#[tokio::test]
async fn a_page_on_the_configured_origin_may_put_and_get_it() {
    let origin = "http://127.0.0.1:8081";
    let sim =
        Sim::with(vmdeck_sim::config::Config { cors_origins: vec![origin.into()], ..config(1) });
    let preflight = axum::http::Request::builder()
        .method(Method::OPTIONS)
        .uri(PATH)
        .header("Origin", origin)
        .header("Access-Control-Request-Method", "PUT")
        .header("Access-Control-Request-Headers", "authorization,content-type")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = tower::ServiceExt::oneshot(sim.app.clone(), preflight).await.unwrap();
    assert_eq!(r.headers().get("access-control-allow-origin").unwrap(), origin);
    let methods = r.headers().get("access-control-allow-methods").unwrap().to_str().unwrap();
    assert!(methods.contains("PUT") && methods.contains("GET"), "{methods}");

    let get = axum::http::Request::get(PATH)
        .header("Origin", "http://evil.example")
        .header("Authorization", "demo-token")
        .body(axum::body::Body::empty())
        .unwrap();
    let r = tower::ServiceExt::oneshot(sim.app.clone(), get).await.unwrap();
    assert!(r.headers().get("access-control-allow-origin").is_none());
}
