//! `GET /accounts`: the accounts a credential opens, the first call of the
//! newest quickstart. Its shape is not documented; a bare list of id, name
//! and status is what the simulator answers.

use super::Auth;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

pub async fn list(State(auth): State<Auth>, headers: HeaderMap) -> Response {
    let access = match auth.check(&headers, "/accounts") {
        Ok(access) => access,
        Err(refused) => return refused,
    };
    let registry = auth.lock();
    let accounts: Vec<Value> = access
        .accounts
        .iter()
        .map(|id| json!({"id": id, "name": registry.name(*id), "status": "active"}))
        .collect();
    Json(accounts).into_response()
}
