//! Drives the simulator's router in-process, as a client would over HTTP.
#![allow(dead_code)]

pub mod dist;
pub mod generation;
pub mod login;

use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;
use vmdeck_sim::config::{Config, Generation};

pub const OP_MS: u64 = 300;

pub struct Sim {
    pub app: axum::Router,
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text)
            .unwrap_or_else(|e| panic!("{e}: {:?} ({})", self.text, self.status))
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    /// The messages of an OnApp error for one field.
    pub fn errors_on(&self, field: &str) -> Vec<String> {
        self.json()["errors"][field]
            .as_array()
            .map(|a| a.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
            .unwrap_or_default()
    }
}

/// The documented generation, but with the lock at once: these tests are
/// about what operations do; the delay before the lock has its own
/// (`generations_operations.rs`).
pub fn config(vms: usize) -> Config {
    Config {
        accounts: vec![(1, "demo-token".into()), (2, "other-token".into())],
        vms,
        op_time: Duration::from_millis(OP_MS),
        lock_delay: Some(Duration::ZERO),
        ..Config::default()
    }
}

/// As [`config`], in OnApp's own shapes.
pub fn onapp(vms: usize) -> Config {
    Config { generation: Generation::Onapp, ..config(vms) }
}

impl Sim {
    pub fn new(vms: usize) -> Self {
        Self::with(config(vms))
    }

    pub fn with(config: Config) -> Self {
        Self { app: vmdeck_sim::app(&config) }
    }

    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> Reply {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(token) = token {
            request = request.header("Authorization", token);
        }
        if body.is_some() {
            request = request.header("Content-Type", "application/json");
        }
        let request = request
            .body(body.map(|b| Body::from(b.to_owned())).unwrap_or_else(Body::empty))
            .unwrap();
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.map(|b| b.to_bytes()).unwrap_or_default();
        Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
    }

    /// Account 1's API, with its token: `path` is relative to `/api/account/1`.
    pub async fn get(&self, path: &str) -> Reply {
        self.call(Method::GET, &format!("/api/account/1{path}"), Some("demo-token"), None).await
    }
    pub async fn post(&self, path: &str, body: Value) -> Reply {
        self.call(
            Method::POST,
            &format!("/api/account/1{path}"),
            Some("demo-token"),
            Some(&body.to_string()),
        )
        .await
    }
    pub async fn put(&self, path: &str, body: Value) -> Reply {
        self.call(
            Method::PUT,
            &format!("/api/account/1{path}"),
            Some("demo-token"),
            Some(&body.to_string()),
        )
        .await
    }
    pub async fn delete(&self, path: &str) -> Reply {
        self.call(Method::DELETE, &format!("/api/account/1{path}"), Some("demo-token"), None).await
    }

    pub async fn vm(&self, id: &str) -> Value {
        self.get(&format!("/virtual_machine/{id}")).await.json()
    }

    /// The id of the first VM in the list that satisfies `pred`.
    pub async fn find_vm(&self, pred: impl Fn(&Value) -> bool) -> String {
        let list = self.get("/virtual_machines").await.json();
        let vm =
            list.as_array().unwrap().iter().find(|vm| pred(vm)).expect("a seeded VM of that kind");
        vm["id"].as_str().unwrap().to_owned()
    }

    /// A seeded VM that is online and idle.
    pub async fn online_vm(&self) -> String {
        self.find_vm(|vm| vm["status"] == "online" && vm["locked"] == 0 && vm["suspended"] == 0)
            .await
    }

    pub async fn offline_vm(&self) -> String {
        self.find_vm(|vm| vm["status"] == "offline" && vm["locked"] == 0).await
    }

    /// Waits until the VM's operation is over.
    pub async fn settle(&self) {
        tokio::time::sleep(Duration::from_millis(OP_MS + 100)).await;
    }
}
