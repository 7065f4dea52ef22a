//! `/_store/workspace`: where a deployment may keep the panel's workspace
//! file (an account's browser-kept data, as one JSON object) per account, as
//! the provider's small service or a WebDAV folder would. A plain `PUT` keeps
//! it, a `GET` gives it back; the token opens it as it opens the API. The file
//! is the panel's to read: the store only checks that it is a JSON object.
//! A credential that opens several accounts says which with `?account=ID`.

use crate::api::{empty, error, Answer, AppState};
use crate::store::{epoch_now, http_date, StoredFile};
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use std::collections::HashMap;

pub const PATH: &str = "/_store/workspace";

/// The largest file kept, in bytes.
pub const MAX_BYTES: usize = 2_000_000;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route(PATH, get(fetch).put(keep))
        // The extractor refuses a longer body with 413 before it is read whole.
        .layer(DefaultBodyLimit::max(MAX_BYTES))
        .with_state(state)
}

/// `GET`: the account's file as it was put, or 404 when none was.
async fn fetch(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Answer {
    let account = account_of(&state, &headers, &query)?;
    let store = state.lock();
    let Some(file) = store.accounts.get(&account).and_then(|a| a.workspace.as_ref()) else {
        return Err(error(StatusCode::NOT_FOUND, "No workspace file is stored for this account"));
    };
    let mut response = Response::new(Body::from(file.body.clone()));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    // Another browser may have put a newer file since: never answer from a cache.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(modified) = HeaderValue::from_str(&http_date(file.modified)) {
        headers.insert(header::LAST_MODIFIED, modified);
    }
    Ok(response)
}

/// `PUT`: keeps a JSON object of at most [`MAX_BYTES`] for the account, in
/// place of the one it had; 204.
async fn keep(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
    body: Result<Bytes, BytesRejection>,
) -> Answer {
    let account = account_of(&state, &headers, &query)?;
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => error(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("A workspace file is at most {MAX_BYTES} bytes"),
        ),
        status => error(status, &rejection.body_text()),
    })?;
    if serde_json::from_slice::<serde_json::Map<String, serde_json::Value>>(&body).is_err() {
        return Err(error(StatusCode::BAD_REQUEST, "A workspace file is a JSON object"));
    }
    let mut store = state.lock();
    let Some(kept) = store.accounts.get_mut(&account) else {
        return Err(error(StatusCode::UNAUTHORIZED, "Invalid token"));
    };
    kept.workspace = Some(StoredFile { body, modified: epoch_now() });
    Ok(empty(StatusCode::NO_CONTENT))
}

/// The account whose file is meant: the credential's only one, or the one
/// `?account=` names among those it opens (400 without it when it opens
/// several, 403 for one it does not open).
#[allow(clippy::result_large_err)]
fn account_of(
    state: &AppState,
    headers: &HeaderMap,
    query: &HashMap<String, String>,
) -> Result<u64, Response> {
    let access = state.auth.check(headers, PATH)?;
    match query.get("account").map(|id| id.trim()).filter(|id| !id.is_empty()) {
        Some(id) => match id.parse::<u64>() {
            Ok(id) if access.opens(id) => Ok(id),
            Ok(_) => Err(error(StatusCode::FORBIDDEN, "This token does not open that account")),
            Err(_) => Err(error(StatusCode::BAD_REQUEST, "account is an account id")),
        },
        None => access.only_account().ok_or_else(|| {
            error(
                StatusCode::BAD_REQUEST,
                "This credential opens several accounts: say which with ?account=ID",
            )
        }),
    }
}
