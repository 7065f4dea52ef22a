//! A deployment's language file: flat JSON as the panel's own
//! (`crates/core/i18n/en.json`, served as `/i18n/en.json`), one
//! `"<area>.<KEY>": "text"` per text, listed in `config.json`'s `languages`.
//! It adds a language, or changes the wording of English or Spanish. It is
//! read against the panel's English as served, whose keys in order number
//! the texts ([`Text`](super::Text)); a text with other `{values}` than the
//! English is refused, and each problem is named for the console.

use super::placeholders;
use serde_json::Value;

include!(concat!(env!("OUT_DIR"), "/i18n_index.rs"));

/// What a file gives: a text by number where it has a usable one.
#[derive(Debug, Default, PartialEq)]
pub struct LanguageFile {
    pub texts: Vec<Option<String>>,
    pub warnings: Vec<String>,
}

/// Keys named in a warning before "…".
const NAMED: usize = 8;

fn keys_hash<'a>(keys: impl Iterator<Item = &'a String>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in keys.flat_map(|k| k.bytes().chain([b'\n'])) {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

fn listed(keys: &[&String]) -> String {
    let mut out = keys.iter().take(NAMED).map(|k| k.as_str()).collect::<Vec<_>>().join(", ");
    if keys.len() > NAMED {
        out.push_str(", …");
    }
    out
}

/// Reads `given` (the file `name`) against `english`, the panel's
/// `en.json` as served. `complete`: a new language, whose missing texts are
/// named (English shows for them); else a change of wording, which may give
/// only the texts it changes. `Err` when nothing of it can be used.
pub fn read(
    english: &Value,
    given: &Value,
    name: &str,
    complete: bool,
) -> Result<LanguageFile, String> {
    let Value::Object(english) = english else {
        return Err(
            "/i18n/en.json is not the panel's English; no language file is used.".to_owned()
        );
    };
    if english.len() != COUNT || keys_hash(english.keys()) != KEYS_HASH {
        return Err("/i18n/en.json is not this build's English (deploy the whole of dist/ together); no language file is used.".to_owned());
    }
    let Value::Object(given) = given else {
        return Err(format!(
            "{name} is not flat JSON of texts ({{\"shell.LOG_IN\": \"…\"}}); it is not used."
        ));
    };
    let mut file = LanguageFile { texts: Vec::with_capacity(COUNT), warnings: Vec::new() };
    let mut missing = Vec::new();
    for (key, english) in english {
        let english = english.as_str().unwrap_or_default();
        let text = match given.get(key) {
            None => {
                missing.push(key);
                None
            }
            Some(Value::String(text)) if text.trim().is_empty() => {
                missing.push(key);
                None
            }
            Some(Value::String(text)) if !placeholders::same_names(text, english) => {
                let values = |t: &str| {
                    placeholders::names(t)
                        .iter()
                        .map(|n| format!("{{{n}}}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                file.warnings.push(format!("{name}: {key} names {} where the panel's text names {}; the panel's own is used.", or_none(values(text)), or_none(values(english))));
                None
            }
            Some(Value::String(text)) => Some(text.clone()),
            Some(_) => {
                file.warnings
                    .push(format!("{name}: {key} is not a text; the panel's own is used."));
                None
            }
        };
        file.texts.push(text);
    }
    if complete && !missing.is_empty() {
        file.warnings.push(format!(
            "{name} has no text for {} of the panel's {COUNT} ({}); English shows for them.",
            missing.len(),
            listed(&missing)
        ));
    }
    let unknown: Vec<&String> = given.keys().filter(|k| !english.contains_key(*k)).collect();
    if !unknown.is_empty() {
        file.warnings.push(format!(
            "{name} has texts the panel does not have ({}); they are left out.",
            listed(&unknown)
        ));
    }
    Ok(file)
}

fn or_none(values: String) -> String {
    if values.is_empty() {
        "no values".to_owned()
    } else {
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn english() -> Value {
        serde_json::from_str(include_str!("../../i18n/en.json"))
            .expect("the panel's English is JSON")
    }

    #[test]
    fn the_panels_own_languages_read_whole() {
        for (name, text) in [
            ("en.json", include_str!("../../i18n/en.json")),
            ("es.json", include_str!("../../i18n/es.json")),
        ] {
            let given: Value = serde_json::from_str(text).expect("JSON");
            let read = read(&english(), &given, name, true).expect("usable");
            assert!(read.warnings.is_empty(), "{name}: {:?}", read.warnings);
            assert_eq!(read.texts.iter().filter(|t| t.is_some()).count(), COUNT, "{name}");
        }
        // The Spanish file's texts are the catalogue's.
        let spanish: Value =
            serde_json::from_str(include_str!("../../i18n/es.json")).expect("JSON");
        let read = read(&english(), &spanish, "es.json", true).expect("usable");
        let index = english()
            .as_object()
            .and_then(|o| o.keys().position(|k| k == "common.LOG_IN"))
            .expect("a key");
        assert_eq!(read.texts[index].as_deref(), Some(crate::i18n::common::LOG_IN.es));
    }

    #[test]
    fn a_few_texts_of_a_new_language_with_a_bad_one_and_a_stray_one() {
        let given = json!({
            "common.LOG_IN": "Anmelden",
            "shell.SHELL_ACCOUNT": "Konto {id}",
            "shell.LOGIN_WRONG_ACCOUNT": "Dieses Token öffnet Konto {konto} nicht.",
            "shell.NO_SUCH_TEXT": "x",
            "common.CLOSE": 7
        });
        let read = read(&english(), &given, "/i18n/de.json", true).expect("usable");
        assert_eq!(read.texts.iter().flatten().collect::<Vec<_>>(), vec!["Anmelden", "Konto {id}"]);
        let warnings = read.warnings.join("\n");
        assert!(
            warnings.contains(
                "shell.LOGIN_WRONG_ACCOUNT names {konto} where the panel's text names {account}"
            ),
            "{warnings}"
        );
        assert!(warnings.contains("common.CLOSE is not a text"), "{warnings}");
        // The two refused are named apart, not among the missing.
        assert!(
            warnings.contains(&format!("has no text for {} of the panel's {COUNT}", COUNT - 4)),
            "{warnings}"
        );
        assert!(
            warnings.contains("texts the panel does not have (shell.NO_SUCH_TEXT)"),
            "{warnings}"
        );
    }

    #[test]
    fn a_change_of_wording_names_no_missing_text() {
        let read =
            read(&english(), &json!({"common.LOG_IN": "Sign in"}), "/i18n/en-nube.json", false)
                .expect("usable");
        assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    }

    #[test]
    fn what_cannot_be_read_is_refused_whole() {
        assert!(read(&english(), &json!(["Anmelden"]), "/i18n/de.json", true)
            .is_err_and(|e| e.contains("not flat JSON")));
        assert!(read(&json!({"common.LOG_IN": "Log in"}), &json!({}), "/i18n/de.json", true)
            .is_err_and(|e| e.contains("not this build's")));
        assert!(read(&json!("en"), &json!({}), "/i18n/de.json", true).is_err());
    }
}
