//! `/_store/workspace`: where a deployment may keep the panel's workspace
//! file (an account's browser-kept data, as one JSON object) per account, as
//! the provider's small service or a WebDAV folder would. A plain `PUT` keeps
//! it, a `GET` gives it back; the token opens it as it opens the API. The file
//! is the panel's to read: the store only checks that it is a JSON object.

use crate::api::{empty, error, token_owner, Answer, AppState};
use crate::store::{epoch_now, http_date, StoredFile};
use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::get;
use axum::Router;

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
async fn fetch(State(state): State<AppState>, headers: HeaderMap) -> Answer {
    let account = token_owner(&headers, &state)?;
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
async fn keep(State(state): State<AppState>, headers: HeaderMap, body: Result<Bytes, BytesRejection>) -> Answer {
    let account = token_owner(&headers, &state)?;
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            error(StatusCode::PAYLOAD_TOO_LARGE, &format!("A workspace file is at most {MAX_BYTES} bytes"))
        }
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
