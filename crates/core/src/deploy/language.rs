//! The languages a deployment adds, or whose wording it changes, each a
//! file beside `config.json` (`i18n::file`):
//!
//! ```json
//! "languages": [
//!   { "code": "de", "name": "Deutsch", "file": "/i18n/de.json" },
//!   { "code": "en", "file": "/i18n/en-nube.json" }
//! ]
//! ```

use crate::api::decode;
use crate::i18n::Lang;
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageEntry {
    /// A BCP 47 tag: `de`, `pt-BR`.
    pub code: String,
    /// The language's name for itself, for the switch.
    pub name: String,
    /// A path on the panel's own origin.
    pub file: String,
}

impl LanguageEntry {
    /// English or Spanish, whose wording the file changes; `None` for a new language.
    pub fn built_in(&self) -> Option<Lang> {
        Lang::ALL.into_iter().find(|lang| lang.code() == self.code)
    }
}

/// `de`, `pt-BR`, `es-419`: two or three letters, and a region.
fn is_code(code: &str) -> bool {
    let mut parts = code.split('-');
    let language = parts.next().unwrap_or_default();
    let region_ok = parts.all(|p| {
        (p.len() == 2 && p.chars().all(|c| c.is_ascii_uppercase()))
            || (p.len() == 3 && p.chars().all(|c| c.is_ascii_digit()))
    });
    (2..=3).contains(&language.len())
        && language.chars().all(|c| c.is_ascii_lowercase())
        && region_ok
}

/// A path of a `.json` file on the panel's own origin.
fn is_own_json(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && path.ends_with(".json")
        && !path.contains("..")
        && path.chars().all(|c| c.is_ascii_alphanumeric() || "/._-".contains(c))
}

/// Reads `config.json`'s `languages`; a bad entry is left out and named in `warnings`.
pub fn languages_from_json(
    value: Option<&Value>,
    warnings: &mut Vec<String>,
) -> Vec<LanguageEntry> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Vec::new() };
    let Value::Array(entries) = value else {
        warnings.push("config.json: languages must be a list such as [{\"code\": \"de\", \"name\": \"Deutsch\", \"file\": \"/i18n/de.json\"}]; none is added.".to_owned());
        return Vec::new();
    };
    let mut read: Vec<LanguageEntry> = Vec::new();
    for entry in entries {
        let code = decode::text(entry.get("code")).unwrap_or_default();
        let file = decode::text(entry.get("file")).unwrap_or_default();
        let built_in = Lang::ALL.into_iter().find(|lang| lang.code() == code);
        let name = decode::text(entry.get("name"))
            .map(|n| n.trim().chars().filter(|c| !c.is_control()).take(40).collect::<String>())
            .filter(|n| !n.is_empty());
        let problem = if !is_code(&code) {
            Some(format!("its code “{code}” is not a language tag such as de or pt-BR"))
        } else if !is_own_json(&file) {
            Some(format!("its file “{file}” is not a .json path on the panel's own origin, such as /i18n/{code}.json"))
        } else if name.is_none() && built_in.is_none() {
            Some("it has no name".to_owned())
        } else if read.iter().any(|e| e.code == code) {
            Some("it is listed twice".to_owned())
        } else {
            None
        };
        match problem {
            Some(why) => warnings.push(format!("config.json: a language is left out: {why}.")),
            None => {
                let name = name
                    .or_else(|| built_in.map(|lang| lang.name().to_owned()))
                    .unwrap_or_default();
                read.push(LanguageEntry { code, name, file });
            }
        }
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn languages_are_read_and_bad_ones_left_out() {
        let mut warnings = Vec::new();
        let read = languages_from_json(
            Some(&json!([
                {"code": "de", "name": "Deutsch", "file": "/i18n/de.json"},
                {"code": "en", "file": "/i18n/en-nube.json"},
                {"code": "pt-BR", "name": "Português", "file": "https://evil.example/pt.json"},
                {"code": "DE", "name": "x", "file": "/x.json"},
                {"code": "fr", "file": "/i18n/fr.json"},
                {"code": "de", "name": "Deutsch", "file": "/i18n/de2.json"},
                {"code": "it", "name": "Italiano", "file": "/../it.json"}
            ])),
            &mut warnings,
        );
        assert_eq!(
            read.iter().map(|e| (e.code.as_str(), e.name.as_str())).collect::<Vec<_>>(),
            vec![("de", "Deutsch"), ("en", "English")]
        );
        assert_eq!(read[1].built_in(), Some(Lang::En));
        assert_eq!(read[0].built_in(), None);
        assert_eq!(warnings.len(), 5, "{warnings:?}");
        assert!(warnings.iter().any(|w| w.contains("has no name")));
        assert!(languages_from_json(Some(&json!({"de": 1})), &mut warnings).is_empty());
    }
}
