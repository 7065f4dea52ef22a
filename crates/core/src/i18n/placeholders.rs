//! The `{values}` a text names: shared by the build script, which checks
//! the panel's own languages, and the panel, which checks a deployment's
//! language file against them, so that both read a text the same way.

/// The names in braces, in order: `"{n} of {total}"` → n, total. A brace
/// that does not enclose a name (letters, digits, `_`) is text.
pub fn names(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if close > 0
                    && after[..close].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                names.push(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
    names
}

/// Whether two texts name the same values, in any order (a language may
/// put them elsewhere in its sentence).
pub fn same_names(a: &str, b: &str) -> bool {
    let (a, b) = (names(a), names(b));
    a.iter().all(|name| b.contains(name)) && b.iter().all(|name| a.contains(name))
}
