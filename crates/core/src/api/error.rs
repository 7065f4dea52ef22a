//! The one error type of every API call, and how a failed response becomes one.

use crate::api::decode::DecodeError;
use crate::i18n::messages as t;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

/// Messages a refused request came back with: per field, and for the request
/// as a whole (OnApp's `base`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ErrorMessages {
    pub fields: BTreeMap<String, Vec<String>>,
    pub general: Vec<String>,
}

impl ErrorMessages {
    pub fn is_empty(&self) -> bool {
        self.general.is_empty() && self.fields.values().all(Vec::is_empty)
    }

    /// Every message in one line: general ones first, then "field: message".
    pub fn summary(&self) -> String {
        let mut parts: Vec<String> = self.general.clone();
        for (field, messages) in &self.fields {
            for message in messages {
                parts.push(format!("{}: {message}", field.replace('_', " ")));
            }
        }
        parts.join("; ")
    }

    fn general(message: impl Into<String>) -> Self {
        Self { fields: BTreeMap::new(), general: vec![message.into()] }
    }
}

/// Why an API call did not give the panel what it asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// No answer at all: the network is down, the address is wrong, or the
    /// server refused the connection (or a CORS check failed, which a browser
    /// cannot tell apart).
    Unreachable { base_url: String },
    /// No answer within the time limit.
    Timeout { base_url: String, seconds: u32 },
    /// 401: the token is missing, wrong or expired.
    Unauthorized,
    /// 403: the token may not do this.
    Forbidden(ErrorMessages),
    /// 404.
    NotFound(ErrorMessages),
    /// 412, e.g. a second interface on a public network.
    PreconditionFailed(ErrorMessages),
    /// 422 (and 400 with field messages): the request was refused as invalid.
    Validation(ErrorMessages),
    /// Any other 4xx.
    Rejected { status: u16, messages: ErrorMessages },
    /// 5xx, with the seconds of a `Retry-After` header when one came.
    Server { status: u16, messages: ErrorMessages, retry_after: Option<u32> },
    /// A success status with a body that is not what was asked for.
    Malformed { status: u16, detail: String },
    /// The request was not sent because the panel found it invalid first
    /// (e.g. an id from the URL that is not an id).
    Invalid(String),
    /// A part of the panel itself (the code of a page, which arrives when it
    /// is first needed) could not be downloaded: no API request was made.
    PartNotLoaded { part: String },
    /// The code of a part is gone from the server: the panel was deployed
    /// anew since this page was opened. A reload brings the new version.
    PanelUpdated { part: String },
}

impl ApiError {
    /// The error for a response whose status is not a success.
    pub fn from_response(status: u16, body: &str, retry_after: Option<&str>) -> Self {
        let messages = messages_from_body(body);
        match status {
            401 => Self::Unauthorized,
            403 => Self::Forbidden(messages),
            404 => Self::NotFound(messages),
            412 => Self::PreconditionFailed(messages),
            422 => Self::Validation(messages),
            400 if !messages.fields.is_empty() => Self::Validation(messages),
            500..=599 => Self::Server {
                status,
                messages,
                retry_after: retry_after.and_then(|s| s.trim().parse::<u32>().ok()),
            },
            _ => Self::Rejected { status, messages },
        }
    }

    /// The error for a success response whose body could not be decoded.
    /// A body that is not the JSON it should be, described by what it is
    /// instead: a person can act on "an HTML page", not on a parser's column.
    pub fn malformed(status: u16, body: &str, err: &serde_json::Error) -> Self {
        let start = body.trim_start();
        let detail = if start.starts_with('<') {
            t::ERR_DETAIL_HTML.get().to_owned()
        } else if err.is_eof() {
            t::ERR_DETAIL_CUT_SHORT.get().to_owned()
        } else if start.starts_with(['{', '[']) {
            crate::tf!(t::ERR_DETAIL_BROKEN_JSON, err = err)
        } else {
            crate::tf!(t::ERR_DETAIL_NOT_JSON, excerpt = excerpt(body, 80))
        };
        Self::Malformed { status, detail }
    }

    pub fn from_decode(status: u16, err: DecodeError) -> Self {
        Self::Malformed { status, detail: err.to_string() }
    }

    /// Whether a GET that failed this way is worth trying again by itself.
    pub fn is_transient(&self) -> bool {
        match self {
            Self::Unreachable { .. } | Self::Timeout { .. } | Self::Malformed { .. } => true,
            Self::Server { status, .. } => matches!(status, 500 | 502 | 503 | 504),
            Self::Rejected { status, .. } => *status == 429,
            _ => false,
        }
    }

    /// The HTTP status, where there was a response.
    pub fn status(&self) -> Option<u16> {
        match self {
            Self::Unauthorized => Some(401),
            Self::Forbidden(_) => Some(403),
            Self::NotFound(_) => Some(404),
            Self::PreconditionFailed(_) => Some(412),
            Self::Validation(_) => Some(422),
            Self::Rejected { status, .. }
            | Self::Server { status, .. }
            | Self::Malformed { status, .. } => Some(*status),
            Self::Unreachable { .. }
            | Self::Timeout { .. }
            | Self::Invalid(_)
            | Self::PartNotLoaded { .. }
            | Self::PanelUpdated { .. } => None,
        }
    }

    /// The server's messages, where it sent any.
    pub fn messages(&self) -> Option<&ErrorMessages> {
        match self {
            Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::PreconditionFailed(m)
            | Self::Validation(m) => Some(m),
            Self::Rejected { messages, .. } | Self::Server { messages, .. } => Some(messages),
            _ => None,
        }
    }

    /// The server's messages, to take apart (see `forms::split`).
    pub fn messages_mut(&mut self) -> Option<&mut ErrorMessages> {
        match self {
            Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::PreconditionFailed(m)
            | Self::Validation(m) => Some(m),
            Self::Rejected { messages, .. } | Self::Server { messages, .. } => Some(messages),
            _ => None,
        }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with = |f: &mut fmt::Formatter<'_>, lead: &str, m: &ErrorMessages| {
            if m.is_empty() {
                f.write_str(lead)
            } else {
                write!(f, "{lead} {}", m.summary())
            }
        };
        match self {
            Self::Unreachable { base_url } => {
                f.write_str(&crate::tf!(t::ERR_UNREACHABLE, base_url = base_url))
            }
            Self::Timeout { base_url, seconds } => {
                f.write_str(&crate::tf!(t::ERR_TIMEOUT, base_url = base_url, seconds = seconds))
            }
            Self::Unauthorized => f.write_str(t::ERR_UNAUTHORIZED.get()),
            Self::Forbidden(m) => with(f, t::ERR_FORBIDDEN.get(), m),
            Self::NotFound(m) => with(f, t::ERR_NOT_FOUND.get(), m),
            Self::PreconditionFailed(m) => with(f, t::ERR_PRECONDITION.get(), m),
            Self::Validation(m) => with(f, t::ERR_VALIDATION.get(), m),
            Self::Rejected { status, messages } => {
                with(f, &crate::tf!(t::ERR_REJECTED, status = status), messages)
            }
            Self::Server { status, messages, retry_after } => {
                with(f, &crate::tf!(t::ERR_SERVER, status = status), messages)?;
                match retry_after {
                    Some(s) => write!(f, " {}", crate::tf!(t::ERR_RETRY_AFTER, s = s)),
                    None => write!(f, " {}", t::ERR_TRY_AGAIN_SOON.get()),
                }
            }
            Self::Malformed { status, detail } => {
                f.write_str(&crate::tf!(t::ERR_MALFORMED, status = status, detail = detail))
            }
            Self::Invalid(why) => f.write_str(why),
            Self::PartNotLoaded { part } => {
                f.write_str(&crate::tf!(t::ERR_PART_NOT_LOADED, part = part))
            }
            Self::PanelUpdated { part } => {
                f.write_str(&crate::tf!(t::ERR_PANEL_UPDATED, part = part))
            }
        }
    }
}

impl std::error::Error for ApiError {}

/// Reads messages out of every error body shape the service and its
/// neighbours use; a body that is not JSON becomes one short general message.
pub fn messages_from_body(body: &str) -> ErrorMessages {
    let trimmed = body.trim();
    if trimmed.is_empty() {
        return ErrorMessages::default();
    }
    match serde_json::from_str::<Value>(trimmed) {
        Ok(value) => messages_from_json(&value),
        Err(_) if looks_like_html(trimmed) => {
            ErrorMessages::general(t::ERR_HTML_INSTEAD_OF_JSON.get())
        }
        Err(_) => ErrorMessages::general(excerpt(trimmed, 200)),
    }
}

fn messages_from_json(value: &Value) -> ErrorMessages {
    let Value::Object(map) = value else {
        return match value {
            Value::String(s) => ErrorMessages::general(excerpt(s, 200)),
            Value::Array(items) => ErrorMessages { general: strings(items), ..Default::default() },
            _ => ErrorMessages::default(),
        };
    };
    for key in ["errors", "error"] {
        if let Some(inner) = map.get(key) {
            let messages = messages_in(inner);
            if !messages.is_empty() {
                return messages;
            }
        }
    }
    for key in ["message", "detail", "title"] {
        if let Some(Value::String(s)) = map.get(key) {
            return ErrorMessages::general(s.clone());
        }
    }
    ErrorMessages::default()
}

/// The value of an `errors`/`error` member: an object of field → messages
/// (`base` being the request as a whole), a list, or one string.
fn messages_in(value: &Value) -> ErrorMessages {
    match value {
        Value::String(s) => ErrorMessages::general(s.clone()),
        Value::Array(items) => ErrorMessages { general: strings(items), ..Default::default() },
        Value::Object(map) => {
            let mut out = ErrorMessages::default();
            for (key, v) in map {
                let texts = match v {
                    Value::Array(items) => strings(items),
                    Value::String(s) => vec![s.clone()],
                    Value::Object(_) => {
                        let nested = messages_in(v);
                        let mut all = nested.general;
                        all.extend(nested.fields.into_values().flatten());
                        all
                    }
                    Value::Number(n) => vec![n.to_string()],
                    _ => Vec::new(),
                };
                if texts.is_empty() {
                    continue;
                }
                if matches!(key.as_str(), "base" | "message" | "messages" | "detail") {
                    out.general.extend(texts);
                } else {
                    out.fields.entry(key.clone()).or_default().extend(texts);
                }
            }
            out
        }
        _ => ErrorMessages::default(),
    }
}

fn strings(items: &[Value]) -> Vec<String> {
    items
        .iter()
        .filter_map(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Object(_) => Some(messages_in(v).summary()).filter(|s| !s.is_empty()),
            _ => None,
        })
        .collect()
}

fn looks_like_html(body: &str) -> bool {
    let head: String = body.chars().take(200).collect::<String>().to_ascii_lowercase();
    head.starts_with('<')
        && (head.contains("<html")
            || head.contains("<!doctype")
            || head.contains("<body")
            || head.contains("<h1"))
}

/// The first `max` characters of a text on one line, for showing in an error.
pub fn excerpt(text: &str, max: usize) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if one_line.is_empty() {
        return t::ERR_EMPTY_BODY.get().to_owned();
    }
    let mut out: String = one_line.chars().take(max).collect();
    if one_line.chars().count() > max {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.iter().map(|s| s.to_string()).collect()))
            .collect()
    }

    #[test]
    fn a_malformed_answer_is_described_by_what_it_is() {
        let said = |body: &str| {
            let err = serde_json::from_str::<serde_json::Value>(body).expect_err("not JSON");
            ApiError::malformed(200, body, &err).to_string()
        };
        let html = said("<!DOCTYPE html><html><body><h1>Bad gateway</h1></body></html>");
        assert!(html.contains("an HTML page came instead of JSON"), "{html}");
        assert!(!html.contains("<h1>"), "{html}");
        assert!(said(r#"{"virtual_machine": {"id": "4"#).contains("cut short"));
        assert!(said(r#"{"id": 4,}"#).contains("the JSON is broken"));
        assert!(said("Service temporarily overloaded")
            .contains("it is not JSON: “Service temporarily overloaded”"));
    }

    #[test]
    fn onapp_field_errors() {
        let body = r#"{"errors": {"hostname": ["is too long", "is invalid"], "base": ["Not enough memory"]}}"#;
        let err = ApiError::from_response(422, body, None);
        let ApiError::Validation(m) = &err else { panic!("{err:?}") };
        assert_eq!(m.fields, fields(&[("hostname", &["is too long", "is invalid"])]));
        assert_eq!(m.general, vec!["Not enough memory"]);
        assert!(err.to_string().contains("hostname: is too long"));
    }

    #[test]
    fn every_neighbouring_error_shape() {
        let cases = [
            (r#"{"errors": ["Memory too low"]}"#, "Memory too low"),
            (r#"{"errors": "Memory too low"}"#, "Memory too low"),
            (r#"{"error": "Memory too low"}"#, "Memory too low"),
            (r#"{"error": {"message": "Memory too low"}}"#, "Memory too low"),
            (r#"{"message": "Memory too low"}"#, "Memory too low"),
            (r#""Memory too low""#, "Memory too low"),
            ("Memory too low", "Memory too low"),
        ];
        for (body, want) in cases {
            let err = ApiError::from_response(422, body, None);
            assert_eq!(err.messages().unwrap().summary(), want, "{body}");
        }
    }

    #[test]
    fn html_bodies_are_named_not_shown() {
        let body = "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>";
        let err = ApiError::from_response(502, body, None);
        let summary = err.messages().unwrap().summary();
        assert!(summary.contains("HTML page"), "{summary}");
        assert!(!summary.contains("<script>"));
    }

    #[test]
    fn statuses_map_to_kinds() {
        assert_eq!(ApiError::from_response(401, "", None), ApiError::Unauthorized);
        assert!(matches!(ApiError::from_response(403, "", None), ApiError::Forbidden(_)));
        assert!(matches!(ApiError::from_response(404, "", None), ApiError::NotFound(_)));
        assert!(matches!(ApiError::from_response(412, "", None), ApiError::PreconditionFailed(_)));
        assert!(matches!(
            ApiError::from_response(400, r#"{"errors":{"label":["blank"]}}"#, None),
            ApiError::Validation(_)
        ));
        assert!(matches!(
            ApiError::from_response(400, "bad", None),
            ApiError::Rejected { status: 400, .. }
        ));
        assert_eq!(
            ApiError::from_response(503, "", Some("7")),
            ApiError::Server {
                status: 503,
                messages: ErrorMessages::default(),
                retry_after: Some(7)
            }
        );
    }

    #[test]
    fn which_errors_a_get_may_retry() {
        assert!(ApiError::from_response(503, "", None).is_transient());
        assert!(ApiError::from_response(429, "", None).is_transient());
        assert!(ApiError::Unreachable { base_url: "x".into() }.is_transient());
        assert!(!ApiError::from_response(501, "", None).is_transient());
        assert!(!ApiError::Unauthorized.is_transient());
        assert!(!ApiError::from_response(422, "", None).is_transient());
    }

    #[test]
    fn messages_are_short_and_on_one_line() {
        let long = "word ".repeat(200);
        let m = messages_from_body(&long);
        assert!(m.summary().chars().count() <= 201);
        assert_eq!(excerpt("  a\n\n b  ", 10), "a b");
        assert_eq!(excerpt("", 10), "(empty)");
    }

    #[test]
    fn unreachable_names_the_address() {
        let err = ApiError::Unreachable { base_url: "http://127.0.0.1:9/api".into() };
        assert!(err.to_string().starts_with("Cannot reach the API at http://127.0.0.1:9/api"));
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn errors_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(
            ApiError::Unauthorized.to_string(),
            "Tu sesión ha caducado o se ha rechazado el token."
        );
        let server = ApiError::Server {
            status: 503,
            messages: ErrorMessages::default(),
            retry_after: Some(30),
        };
        assert_eq!(server.to_string(), "El servicio tuvo un problema (HTTP 503). Pide volver a intentarlo dentro de 30 segundos.");
        let decode = ApiError::from_decode(
            200,
            DecodeError { expected: "a list of virtual machines", found: "a number" },
        );
        assert_eq!(decode.to_string(), "El servicio ha enviado una respuesta que no se ha podido leer (HTTP 200): se esperaba una lista de máquinas virtuales y ha llegado un número");
    }
}
