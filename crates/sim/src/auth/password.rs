//! `POST /token`: the JSON password login of the newest and the oldest
//! generation (OnApp's shapes answer as the newest), and (not documented
//! beyond its fields) its refresh.

use super::registry::Login;
use super::tokens::{Pair, Style};
use super::{now_ms, plain_error, token_reply, Auth};
use crate::config::Generation;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{json, Map, Value};

/// `{"login", "password", "readonly"?, "totp"?}` or `{"refresh_token"}`.
pub async fn token(State(auth): State<Auth>, body: Bytes) -> Response {
    let fields = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Object(fields)) => fields,
        Ok(_) => return plain_error(StatusCode::BAD_REQUEST, "The body must be a JSON object"),
        Err(_) => return plain_error(StatusCode::BAD_REQUEST, "The body is not JSON"),
    };
    let mut registry = auth.lock();
    let style = match registry.generation {
        Generation::Documented | Generation::Onapp => Style::Documented,
        Generation::Oldest => Style::Oldest,
    };
    let now = now_ms();
    if let Some(refresh) = fields.get("refresh_token") {
        let pair = refresh.as_str().and_then(|token| registry.refresh(token, style, now));
        return match pair {
            Some(pair) => answer(&pair, style),
            None => plain_error(StatusCode::UNAUTHORIZED, "Invalid refresh token"),
        };
    }
    let login = match login_of(&fields) {
        Ok(login) => login,
        Err(problem) => return plain_error(StatusCode::BAD_REQUEST, problem),
    };
    match registry.password_login(&login, style, now) {
        Some(pair) => answer(&pair, style),
        // A missing or wrong two-factor code is refused as a wrong password:
        // the real answer is not documented.
        None => plain_error(StatusCode::UNAUTHORIZED, "Invalid login or password"),
    }
}

fn login_of(fields: &Map<String, Value>) -> Result<Login<'_>, &'static str> {
    let text = |name: &str| fields.get(name).and_then(Value::as_str);
    let (Some(email), Some(password)) = (text("login"), text("password")) else {
        return Err("login and password are required, as strings");
    };
    let readonly = match fields.get("readonly") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(readonly)) => *readonly,
        Some(_) => return Err("readonly is true or false"),
    };
    let code = match fields.get("totp") {
        None | Some(Value::Null) => None,
        Some(Value::String(code)) => Some(code.as_str()),
        Some(_) => return Err("totp is the code as a string"),
    };
    Ok(Login { email, password, code, readonly })
}

fn answer(pair: &Pair, style: Style) -> Response {
    let expires = pair.access_expires_ms / 1000;
    match (style, &pair.refresh) {
        (Style::Oldest, _) | (_, None) => {
            token_reply(json!({"token": pair.access, "expires": expires.to_string()}))
        }
        (_, Some(refresh)) => token_reply(json!({
            "token": pair.access,
            "expires": expires,
            "refresh_token": refresh.token,
            "refresh_expires": refresh.expires_ms / 1000,
        })),
    }
}
