//! Requests to the login endpoints as a browser or a script sends them, to
//! a simulator started as the command line would start it.

use super::{Reply, Sim};
use axum::body::Body;
use axum::http::{Method, Request};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;
use vmdeck_sim::config::{parse, Command};

pub const VMS: &str = "/api/account/1/virtual_machines";
pub const OPENID: &str = "/api/auth/api/openid-connect/token";
pub const REVOKE: &str = "/api/auth/api/openid-connect/revoke";

/// The simulator as the command line would start it, with its default users and keys.
pub fn sim(args: &[&str]) -> Sim {
    let base = [
        "--vms",
        "2",
        "--account",
        "1:demo-token",
        "--account",
        "2:other-token",
        "--account",
        "3:third-token",
    ];
    match parse(base.iter().chain(args).map(|a| a.to_string())) {
        Ok(Command::Run(config)) => Sim::with(config),
        other => panic!("{other:?}"),
    }
}

/// A request with any headers and a body as given.
pub async fn send(
    sim: &Sim,
    method: Method,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> Reply {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response =
        sim.app.clone().oneshot(request.body(Body::from(body.to_owned())).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
}

pub async fn form(sim: &Sim, uri: &str, body: &str) -> Reply {
    send(sim, Method::POST, uri, &[("Content-Type", "application/x-www-form-urlencoded")], body)
        .await
}

pub async fn json_login(sim: &Sim, body: Value) -> Reply {
    send(
        sim,
        Method::POST,
        "/api/token",
        &[("Content-Type", "application/json")],
        &body.to_string(),
    )
    .await
}

pub async fn with(sim: &Sim, method: Method, uri: &str, authorization: &str) -> Reply {
    send(
        sim,
        method,
        uri,
        &[("Authorization", authorization), ("Content-Type", "application/json")],
        "",
    )
    .await
}

pub async fn password_grant(sim: &Sim, email: &str, password: &str, code: Option<&str>) -> Reply {
    let totp = code.map(|c| format!("&totp={c}")).unwrap_or_default();
    form(
        sim,
        OPENID,
        &format!(
            "grant_type=password&client_id=external&username={email}&password={password}{totp}"
        ),
    )
    .await
}

pub async fn team_code(sim: &Sim) -> String {
    let reply = sim.call(Method::GET, "/_sim/totp?email=team@example.com", None, None).await;
    reply.json()["code"].as_str().unwrap().to_owned()
}

pub fn text<'a>(value: &'a Value, field: &str) -> &'a str {
    value[field].as_str().unwrap_or_else(|| panic!("{field} in {value}"))
}

/// The JSON payload of a JWT-looking token.
pub fn claims(token: &str) -> Value {
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3, "{token}");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap()
}
