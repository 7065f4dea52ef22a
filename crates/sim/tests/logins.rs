//! How customers get in (`provider-api.md` §1 and §2): the password logins
//! of `POST /token` and OpenID Connect, two-factor codes, API keys, refresh
//! and revocation, `GET /accounts`, and the credentials the API and the
//! workspace store take.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{Reply, Sim};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;
use vmdeck_sim::config::{parse, Command};

const VMS: &str = "/api/account/1/virtual_machines";
const OPENID: &str = "/api/auth/api/openid-connect/token";
const REVOKE: &str = "/api/auth/api/openid-connect/revoke";

/// The simulator as the command line would start it, with its default users and keys.
fn sim(args: &[&str]) -> Sim {
    let base = ["--vms", "2", "--account", "1:demo-token", "--account", "2:other-token", "--account", "3:third-token"];
    match parse(base.iter().chain(args).map(|a| a.to_string())) {
        Ok(Command::Run(config)) => Sim::with(config),
        other => panic!("{other:?}"),
    }
}

/// A request with any headers and a body as given.
async fn send(sim: &Sim, method: Method, uri: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut request = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = sim.app.clone().oneshot(request.body(Body::from(body.to_owned())).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, text: String::from_utf8_lossy(&bytes).into_owned() }
}

async fn form(sim: &Sim, uri: &str, body: &str) -> Reply {
    send(sim, Method::POST, uri, &[("Content-Type", "application/x-www-form-urlencoded")], body).await
}

async fn json_login(sim: &Sim, body: Value) -> Reply {
    send(sim, Method::POST, "/api/token", &[("Content-Type", "application/json")], &body.to_string()).await
}

async fn with(sim: &Sim, method: Method, uri: &str, authorization: &str) -> Reply {
    send(sim, method, uri, &[("Authorization", authorization), ("Content-Type", "application/json")], "").await
}

async fn password_grant(sim: &Sim, email: &str, password: &str, code: Option<&str>) -> Reply {
    let totp = code.map(|c| format!("&totp={c}")).unwrap_or_default();
    form(sim, OPENID, &format!("grant_type=password&client_id=external&username={email}&password={password}{totp}")).await
}

async fn team_code(sim: &Sim) -> String {
    let reply = sim.call(Method::GET, "/_sim/totp?email=team@example.com", None, None).await;
    reply.json()["code"].as_str().unwrap().to_owned()
}

fn text<'a>(value: &'a Value, field: &str) -> &'a str {
    value[field].as_str().unwrap_or_else(|| panic!("{field} in {value}"))
}

/// The JSON payload of a JWT-looking token.
fn claims(token: &str) -> Value {
    let parts: Vec<&str> = token.split('.').collect();
    assert_eq!(parts.len(), 3, "{token}");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap()
}

#[tokio::test]
async fn an_openid_login_opens_the_api_with_bearer() {
    let sim = sim(&[]);
    let login = password_grant(&sim, "demo@example.com", "demo-password", None).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text);
    assert_eq!(login.header("cache-control"), Some("no-store"));
    let body = login.json();
    assert_eq!((body["expires_in"].as_u64(), body["refresh_expires_in"].as_u64()), (Some(300), Some(1800)));
    assert_eq!((text(&body, "token_type"), text(&body, "scope")), ("Bearer", "profile email"));
    let access = text(&body, "access_token");
    for field in ["sub", "exp", "iat", "jti"] {
        assert!(!claims(access)[field].is_null(), "{field}");
    }
    claims(text(&body, "refresh_token"));
    assert_eq!(with(&sim, Method::GET, VMS, &format!("Bearer {access}")).await.status, StatusCode::OK);
    let elsewhere = with(&sim, Method::GET, "/api/account/2/virtual_machines", &format!("Bearer {access}")).await;
    assert_eq!(elsewhere.status, StatusCode::FORBIDDEN);

    let seen = sim.call(Method::GET, "/_sim/auth", None, None).await.json();
    assert_eq!(seen["password_grants"], 1);
    assert_eq!(seen["requests"][0], json!({"path": "/account/1/virtual_machines", "scheme": "bearer", "credential": "access_token"}));
    assert!(!seen.to_string().contains(access), "never a secret");
}

#[tokio::test]
async fn post_token_in_the_documented_shape_and_its_refresh() {
    let sim = sim(&[]);
    let login = json_login(&sim, json!({"login": "Demo@Example.com", "password": "demo-password"})).await;
    assert_eq!(login.status, StatusCode::OK, "{}", login.text);
    let body = login.json();
    let token = text(&body, "token");
    assert_eq!(claims(token)["exp"], body["expires"]);
    assert!(body["expires"].is_u64() && body["refresh_expires"].is_u64());
    assert_eq!(with(&sim, Method::GET, VMS, token).await.status, StatusCode::OK, "a bare token works too");

    let refresh = text(&body, "refresh_token");
    let again = json_login(&sim, json!({"refresh_token": refresh})).await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.text);
    assert!(again.json()["refresh_token"].is_string());
    let reused = json_login(&sim, json!({"refresh_token": refresh})).await;
    assert_eq!((reused.status, reused.json()), (StatusCode::UNAUTHORIZED, json!({"error": "Invalid refresh token"})));
    assert_eq!(sim.call(Method::GET, "/_sim/auth", None, None).await.json()["refresh_grants"], 1);
}

#[tokio::test]
async fn post_token_in_the_oldest_shape() {
    let sim = sim(&["--generation", "oldest"]);
    let body = json_login(&sim, json!({"login": "demo@example.com", "password": "demo-password"})).await.json();
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
    assert_eq!((wrong.status, wrong.json()), (StatusCode::UNAUTHORIZED, json!({"error": "Invalid login or password"})));
    let nobody = json_login(&sim, json!({"login": "who@example.com", "password": "demo-password"})).await;
    assert_eq!(nobody.status, StatusCode::UNAUTHORIZED);
    let not_json = send(&sim, Method::POST, "/api/token", &[], "login=demo").await;
    assert_eq!(not_json.status, StatusCode::BAD_REQUEST);
    assert!(not_json.json()["error"].is_string());

    let wrong = password_grant(&sim, "demo@example.com", "nope", None).await;
    let invalid_grant = json!({"error": "invalid_grant", "error_description": "Invalid user credentials"});
    assert_eq!((wrong.status, wrong.json()), (StatusCode::UNAUTHORIZED, invalid_grant));
    let client = form(&sim, OPENID, "grant_type=password&client_id=web&username=demo@example.com&password=demo-password").await;
    assert_eq!((client.status, text(&client.json(), "error")), (StatusCode::UNAUTHORIZED, "invalid_client"));
    let grant = form(&sim, OPENID, "grant_type=client_credentials&client_id=external").await;
    assert_eq!((grant.status, text(&grant.json(), "error")), (StatusCode::BAD_REQUEST, "unsupported_grant_type"));
    let body = r#"{"grant_type": "password"}"#;
    let as_json = send(&sim, Method::POST, OPENID, &[("Content-Type", "application/json")], body).await;
    assert_eq!(as_json.status, StatusCode::BAD_REQUEST);
    assert_eq!(text(&as_json.json(), "error"), "invalid_request");
    assert!(as_json.json()["error_description"].is_string());
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
    assert_eq!(password_grant(&sim, "team@example.com", "team-password", Some(wrong)).await.status, StatusCode::UNAUTHORIZED);
    let right = password_grant(&sim, "team@example.com", "team-password", Some(&code)).await;
    assert_eq!(right.status, StatusCode::OK, "{}", right.text);

    let without = json_login(&sim, json!({"login": "team@example.com", "password": "team-password"})).await;
    assert_eq!((without.status, without.json()), (StatusCode::UNAUTHORIZED, json!({"error": "Invalid login or password"})));
    let with_code = json_login(&sim, json!({"login": "team@example.com", "password": "team-password", "totp": code})).await;
    assert_eq!(with_code.status, StatusCode::OK);
    let none = sim.call(Method::GET, "/_sim/totp?email=demo@example.com", None, None).await;
    assert_eq!(none.status, StatusCode::NOT_FOUND, "the demo user has no two-factor");
}

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
    assert_eq!(with(&sim, Method::GET, "/api/account/3/virtual_machines", &bearer).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_readonly_token_only_reads() {
    let sim = sim(&[]);
    let body = json_login(&sim, json!({"login": "demo@example.com", "password": "demo-password", "readonly": true})).await.json();
    let bearer = format!("Bearer {}", text(&body, "token"));
    assert_eq!(with(&sim, Method::GET, VMS, &bearer).await.status, StatusCode::OK);
    let vm = sim.get("/virtual_machines").await.json()[0]["id"].as_str().unwrap().to_owned();
    for (method, path) in [(Method::POST, "reboot"), (Method::PUT, ""), (Method::DELETE, "")] {
        let uri = format!("/api/account/1/virtual_machine/{vm}/{path}").trim_end_matches('/').to_owned();
        let refused = with(&sim, method, &uri, &bearer).await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN, "{uri}");
        assert_eq!(refused.json(), json!({"errors": {"base": ["This token may only read"]}}));
    }
}

#[tokio::test]
async fn revoking_ends_the_login_and_refresh_tokens_work_once() {
    let sim = sim(&[]);
    let first = password_grant(&sim, "demo@example.com", "demo-password", None).await.json();
    let refresh = format!("grant_type=refresh_token&client_id=external&refresh_token={}", text(&first, "refresh_token"));
    let second = form(&sim, OPENID, &refresh).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text);
    let reused = form(&sim, OPENID, &refresh).await;
    let inactive = json!({"error": "invalid_grant", "error_description": "Token is not active"});
    assert_eq!((reused.status, reused.json()), (StatusCode::BAD_REQUEST, inactive.clone()));

    let second = second.json();
    let bearer = format!("Bearer {}", text(&second, "access_token"));
    let headers = [("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", bearer.as_str())];
    let revoked = send(&sim, Method::POST, REVOKE, &headers, &format!("token={}", text(&second, "access_token"))).await;
    assert_eq!((revoked.status, revoked.text.as_str()), (StatusCode::OK, ""));
    for access in [text(&first, "access_token"), text(&second, "access_token")] {
        let after = with(&sim, Method::GET, VMS, &format!("Bearer {access}")).await;
        assert_eq!((after.status, after.json()), (StatusCode::UNAUTHORIZED, json!({"errors": {"base": ["Invalid token"]}})));
    }
    let next = format!("grant_type=refresh_token&client_id=external&refresh_token={}", text(&second, "refresh_token"));
    assert_eq!(form(&sim, OPENID, &next).await.json(), inactive);
    assert_eq!(send(&sim, Method::POST, REVOKE, &headers, "token=unknown").await.status, StatusCode::OK);
    let seen = sim.call(Method::GET, "/_sim/auth", None, None).await.json();
    assert_eq!((&seen["password_grants"], &seen["refresh_grants"], &seen["revocations"]), (&json!(1), &json!(1), &json!(2)));
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
    assert_eq!((expired.status, expired.json()), (StatusCode::UNAUTHORIZED, json!({"errors": {"base": ["Token expired"]}})));
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
        async move { send(sim, Method::PUT, uri, &[("Authorization", auth.as_str()), ("Content-Type", "application/json")], file).await }
    };
    assert_eq!(put("/_store/workspace", team.clone()).await.status, StatusCode::BAD_REQUEST);
    assert_eq!(put("/_store/workspace?account=2", team.clone()).await.status, StatusCode::NO_CONTENT);
    assert_eq!(put("/_store/workspace?account=2", "demo-api-key".into()).await.status, StatusCode::FORBIDDEN);
    assert_eq!(put("/_store/workspace", "Bearer demo-api-key".into()).await.status, StatusCode::NO_CONTENT);
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
        assert_eq!(reply.header("access-control-allow-origin"), Some("http://127.0.0.1:8081"), "{uri}");
        let allowed = reply.header("access-control-allow-headers").unwrap_or_default();
        assert!(allowed.contains("authorization") && allowed.contains("content-type"), "{allowed}");
    }
}
