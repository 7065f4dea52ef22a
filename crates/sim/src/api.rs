//! The API under `/api`, in the shapes of the spec and of OnApp.
// Handlers answer early with a ready `Response` as the error of their checks.
#![allow(clippy::result_large_err)]

use crate::state::AppState;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::Instant;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/account/{account}/virtual_machines", get(list_vms))
        .route("/account/{account}/virtual_machine/{vm}", get(get_vm))
        .fallback(|| async { error(StatusCode::NOT_FOUND, "No such API path") })
        .with_state(state)
}

/// An OnApp-shaped error: `{"errors": {"base": [message]}}`.
fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"errors": {"base": [message]}}))).into_response()
}

/// An OnApp-shaped validation error on one field.
fn field_error(field: &str, message: &str) -> Response {
    (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({"errors": {field: [message]}}))).into_response()
}

/// Checks the token against the account in the path: a missing or unknown
/// token is 401; a token of another account is 403, whether or not the
/// account in the path exists.
fn authorize(state: &AppState, headers: &HeaderMap, account: &str) -> Result<u64, Response> {
    let token = headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::trim);
    let Some(token) = token.filter(|t| !t.is_empty()) else {
        return Err(error(StatusCode::UNAUTHORIZED, "Authentication required"));
    };
    let store = state.lock();
    let Some((owner, _)) = store.accounts.iter().find(|(_, a)| a.token == token) else {
        return Err(error(StatusCode::UNAUTHORIZED, "Invalid token"));
    };
    match account.parse::<u64>() {
        Ok(id) if id == *owner => Ok(id),
        _ => Err(error(StatusCode::FORBIDDEN, "This token does not open that account")),
    }
}

const SORT_FIELDS: [&str; 9] = [
    "identifier", "label", "memory", "cpus", "operating_system", "operating_system_distro", "status",
    "location_id", "disks_size",
];

async fn list_vms(
    State(state): State<AppState>,
    Path(account): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Response {
    let account_id = match authorize(&state, &headers, &account) {
        Ok(id) => id,
        Err(response) => return response,
    };
    let now = Instant::now();
    let q = |key: &str| query.get(key).map(|v| v.trim()).filter(|v| !v.is_empty());

    let offset = match q("offset").map(str::parse::<usize>) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => return field_error("offset", "must be a whole number"),
    };
    let limit = match q("limit").map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) if (1..=1000).contains(&n) => Some(n),
        Some(_) => return field_error("limit", "must be a whole number from 1 to 1000"),
    };
    let sort = q("sort");
    if let Some(field) = sort.filter(|f| !SORT_FIELDS.contains(f)) {
        return field_error("sort", &format!("“{field}” is not a sort field"));
    }
    let descending = match q("order") {
        None | Some("asc") => false,
        Some("desc") => true,
        Some(_) => return field_error("order", "must be asc or desc"),
    };
    let flag = |key: &str| -> Result<Option<bool>, Response> {
        match q(key) {
            None => Ok(None),
            Some("1" | "true") => Ok(Some(true)),
            Some("0" | "false") => Ok(Some(false)),
            Some(_) => Err(field_error(key, "must be 0 or 1")),
        }
    };
    let (locked, suspended) = match (flag("locked"), flag("suspended")) {
        (Ok(l), Ok(s)) => (l, s),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    let contains = |hay: &str, needle: &str| hay.to_lowercase().contains(&needle.to_lowercase());

    let store = state.lock();
    let Some(acc) = store.accounts.get(&account_id) else {
        return error(StatusCode::NOT_FOUND, "No such account");
    };
    let mut vms: Vec<_> = acc
        .vms
        .values()
        .filter(|vm| q("id").is_none_or(|id| vm.id.to_string() == id))
        .filter(|vm| q("type").is_none_or(|t| vm.vm_type == t))
        .filter(|vm| q("cpu_type").is_none_or(|t| vm.cpu_type == t))
        .filter(|vm| q("status").is_none_or(|s| vm.status == s))
        .filter(|vm| q("hostname").is_none_or(|h| contains(&vm.hostname, h)))
        .filter(|vm| q("label").is_none_or(|l| contains(&vm.label, l)))
        .filter(|vm| q("ip_address").is_none_or(|ip| vm.ip_addresses.iter().any(|a| a == ip)))
        .filter(|vm| locked.is_none_or(|l| vm.is_locked(now) == l))
        .filter(|vm| suspended.is_none_or(|s| vm.suspended == s))
        .filter(|vm| q("location_id").is_none_or(|l| vm.location_id.to_string() == l))
        .filter(|vm| q("disk_type").is_none_or(|d| vm.disk_type == d))
        .collect();

    if let Some(field) = sort {
        vms.sort_by(|a, b| {
            let os = |vm: &crate::model::VmRecord, i: usize| vm.template().map(|t| if i == 2 { t.2 } else { t.3 }).unwrap_or("");
            let ord = match field {
                "identifier" => a.identifier.cmp(&b.identifier),
                "label" => a.label.to_lowercase().cmp(&b.label.to_lowercase()),
                "memory" => a.memory.cmp(&b.memory),
                "cpus" => a.cpus.cmp(&b.cpus),
                "operating_system" => os(a, 2).cmp(os(b, 2)),
                "operating_system_distro" => os(a, 3).cmp(os(b, 3)),
                "status" => a.status.cmp(b.status),
                "location_id" => a.location_id.cmp(&b.location_id),
                _ => a.disks_size().cmp(&b.disks_size()),
            };
            ord.then(a.id.cmp(&b.id))
        });
    }
    if descending {
        vms.reverse();
    }

    let total = vms.len();
    let per_page = limit.unwrap_or(total.max(1));
    let body: Vec<Value> = vms.iter().skip(offset).take(per_page).map(|vm| vm.to_json(now)).collect();
    let mut response = Json(Value::Array(body)).into_response();
    let headers = response.headers_mut();
    let mut put = |name: &'static str, value: usize| {
        headers.insert(name, HeaderValue::from(value));
    };
    put("x-total", total);
    put("x-total-pages", total.div_ceil(per_page).max(1));
    put("x-page", offset / per_page + 1);
    put("x-per-page", per_page);
    response
}

async fn get_vm(
    State(state): State<AppState>,
    Path((account, vm)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let account_id = match authorize(&state, &headers, &account) {
        Ok(id) => id,
        Err(response) => return response,
    };
    let store = state.lock();
    let found = vm
        .parse::<u64>()
        .ok()
        .and_then(|id| store.accounts.get(&account_id)?.vms.get(&id));
    match found {
        Some(vm) => Json(vm.to_json(Instant::now())).into_response(),
        None => error(StatusCode::NOT_FOUND, "Virtual machine not found"),
    }
}
