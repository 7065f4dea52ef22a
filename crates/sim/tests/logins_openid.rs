//! OpenID Connect logins (as the provider documents them): the password
//! grant and its tokens, two-factor codes, refresh and revocation, and access
//! tokens that expire.

mod common;

use axum::http::{Method, StatusCode};
use common::login::{
    claims, form, json_login, password_grant, send, sim, team_code, text, with, OPENID, REVOKE, VMS,
};
use serde_json::json;

#[tokio::test]
async fn an_openid_login_opens_the_api_with_bearer() {
    let sim = sim(&[]);
    let login = password_grant(&sim, "demo@example.com", "demo-password", None).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text);
    assert_eq!(login.header("cache-control"), Some("no-store"));
    let body = login.json();
    assert_eq!(
        (body["expires_in"].as_u64(), body["refresh_expires_in"].as_u64()),
        (Some(300), Some(1800))
    );
    assert_eq!((text(&body, "token_type"), text(&body, "scope")), ("Bearer", "profile email"));
    let access = text(&body, "access_token");
    for field in ["sub", "exp", "iat", "jti"] {
        assert!(!claims(access)[field].is_null(), "{field}");
    }
    claims(text(&body, "refresh_token"));
    assert_eq!(
        with(&sim, Method::GET, VMS, &format!("Bearer {access}")).await.status,
        StatusCode::OK
    );
    let elsewhere =
        with(&sim, Method::GET, "/api/account/2/virtual_machines", &format!("Bearer {access}"))
            .await;
    assert_eq!(elsewhere.status, StatusCode::FORBIDDEN);

    let seen = sim.call(Method::GET, "/_sim/auth", None, None).await.json();
    assert_eq!(seen["password_grants"], 1);
    assert_eq!(
        seen["requests"][0],
        json!({"path": "/account/1/virtual_machines", "scheme": "bearer", "credential": "access_token"})
    );
    assert!(!seen.to_string().contains(access), "never a secret");
}

#[tokio::test]
async fn two_factor_wants_the_current_code() {
    let sim = sim(&[]);
    let missing = password_grant(&sim, "team@example.com", "team-password", None).await;
    assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
    assert_eq!(text(&missing.json(), "error"), "invalid_grant");
    let code = team_code(&sim).await;
    assert_eq!(code.len(), 6);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    assert_eq!(
        password_grant(&sim, "team@example.com", "team-password", Some(wrong)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let right = password_grant(&sim, "team@example.com", "team-password", Some(&code)).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.text);

    let without =
        json_login(&sim, json!({"login": "team@example.com", "password": "team-password"})).await;
    assert_eq!(
        (without.status, without.json()),
        (StatusCode::UNAUTHORIZED, json!({"error": "Invalid login or password"}))
    );
    let with_code = json_login(
        &sim,
        json!({"login": "team@example.com", "password": "team-password", "totp": code}),
    )
    .await;
    assert_eq!(with_code.status, StatusCode::OK);
    let none = sim.call(Method::GET, "/_sim/totp?email=demo@example.com", None, None).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND, "the demo user has no two-factor");
}

#[tokio::test]
async fn revoking_ends_the_login_and_refresh_tokens_work_once() {
    let sim = sim(&[]);
    let first = password_grant(&sim, "demo@example.com", "demo-password", None).await.json();
    let refresh = format!(
        "grant_type=refresh_token&client_id=external&refresh_token={}",
        text(&first, "refresh_token")
    );
    let second = form(&sim, OPENID, &refresh).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let reused = form(&sim, OPENID, &refresh).await;
    let inactive = json!({"error": "invalid_grant", "error_description": "Token is not active"});
    assert_eq!((reused.status, reused.json()), (StatusCode::BAD_REQUEST, inactive.clone()));

    let second = second.json();
    let bearer = format!("Bearer {}", text(&second, "access_token"));
    let headers =
        [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", bearer.as_str())];
    let revoked = send(
        &sim,
        Method::POST,
        REVOKE,
        &headers,
        &format!("token={}", text(&second, "access_token")),
    )
    .await;
    assert_eq!((revoked.status, revoked.text.as_str()), (StatusCode::OK, ""));
    for access in [text(&first, "access_token"), text(&second, "access_token")] {
        let after = with(&sim, Method::GET, VMS, &format!("Bearer {access}")).await;
        assert_eq!(
            (after.status, after.json()),
            (StatusCode::UNAUTHORIZED, json!({"errors": {"base": ["Invalid token"]}}))
        );
    }
    let next = format!(
        "grant_type=refresh_token&client_id=external&refresh_token={}",
        text(&second, "refresh_token")
    );
    assert_eq!(form(&sim, OPENID, &next).await.json(), inactive);
    assert_eq!(
        send(&sim, Method::POST, REVOKE, &headers, "token=unknown").await.status,
        StatusCode::OK
    );
    let seen = sim.call(Method::GET, "/_sim/auth", None, None).await.json();
    assert_eq!(
        (&seen["password_grants"], &seen["refresh_grants"], &seen["revocations"]),
        (&json!(1), &json!(1), &json!(2))
    );
}

#[tokio::test]
async fn access_tokens_expire() {
    let sim = sim(&["--token-seconds", "1"]);
    let body = password_grant(&sim, "demo@example.com", "demo-password", None).await.json();
    assert_eq!(body["expires_in"], 1);
    let bearer = format!("Bearer {}", text(&body, "access_token"));
    assert_eq!(with(&sim, Method::GET, VMS, &bearer).await.status, StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let expired = with(&sim, Method::GET, VMS, &bearer).await;
    assert_eq!(
        (expired.status, expired.json()),
        (StatusCode::UNAUTHORIZED, json!({"errors": {"base": ["Token expired"]}}))
    );
}
