//! How the provider's customers get in (as the provider documents it): the
//! credential every request carries, the password logins (`POST /token`
//! and OpenID Connect) that yield tokens, `GET /accounts`, and what tests
//! read about it under `/_sim/`.
// Checks answer early with a ready `Response` as their error, as the API's do.
#![allow(clippy::result_large_err)]

mod accounts;
pub mod activity;
mod api_keys;
pub mod header;
mod inspect;
mod openid;
mod password;
pub mod registry;
pub mod tokens;
mod totp;
mod users;

use crate::config::Config;
use activity::Credential;
use axum::http::{header as http_header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use registry::Registry;
use serde_json::json;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

/// Shared, cloneable handle to the credentials.
#[derive(Clone)]
pub struct Auth {
    registry: Arc<Mutex<Registry>>,
}

/// What a checked credential opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub accounts: BTreeSet<u64>,
    /// Got with `"readonly": true`: it may only read.
    pub readonly: bool,
}

impl Access {
    pub fn opens(&self, account: u64) -> bool {
        self.accounts.contains(&account)
    }

    /// The account of a credential that opens exactly one.
    pub fn only_account(&self) -> Option<u64> {
        match self.accounts.len() {
            1 => self.accounts.first().copied(),
            _ => None,
        }
    }
}

/// Why a credential does not open anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Missing,
    Invalid,
    TokenExpired,
    KeyExpired,
}

impl Refusal {
    /// The 401 of the API: OnApp's error shape, saying which. An expired key
    /// also carries `error`, the shape the provider's docs show for it.
    pub fn response(self) -> Response {
        let message = match self {
            Self::Missing => "Authentication required",
            Self::Invalid => "Invalid token",
            Self::TokenExpired => "Token expired",
            Self::KeyExpired => "API key expired",
        };
        let body = match self {
            Self::KeyExpired => json!({"errors": {"base": [message]}, "error": message}),
            _ => json!({"errors": {"base": [message]}}),
        };
        (StatusCode::UNAUTHORIZED, Json(body)).into_response()
    }
}

impl Auth {
    pub fn new(config: &Config) -> Self {
        Self { registry: Arc::new(Mutex::new(Registry::new(config, now_ms()))) }
    }

    /// The registry, locked. A handler that panicked while holding it must
    /// not lock everyone out, so a poisoned lock is used as it is.
    pub fn lock(&self) -> MutexGuard<'_, Registry> {
        self.registry.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The credential of a request to `path`, checked: what it opens, or the
    /// 401 to answer. The one credential check of the service.
    pub fn check(&self, headers: &HeaderMap, path: &str) -> Result<Access, Response> {
        let value = headers.get(http_header::AUTHORIZATION).and_then(|v| v.to_str().ok());
        let (scheme, secret) = header::parse(value);
        let mut registry = self.lock();
        let (credential, outcome) = match secret {
            Some(secret) => registry.resolve(secret, now_ms()),
            None => (Credential::Unknown, Err(Refusal::Missing)),
        };
        registry.activity.saw(path, scheme, credential);
        outcome.map_err(Refusal::response)
    }
}

/// The logins and `GET /accounts`, under `/api` beside the API.
pub fn router(auth: Auth) -> Router {
    Router::new()
        .route("/token", post(password::token))
        .route("/auth/api/openid-connect/token", post(openid::token))
        .route("/auth/api/openid-connect/revoke", post(openid::revoke))
        .route("/accounts", get(accounts::list))
        .with_state(auth)
}

/// What tests and demos read: `/_sim/auth` and `/_sim/totp`.
pub fn inspect_router(auth: Auth) -> Router {
    Router::new()
        .route("/_sim/auth", get(inspect::activity))
        .route("/_sim/totp", get(inspect::totp))
        .with_state(auth)
}

/// `{"error": message}`: how the provider's login endpoint answers a refusal.
fn plain_error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({"error": message}))).into_response()
}

/// A token answer: never to be kept by a cache (RFC 6749 §5.1).
fn token_reply(body: serde_json::Value) -> Response {
    let mut response = Json(body).into_response();
    let headers = response.headers_mut();
    headers.insert(http_header::CACHE_CONTROL, axum::http::HeaderValue::from_static("no-store"));
    headers.insert(http_header::PRAGMA, axum::http::HeaderValue::from_static("no-cache"));
    response
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}
