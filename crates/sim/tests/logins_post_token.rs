//! `POST /token` (as the provider documents it) in the documented and the oldest
//! shape, its refresh, wrong logins and bodies, and read-only tokens.

mod common;

use axum::http::{Method, StatusCode};
use common::login::{claims, form, json_login, password_grant, send, sim, text, with, OPENID, VMS};
use serde_json::json;

#[tokio::test]
async fn post_token_in_the_documented_shape_and_its_refresh() {
    let sim = sim(&[]);
    let login =
        json_login(&sim, json!({"login": "Demo@Example.com", "password": "demo-password"})).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text);
    let body = login.json();
    let token = text(&body, "token");
    assert_eq!(claims(token)["exp"], body["expires"]);
    assert!(body["expires"].is_u64() && body["refresh_expires"].is_u64());
    assert_eq!(
        with(&sim, Method::GET, VMS, token).await.status,
        StatusCode::OK,
        "a bare token works too"
    );

    let refresh = text(&body, "refresh_token");
    let again = json_login(&sim, json!({"refresh_token": refresh})).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert!(again.json()["refresh_token"].is_string());
    let reused = json_login(&sim, json!({"refresh_token": refresh})).await;
    assert_eq!(
        (reused.status, reused.json()),
        (StatusCode::UNAUTHORIZED, json!({"error": "Invalid refresh token"}))
    );
    assert_eq!(sim.call(Method::GET, "/_sim/auth", None, None).await.json()["refresh_grants"], 1);
}

#[tokio::test]
async fn post_token_in_the_oldest_shape() {
    let sim = sim(&["--generation", "oldest"]);
    let body = json_login(&sim, json!({"login": "demo@example.com", "password": "demo-password"}))
        .await
        .json();
    let token = text(&body, "token");
    assert_eq!(token.len(), 48);
    assert!(token.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()), "{token}");
    let expires: u64 = text(&body, "expires").parse().expect("unix seconds as a string");
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    assert!((now + 1790..=now + 1800).contains(&expires), "about 30 minutes: {expires} at {now}");
    assert!(body.get("refresh_token").is_none());
    assert_eq!(with(&sim, Method::GET, VMS, token).await.status, StatusCode::OK);
}

#[tokio::test]
async fn wrong_logins_and_bodies() {
    let sim = sim(&[]);
    let wrong = json_login(&sim, json!({"login": "demo@example.com", "password": "nope"})).await;
    assert_eq!(
        (wrong.status, wrong.json()),
        (StatusCode::UNAUTHORIZED, json!({"error": "Invalid login or password"}))
    );
    let nobody =
        json_login(&sim, json!({"login": "who@example.com", "password": "demo-password"})).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let not_json = send(&sim, Method::POST, "/api/token", &[], "login=demo").await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert!(not_json.json()["error"].is_string());

    let wrong = password_grant(&sim, "demo@example.com", "nope", None).await;
    let invalid_grant =
        json!({"error": "invalid_grant", "error_description": "Invalid user credentials"});
    assert_eq!((wrong.status, wrong.json()), (StatusCode::UNAUTHORIZED, invalid_grant));
    let client = form(
        &sim,
        OPENID,
        "grant_type=password&client_id=web&username=demo@example.com&password=demo-password",
    )
    .await;
    assert_eq!(
        (client.status, text(&client.json(), "error")),
        (StatusCode::UNAUTHORIZED, "invalid_client")
    );
    let grant = form(&sim, OPENID, "grant_type=client_credentials&client_id=external").await;
    assert_eq!(
        (grant.status, text(&grant.json(), "error")),
        (StatusCode::BAD_REQUEST, "unsupported_grant_type")
    );
    let body = r#"{"grant_type": "password"}"#;
    let as_json =
        send(&sim, Method::POST, OPENID, &[("Content-Type", "application/json")], body).await;
    assert_eq!(as_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(text(&as_json.json(), "error"), "invalid_request");
    assert!(as_json.json()["error_description"].is_string());
}

#[tokio::test]
async fn a_readonly_token_only_reads() {
    let sim = sim(&[]);
    let body = json_login(
        &sim,
        json!({"login": "demo@example.com", "password": "demo-password", "readonly": true}),
    )
    .await
    .json();
    let bearer = format!("Bearer {}", text(&body, "token"));
    assert_eq!(with(&sim, Method::GET, VMS, &bearer).await.status, StatusCode::OK);
    let vm = sim.get("/virtual_machines").await.json()[0]["id"].as_str().unwrap().to_owned();
    for (method, path) in [(Method::POST, "reboot"), (Method::PUT, ""), (Method::DELETE, "")] {
        let uri =
            format!("/api/account/1/virtual_machine/{vm}/{path}").trim_end_matches('/').to_owned();
        let refused = with(&sim, method, &uri, &bearer).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{uri}");
        assert_eq!(refused.json(), json!({"errors": {"base": ["This token may only read"]}}));
    }
}
