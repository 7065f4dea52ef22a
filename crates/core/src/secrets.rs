//! What the panel never writes down: the values of secret keys (passwords,
//! tokens, keys) and the parts of an address that can carry a credential
//! (user info, query, fragment). One rule for the whole panel, so that the
//! history, the exports, the raw fields and "Show as API request" agree.

use serde_json::{Map, Value};

/// Words that make a key secret wherever they appear in it.
const SECRET_WORDS: [&str; 5] = ["password", "token", "secret", "key", "authorization"];

/// What a secret value is shown as.
pub const MASK: &str = "••••••••";

/// Whether the value of `key` is a secret: its name contains, in any case,
/// password, token, secret, key or authorization (`initial_root_password`,
/// `API_Token`, `ssh_key`, `Authorization`).
pub fn is_secret_key(key: &str) -> bool {
    let lower = key.to_ascii_lowercase();
    SECRET_WORDS.iter().any(|word| lower.contains(word))
}

/// `map` with every secret key's pair left out, at any depth (inside nested
/// objects and the objects of arrays), and every address in a string written
/// as [`text_for_record`] writes it: what an export holds unless the user
/// asks for the secrets.
pub fn without_secrets(map: &Map<String, Value>) -> Map<String, Value> {
    map.iter()
        .filter(|(key, _)| !is_secret_key(key))
        .map(|(key, value)| (key.clone(), value_without_secrets(value)))
        .collect()
}

fn value_without_secrets(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(without_secrets(map)),
        Value::Array(items) => Value::Array(items.iter().map(value_without_secrets).collect()),
        Value::String(text) => Value::String(text_for_record(text)),
        other => other.clone(),
    }
}

/// A field as a table of raw fields shows it: a secret's value (not null)
/// as [`MASK`], a string as it is, anything else as JSON with the secrets
/// nested in it masked.
pub fn shown_value(key: &str, value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        _ if is_secret_key(key) => MASK.to_owned(),
        Value::String(text) => text.clone(),
        other => masked(other).to_string(),
    }
}

fn masked(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, value)| {
                    let shown = if is_secret_key(key) && !value.is_null() {
                        Value::String(MASK.to_owned())
                    } else {
                        masked(value)
                    };
                    (key.clone(), shown)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(masked).collect()),
        other => other.clone(),
    }
}

/// The scheme of a text that starts with one (`https://…`): letters first,
/// then letters, digits, `+`, `-` and `.`.
fn split_scheme(text: &str) -> Option<(&str, &str)> {
    let (scheme, rest) = text.split_once("://")?;
    let first_is_letter = scheme.starts_with(|c: char| c.is_ascii_alphabetic());
    (first_is_letter && scheme.chars().all(is_scheme_char)).then_some((scheme, rest))
}

fn is_scheme_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')
}

/// An address as the history and the exports keep it: scheme, host (with
/// its port) and path, without user info (`user:pass@`), query or fragment,
/// which may carry a credential or a signature:
/// `https://user:pass@isos.example/x.iso?sig=abc#f` → `https://isos.example/x.iso`.
/// A text that does not start with a scheme (`xxx://`, spaces aside) is
/// answered unchanged.
pub fn url_for_record(url: &str) -> String {
    let Some((scheme, rest)) = split_scheme(url.trim()) else { return url.to_owned() };
    let (authority, after) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    // The last `@`: a user name or password may hold one of its own.
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host);
    let path = &after[..after.find(['?', '#']).unwrap_or(after.len())];
    // An address inside the path (a redirect) loses its user info too.
    format!("{scheme}://{host}{}", text_for_record(path))
}

/// Ends an address written in a text: a space, or a quote or bracket that
/// an address never holds unencoded.
fn ends_address(c: char) -> bool {
    c.is_whitespace() || matches!(c, '"' | '<' | '>' | '“' | '”' | '«' | '»')
}

/// Where the next address of `text` starts (its scheme), if it has one.
fn next_address(text: &str) -> Option<usize> {
    text.match_indices("://").find_map(|(at, _)| {
        let before = &text[..at];
        let start = before
            .rfind(|c: char| !is_scheme_char(c))
            .map_or(0, |i| i + before[i..].chars().next().map_or(1, char::len_utf8));
        // A scheme starts with a letter: `1https://` names `https`.
        let start = start + before[start..].find(|c: char| c.is_ascii_alphabetic())?;
        Some(start)
    })
}

/// `text` with every address in it written as [`url_for_record`] writes
/// it: a message that quotes an address keeps no credential.
pub fn text_for_record(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = next_address(rest) {
        out.push_str(&rest[..start]);
        let address = &rest[start..];
        let after_scheme = address.find("://").map_or(address.len(), |at| at + 3);
        let tail = &address[after_scheme..];
        // Up to a space, a closing quote, or the next address run together with it.
        let end = after_scheme
            + tail
                .find(ends_address)
                .unwrap_or(tail.len())
                .min(next_address(tail).unwrap_or(tail.len()));
        out.push_str(&url_for_record(&address[..end]));
        rest = &address[end..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn secret_keys_whatever_their_case() {
        for key in [
            "initial_root_password",
            "remote_access_password",
            "initial_password",
            "API_Token",
            "ssh_key",
            "Authorization",
            "client_secret",
            "PASSWORD",
        ] {
            assert!(is_secret_key(key), "{key}");
        }
        for key in ["label", "hostname", "memory", "iso_url", "", "pass", "auth"] {
            assert!(!is_secret_key(key), "{key}");
        }
    }

    #[test]
    fn secrets_are_left_out_at_every_depth() {
        let map = json!({
            "id": "1",
            "initial_password": "hunter2",
            "remote_access_password": "r3m0te",
            "x": {"api_token": "t0k3n", "keep": 1},
            "disks": [{"label": "a", "encryption_key": "k"}, 7],
            "iso_url": "https://u:p@isos.example/x.iso?sig=abc",
        });
        let kept = without_secrets(map.as_object().unwrap());
        assert_eq!(
            Value::Object(kept),
            json!({"id": "1", "x": {"keep": 1}, "disks": [{"label": "a"}, 7], "iso_url": "https://isos.example/x.iso"})
        );
    }

    #[test]
    fn a_raw_field_masks_secrets() {
        assert_eq!(shown_value("initial_root_password", &json!("hunter2")), MASK);
        assert_eq!(shown_value("Remote_Access_Password", &json!("x")), MASK);
        assert_eq!(shown_value("api_token", &json!(12)), MASK);
        assert_eq!(shown_value("initial_root_password", &Value::Null), "null");
        assert_eq!(shown_value("label", &json!("web")), "web");
        assert_eq!(shown_value("memory", &json!(1024)), "1024");
        assert_eq!(
            shown_value("console", &json!({"token": "t0k3n", "url": "x"})),
            format!("{{\"token\":\"{MASK}\",\"url\":\"x\"}}")
        );
    }

    #[test]
    fn an_address_keeps_scheme_host_and_path() {
        assert_eq!(
            url_for_record("https://user:pass@isos.example/x.iso?sig=abc#f"),
            "https://isos.example/x.iso"
        );
        assert_eq!(url_for_record("ftp://a.org:2121/d/x.iso"), "ftp://a.org:2121/d/x.iso");
        assert_eq!(url_for_record("https://user@a.org:8443"), "https://a.org:8443");
        assert_eq!(url_for_record("http://u:p@ss@a.org/x"), "http://a.org/x");
        assert_eq!(
            url_for_record("https://a.org/files/@latest/x.iso"),
            "https://a.org/files/@latest/x.iso"
        );
        assert_eq!(url_for_record(" https://u:p@a.org/x.iso "), "https://a.org/x.iso");
        assert_eq!(
            url_for_record("https://a.org/go/https://u:p@b.org/x"),
            "https://a.org/go/https://b.org/x"
        );
        for unchanged in ["web-01", "a.org/x.iso", "see https://x", "1a://b", "://x", ""] {
            assert_eq!(url_for_record(unchanged), unchanged);
        }
    }

    #[test]
    fn every_address_in_a_text_loses_its_credentials() {
        assert_eq!(
            text_for_record(
                "Could not fetch “https://u:p@a.org/x.iso?sig=1”. Try ftp://b.org:21/y (mirror)."
            ),
            "Could not fetch “https://a.org/x.iso”. Try ftp://b.org:21/y (mirror)."
        );
        assert_eq!(
            text_for_record("(https://u:p@a.org/x,https://v:q@b.org/y)"),
            "(https://a.org/x,https://b.org/y)"
        );
        assert_eq!(text_for_record("no address: a://"), "no address: a://");
        assert_eq!(text_for_record("The VM is busy."), "The VM is busy.");
        assert_eq!(text_for_record("été https://u:p@a.org"), "été https://a.org");
    }
}
