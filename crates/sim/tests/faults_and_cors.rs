//! The fault switches (latency, server errors, malformed bodies, dropped
//! connections) and CORS for a panel served from another origin.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{config, Sim};
use http_body_util::BodyExt;
use std::time::{Duration, Instant};
use tower::ServiceExt;
use vmdeck_sim::faults::FaultConfig;

fn with_faults(faults: FaultConfig) -> Sim {
    Sim::with(vmdeck_sim::config::Config { faults, ..config(5) })
}

#[tokio::test]
async fn every_request_fails_when_the_error_rate_is_one() {
    let sim = with_faults(FaultConfig { error_rate: 1.0, ..Default::default() });
    let mut statuses = std::collections::HashSet::new();
    let mut retry_after = false;
    for _ in 0..40 {
        let r = sim.get("/virtual_machines").await;
        statuses.insert(r.status.as_u16());
        retry_after |= r.header("retry-after").is_some();
        assert!(r.json()["errors"].is_object());
    }
    assert_eq!(statuses, [500, 502, 503].into_iter().collect());
    assert!(retry_after, "some 503s say when to try again");
}

#[tokio::test]
async fn malformed_answers_are_cut_short_not_json_or_html() {
    let sim = with_faults(FaultConfig { malformed_rate: 1.0, ..Default::default() });
    let mut html = 0;
    for _ in 0..30 {
        let r = sim.get("/virtual_machines").await;
        assert!(serde_json::from_str::<serde_json::Value>(&r.text).is_err(), "{}", r.text);
        if r.text.contains("<html>") {
            assert_eq!(r.status, StatusCode::OK, "the HTML error page comes with 200");
            html += 1;
        }
    }
    assert!(html > 0);
}

#[tokio::test]
async fn dropped_connections_break_the_body() {
    let sim = with_faults(FaultConfig { drop_rate: 1.0, ..Default::default() });
    let request = Request::get("/api/account/1/virtual_machines")
        .header("Authorization", "demo-token")
        .body(Body::empty())
        .unwrap();
    let response = sim.app.clone().oneshot(request).await.unwrap();
    assert!(response.into_body().collect().await.is_err());
}

#[tokio::test]
async fn latency_is_added() {
    let sim = with_faults(FaultConfig { latency_ms: 120, ..Default::default() });
    let start = Instant::now();
    assert_eq!(sim.get("/virtual_machines").await.status, StatusCode::OK);
    assert!(start.elapsed() >= Duration::from_millis(120));
}

#[tokio::test]
async fn faults_spare_the_panel_files() {
    let dist = std::env::temp_dir().join(format!("vmdeck-faults-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html>").unwrap();
    let sim = Sim::with(vmdeck_sim::config::Config {
        dist: Some(dist.clone()),
        faults: FaultConfig { error_rate: 1.0, ..Default::default() },
        ..config(1)
    });
    assert_eq!(sim.call(Method::GET, "/vms", None, None).await.status, StatusCode::OK);
    std::fs::remove_dir_all(dist).ok();
}

#[tokio::test]
async fn cors_allows_the_configured_origin_and_exposes_the_paging_headers() {
    let sim = Sim::with(vmdeck_sim::config::Config {
        cors_origins: vec!["http://127.0.0.1:8081".into()],
        ..config(3)
    });
    let preflight = Request::builder()
        .method(Method::OPTIONS)
        .uri("/api/account/1/virtual_machines")
        .header("Origin", "http://127.0.0.1:8081")
        .header("Access-Control-Request-Method", "PUT")
        .header("Access-Control-Request-Headers", "authorization,content-type")
        .body(Body::empty())
        .unwrap();
    let r = sim.app.clone().oneshot(preflight).await.unwrap();
    let h = r.headers();
    assert_eq!(h.get("access-control-allow-origin").unwrap(), "http://127.0.0.1:8081");
    let allowed = h.get("access-control-allow-headers").unwrap().to_str().unwrap().to_lowercase();
    assert!(allowed.contains("authorization") && allowed.contains("content-type"));

    let get = Request::get("/api/account/1/virtual_machines")
        .header("Origin", "http://127.0.0.1:8081")
        .header("Authorization", "demo-token")
        .body(Body::empty())
        .unwrap();
    let r = sim.app.clone().oneshot(get).await.unwrap();
    let exposed =
        r.headers().get("access-control-expose-headers").unwrap().to_str().unwrap().to_lowercase();
    assert!(exposed.contains("x-total") && exposed.contains("x-per-page"));

    let other = Request::get("/api/account/1/virtual_machines")
        .header("Origin", "http://evil.example")
        .header("Authorization", "demo-token")
        .body(Body::empty())
        .unwrap();
    let r = sim.app.clone().oneshot(other).await.unwrap();
    assert!(r.headers().get("access-control-allow-origin").is_none());
}

#[tokio::test]
async fn faults_can_be_switched_off_and_on_while_running() {
    let sim = with_faults(FaultConfig { error_rate: 1.0, ..Default::default() });
    assert!(sim.get("/virtual_machines").await.status.is_server_error());

    let off = sim.call(Method::PUT, "/_sim/faults", None, Some("{}")).await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.text);
    assert_eq!(sim.get("/virtual_machines").await.status, StatusCode::OK);

    let on = sim
        .call(Method::PUT, "/_sim/faults", None, Some(r#"{"drop_rate": 0.25, "latency_ms": 5}"#))
        .await;
    assert_eq!(on.status, StatusCode::OK);
    let shown = sim.call(Method::GET, "/_sim/faults", None, None).await.json();
    assert_eq!(shown["drop_rate"], 0.25);
    assert_eq!(shown["error_rate"], 0.0);
    assert_eq!(shown["latency_ms"], 5);
}

#[tokio::test]
async fn bad_fault_switches_are_refused_and_change_nothing() {
    let sim = with_faults(FaultConfig { latency_ms: 1, ..Default::default() });
    let too_much = sim
        .call(Method::PUT, "/_sim/faults", None, Some(r#"{"error_rate": 0.7, "drop_rate": 0.7}"#))
        .await;
    assert_eq!(too_much.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(too_much.text.contains("more than 1"), "{}", too_much.text);
    let unknown = sim.call(Method::PUT, "/_sim/faults", None, Some(r#"{"eror_rate": 1}"#)).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.text.contains("eror_rate"), "{}", unknown.text);
    assert_eq!(sim.call(Method::GET, "/_sim/faults", None, None).await.json()["latency_ms"], 1);
}
