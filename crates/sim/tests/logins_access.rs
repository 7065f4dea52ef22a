//! What each credential opens (as the provider documents it): API keys, `GET
//! /accounts`, the account the workspace store is asked for, and the login
//! endpoints answering a page on an allowed origin.

mod common;

use axum::http::{Method, StatusCode};
use common::login::{password_grant, send, sim, team_code, text, with, OPENID, REVOKE, VMS};
use serde_json::json;

#[tokio::test]
async fn api_keys_open_their_accounts_until_they_expire() {
    let sim = sim(&[]);
    assert_eq!(with(&sim, Method::GET, VMS, "Bearer demo-api-key").await.status, StatusCode::OK);
    assert_eq!(with(&sim, Method::GET, VMS, "demo-api-key").await.status, StatusCode::OK);
    let expired = with(&sim, Method::GET, VMS, "Bearer expired-api-key").await;
    assert_eq!(expired.status, StatusCode::UNAUTHORIZED);
    assert_eq!(text(&expired.json(), "error"), "API key expired");
    assert_eq!(expired.json()["errors"]["base"][0], "API key expired");
    let seen = sim.call(Method::GET, "/_sim/auth", None, None).await.json();
    assert_eq!(seen["requests"][1]["scheme"], "raw");
    assert_eq!(seen["requests"][2]["credential"], "api_key");
}

#[tokio::test]
async fn accounts_lists_what_the_credential_opens() {
    let sim = sim(&["--account-name", "3:Contoso Labs EU"]);
    let code = team_code(&sim).await;
    let team = password_grant(&sim, "team@example.com", "team-password", Some(&code)).await.json();
    let bearer = format!("Bearer {}", text(&team, "access_token"));
    let every = with(&sim, Method::GET, "/api/accounts", &bearer).await;
    assert_eq!(every.status, StatusCode::OK);
    assert_eq!(
        every.json(),
        json!([
            {"id": 1, "name": "Northwind Shop", "status": "active"},
            {"id": 2, "name": "Northwind Staging", "status": "active"},
            {"id": 3, "name": "Contoso Labs EU", "status": "active"},
        ])
    );
    let one = with(&sim, Method::GET, "/api/accounts", "other-token").await.json();
    assert_eq!(one, json!([{"id": 2, "name": "Northwind Staging", "status": "active"}]));
    let refused = sim.call(Method::GET, "/api/accounts", None, None).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(refused.json()["errors"]["base"][0].is_string());
    assert_eq!(
        with(&sim, Method::GET, "/api/account/3/virtual_machines", &bearer).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_workspace_store_asks_which_account_of_several() {
    let sim = sim(&[]);
    let code = team_code(&sim).await;
    let team = password_grant(&sim, "team@example.com", "team-password", Some(&code)).await.json();
    let team = format!("Bearer {}", text(&team, "access_token"));
    let file = r#"{"format": "vmdeck-workspace"}"#;
    let put = |uri: &'static str, auth: String| {
        let sim = &sim;
        async move {
            send(
                sim,
                Method::PUT,
                uri,
                &[("Authorization", auth.as_str()), ("Content-Type", "application/json")],
                file,
            )
            .await
        }
    };
    assert_eq!(put("/_store/workspace", team.clone()).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        put("/_store/workspace?account=2", team.clone()).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        put("/_store/workspace?account=2", "demo-api-key".into()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        put("/_store/workspace", "Bearer demo-api-key".into()).await.status,
        StatusCode::NO_CONTENT
    );
    let back = with(&sim, Method::GET, "/_store/workspace", "other-token").await;
    assert_eq!((back.status, back.text.as_str()), (StatusCode::OK, file));
}

#[tokio::test]
async fn the_logins_answer_a_page_on_an_allowed_origin() {
    let sim = sim(&["--cors-origin", "http://127.0.0.1:8081"]);
    let preflight = [
        ("Origin", "http://127.0.0.1:8081"),
        ("Access-Control-Request-Method", "POST"),
        ("Access-Control-Request-Headers", "content-type,authorization"),
    ];
    for uri in [OPENID, REVOKE, "/api/token", "/api/accounts"] {
        let reply = send(&sim, Method::OPTIONS, uri, &preflight, "").await;
        assert_eq!(
            reply.header("access-control-allow-origin"),
            Some("http://127.0.0.1:8081"),
            "{uri}"
        );
        let allowed = reply.header("access-control-allow-headers").unwrap_or_default();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
    }
}
