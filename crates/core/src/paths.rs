//! API paths and URLs. Ids that come from the user or the URL are checked
//! here before they are put into a path.

use crate::ApiError;

/// Checks that an id is what the service uses: a string of digits.
pub fn checked_id<'a>(id: &'a str, what: &str) -> Result<&'a str, ApiError> {
    let id = id.trim();
    if !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit()) {
        Ok(id)
    } else {
        Err(ApiError::Invalid(format!("“{}” is not a valid {what} id.", shorten(id, 24))))
    }
}

fn shorten(s: &str, max: usize) -> String {
    let mut out: String = s.chars().take(max).collect();
    if s.chars().count() > max {
        out.push('…');
    }
    out
}

/// `/account/<account>/virtual_machines`
pub fn vms(account: &str) -> String {
    format!("/account/{account}/virtual_machines")
}

/// `/account/<account>/virtual_machine/<vm>`
pub fn vm(account: &str, vm: &str) -> String {
    format!("/account/{account}/virtual_machine/{vm}")
}

/// Normalises what a user typed as the API base URL: an absolute http(s) URL
/// or a path on the panel's own origin, without a trailing slash.
pub fn normalize_base_url(input: &str) -> Result<String, String> {
    let url = input.trim().trim_end_matches('/');
    if url.is_empty() {
        return Ok(String::new());
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("The API address must not contain spaces.".into());
    }
    let lower = url.to_ascii_lowercase();
    let rest = if let Some(rest) = lower.strip_prefix("https://") {
        rest
    } else if let Some(rest) = lower.strip_prefix("http://") {
        rest
    } else if url.starts_with('/') && !url.starts_with("//") {
        return Ok(url.to_owned());
    } else {
        return Err("The API address must start with https://, http:// or /.".into());
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains('@') {
        return Err("The API address needs a host name (and no user name).".into());
    }
    if url.contains(['?', '#']) {
        return Err("The API address must not contain ? or #.".into());
    }
    Ok(url.to_owned())
}

/// `base` + `path` + the query, with query keys and values percent-encoded.
pub fn url(base: &str, path: &str, query: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(base.len() + path.len() + 16 * query.len());
    out.push_str(base.trim_end_matches('/'));
    out.push_str(path);
    for (i, (key, value)) in query.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        encode_component(key, &mut out);
        out.push('=');
        encode_component(value, &mut out);
    }
    out
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
pub fn encode_component(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[(byte >> 4) as usize] as char);
            out.push(HEX[(byte & 15) as usize] as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_must_be_digits() {
        assert_eq!(checked_id("42", "VM"), Ok("42"));
        assert_eq!(checked_id(" 42 ", "VM"), Ok("42"));
        for bad in ["", "4a", "../1", "1/2", "-1", "１２", &"9".repeat(21)] {
            assert!(checked_id(bad, "VM").is_err(), "{bad}");
        }
        let err = checked_id("<b>x</b>", "VM").unwrap_err().to_string();
        assert!(err.contains("not a valid VM id"));
    }

    #[test]
    fn paths_follow_the_spec() {
        assert_eq!(vms("1"), "/account/1/virtual_machines");
        assert_eq!(vm("1", "42"), "/account/1/virtual_machine/42");
    }

    #[test]
    fn base_urls_are_normalised_or_refused() {
        assert_eq!(normalize_base_url(" https://api.example.com/v1/ "), Ok("https://api.example.com/v1".into()));
        assert_eq!(normalize_base_url("/api"), Ok("/api".into()));
        assert_eq!(normalize_base_url(""), Ok("".into()));
        for bad in ["ftp://x", "javascript:alert(1)", "//evil.example", "http://", "http://u@h/", "api", "http://h/a b", "http://h/?x"] {
            assert!(normalize_base_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn urls_encode_the_query() {
        assert_eq!(
            url("http://h/api/", "/account/1/virtual_machines", &[("hostname", "a b&c".into()), ("limit", "50".into())]),
            "http://h/api/account/1/virtual_machines?hostname=a%20b%26c&limit=50"
        );
        assert_eq!(url("/api", "/x", &[]), "/api/x");
    }
}
