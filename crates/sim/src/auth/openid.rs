//! The OpenID Connect endpoints, form-encoded as an OpenID server takes them
//! (RFC 6749 for the token, RFC 7009 for revocation), with its error shapes.

use super::registry::Login;
use super::tokens::Style;
use super::{now_ms, token_reply, Auth};
use axum::extract::rejection::FormRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Form, Json};
use serde_json::json;
use std::collections::HashMap;

/// The only client the provider's customers log in through.
const CLIENT_ID: &str = "external";

type Fields = Result<Form<HashMap<String, String>>, FormRejection>;

/// `grant_type=password` (with `totp` for two-factor) or `grant_type=refresh_token`.
pub async fn token(State(auth): State<Auth>, form: Fields) -> Response {
    let fields = match form_of(form) {
        Ok(fields) => fields,
        Err(refused) => return refused,
    };
    let field = |name: &str| fields.get(name).map(String::as_str);
    if field("client_id") != Some(CLIENT_ID) {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Invalid client or Invalid client credentials",
        );
    }
    let now = now_ms();
    let pair = match field("grant_type") {
        Some("password") => {
            let login = Login {
                email: field("username").unwrap_or_default(),
                password: field("password").unwrap_or_default(),
                code: field("totp"),
                readonly: false,
            };
            // A missing or wrong two-factor code is refused as a wrong password.
            auth.lock().password_login(&login, Style::OpenId, now).ok_or_else(|| {
                oauth_error(StatusCode::UNAUTHORIZED, "invalid_grant", "Invalid user credentials")
            })
        }
        Some("refresh_token") => match field("refresh_token") {
            None => Err(oauth_error(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "Missing parameter: refresh_token",
            )),
            Some(refresh) => auth.lock().refresh(refresh, Style::OpenId, now).ok_or_else(|| {
                oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "Token is not active")
            }),
        },
        None => Err(oauth_error(
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "Missing form parameter: grant_type",
        )),
        Some(_) => Err(oauth_error(
            StatusCode::BAD_REQUEST,
            "unsupported_grant_type",
            "Unsupported grant_type",
        )),
    };
    match pair {
        Ok(pair) => {
            let (refresh_token, refresh_seconds) =
                pair.refresh.map(|r| (r.token, r.seconds)).unwrap_or_default();
            token_reply(json!({
                "access_token": pair.access,
                "expires_in": pair.access_seconds,
                "refresh_token": refresh_token,
                "refresh_expires_in": refresh_seconds,
                "token_type": "Bearer",
                "scope": "profile email",
            }))
        }
        Err(refused) => refused,
    }
}

/// `token=<access or refresh token>`: ends that login, 200 with no body,
/// for an unknown token as well (RFC 7009 §2.2).
pub async fn revoke(State(auth): State<Auth>, form: Fields) -> Response {
    let fields = match form_of(form) {
        Ok(fields) => fields,
        Err(refused) => return refused,
    };
    if fields.get("client_id").is_some_and(|client| client != CLIENT_ID) {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "Invalid client or Invalid client credentials",
        );
    }
    let Some(token) = fields.get("token").filter(|t| !t.is_empty()) else {
        return oauth_error(StatusCode::BAD_REQUEST, "invalid_request", "Missing parameter: token");
    };
    auth.lock().revoke(token);
    StatusCode::OK.into_response()
}

/// The fields of a form-encoded body; anything else (JSON) is 400.
#[allow(clippy::result_large_err)]
fn form_of(form: Fields) -> Result<HashMap<String, String>, Response> {
    form.map(|Form(fields)| fields).map_err(|rejection| {
        let description = match rejection {
            FormRejection::InvalidFormContentType(_) => {
                "Content-Type must be application/x-www-form-urlencoded".to_owned()
            }
            other => other.body_text(),
        };
        oauth_error(StatusCode::BAD_REQUEST, "invalid_request", &description)
    })
}

fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    (status, Json(json!({"error": error, "error_description": description}))).into_response()
}
