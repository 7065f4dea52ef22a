//! The `Authorization` header: `Bearer SECRET` (any case of the scheme) or the
//! bare SECRET, as the oldest generation of the API sends it.

/// How a request presented its credential.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    Bearer,
    Raw,
    None,
}

impl Scheme {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Bearer => "bearer",
            Self::Raw => "raw",
            Self::None => "none",
        }
    }
}

/// The scheme and the secret of a header value; no secret for a missing or
/// empty header, or a scheme without one.
pub fn parse(value: Option<&str>) -> (Scheme, Option<&str>) {
    let Some(value) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return (Scheme::None, None);
    };
    match value.split_once(char::is_whitespace) {
        Some((scheme, secret)) if scheme.eq_ignore_ascii_case("bearer") => {
            let secret = secret.trim();
            (Scheme::Bearer, (!secret.is_empty()).then_some(secret))
        }
        _ if value.eq_ignore_ascii_case("bearer") => (Scheme::Bearer, None),
        _ => (Scheme::Raw, Some(value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_in_any_case_raw_and_empty() {
        assert_eq!(parse(Some("Bearer abc")), (Scheme::Bearer, Some("abc")));
        assert_eq!(parse(Some("bearer abc")), (Scheme::Bearer, Some("abc")));
        assert_eq!(parse(Some("BEARER   abc ")), (Scheme::Bearer, Some("abc")));
        assert_eq!(parse(Some("demo-token")), (Scheme::Raw, Some("demo-token")));
        assert_eq!(parse(Some("  demo-token ")), (Scheme::Raw, Some("demo-token")));
        assert_eq!(parse(Some("Bearer")), (Scheme::Bearer, None));
        assert_eq!(parse(Some("Bearer   ")), (Scheme::Bearer, None));
        assert_eq!(parse(Some("")), (Scheme::None, None));
        assert_eq!(parse(Some("   ")), (Scheme::None, None));
        assert_eq!(parse(None), (Scheme::None, None));
    }
}
