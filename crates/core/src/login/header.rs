//! The `Authorization` header's value for each kind of credential. The
//! panel keeps the value itself (`Token` in the panel), so that every
//! request, the boot script's first read included, sends it as it is.

/// A token the API wants after `Bearer`: an API key, a password login's token.
pub fn bearer(token: &str) -> String {
    format!("Bearer {}", token.trim())
}

/// An API key as pasted: after `Bearer`, unless it came with a scheme in
/// front (`Bearer abc`, `Token abc`: a word of letters, a space, the key),
/// then as pasted, its spaces made one.
pub fn for_api_key(pasted: &str) -> String {
    match scheme_and_secret(pasted) {
        Some((scheme, secret)) => format!("{scheme} {secret}"),
        None => bearer(pasted),
    }
}

/// The token a header value carries, without its scheme: what a revoke
/// names, and what a raw header already is.
pub fn bare(header: &str) -> &str {
    scheme_and_secret(header).map_or(header.trim(), |(_, secret)| secret)
}

fn scheme_and_secret(text: &str) -> Option<(&str, &str)> {
    let (scheme, secret) = text.trim().split_once(char::is_whitespace)?;
    let secret = secret.trim();
    let is_scheme = !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic());
    (is_scheme && !secret.is_empty() && !secret.contains(char::is_whitespace))
        .then_some((scheme, secret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_goes_after_bearer_unless_it_came_with_a_scheme() {
        assert_eq!(for_api_key("  k3y-abc.def "), "Bearer k3y-abc.def");
        assert_eq!(for_api_key("Bearer k3y"), "Bearer k3y");
        assert_eq!(for_api_key("bearer   k3y "), "bearer k3y");
        assert_eq!(for_api_key("Token k3y"), "Token k3y");
        // Not a scheme: digits, or more than one word after it.
        assert_eq!(for_api_key("abc1 k3y"), "Bearer abc1 k3y");
        assert_eq!(for_api_key("Bearer a b"), "Bearer Bearer a b");
    }

    #[test]
    fn the_bare_token_of_a_header() {
        assert_eq!(bare("Bearer eyJ.x.y"), "eyJ.x.y");
        assert_eq!(bare("5f2b"), "5f2b");
        assert_eq!(bare(&bearer(" t ")), "t");
    }
}
