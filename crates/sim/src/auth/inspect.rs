//! What tests and demos read about logins: `GET /_sim/auth` (counts and the
//! last requests' credentials) and `GET /_sim/totp?email=` (a user's
//! current two-factor code, for the demo and for tests that log in).

use super::{now_ms, plain_error, Auth};
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;
use std::collections::HashMap;

pub async fn activity(State(auth): State<Auth>) -> Response {
    Json(auth.lock().activity.to_json()).into_response()
}

pub async fn totp(
    State(auth): State<Auth>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let Some(email) = query.get("email") else {
        return plain_error(StatusCode::BAD_REQUEST, "Say whose code: ?email=EMAIL");
    };
    let registry = auth.lock();
    match registry.users.find(email).and_then(|user| user.totp.as_ref()) {
        Some(totp) => Json(json!({"code": totp.code_at(now_ms() / 1000)})).into_response(),
        None => plain_error(
            StatusCode::NOT_FOUND,
            "No user with two-factor authentication on has that email",
        ),
    }
}
