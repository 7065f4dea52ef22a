//! The languages a deployment adds, or whose wording it changes
//! (`config.json`'s `languages`), loaded before the app is built: the
//! panel's English as served (`/i18n/en.json`, which numbers the texts) and
//! the file, read by `vmdeck_core::i18n::file`. What cannot be used is named
//! on the console and the panel goes on in its own words.

use crate::deploy::fetch_text;
use crate::storage::{self, keys, Store};
use vmdeck_core::deploy::language::LanguageEntry;
use vmdeck_core::deploy::DeployConfig;
use vmdeck_core::i18n::{self, file, Lang, Locale};

/// Where the build puts the panel's English.
const ENGLISH: &str = "/i18n/en.json";

/// The language this browser chose, when it is none the panel is written in.
fn chosen_added() -> Option<String> {
    storage::read::<String>(Store::Browser, keys::LANG)
        .filter(|code| Lang::from_tag(code).is_none())
}

fn warn(text: &str) {
    web_sys::console::warn_1(&text.into());
}

async fn json(path: &str) -> Result<serde_json::Value, String> {
    let text = fetch_text(path)
        .await
        .ok_or_else(|| format!("{path} could not be fetched; it is not used."))?;
    serde_json::from_str(&text).map_err(|e| format!("{path} is not JSON ({e}); it is not used."))
}

/// Reads `entry`'s file and uses it; whether it could.
async fn apply(entry: &LanguageEntry) -> bool {
    let added = entry.built_in().is_none();
    let read = async {
        let english = json(ENGLISH).await?;
        let given = json(&entry.file).await?;
        file::read(&english, &given, &entry.file, added)
    };
    match read.await {
        Ok(loaded) => {
            for warning in &loaded.warnings {
                warn(warning);
            }
            i18n::set_texts(loaded.texts);
            if added {
                i18n::set_locale(Locale::added(&entry.code));
                crate::locale::set_document_lang(&entry.code);
            }
            true
        }
        Err(why) => {
            warn(&why);
            false
        }
    }
}

/// Uses the deployment's file for the language in use: the one this
/// browser chose among those it adds, else its wording of the panel's own
/// language (also when the added one cannot be had).
pub async fn load(config: &DeployConfig) {
    if let Some(code) = chosen_added() {
        match config.languages.iter().find(|e| e.code == code) {
            Some(entry) if apply(entry).await => return,
            Some(_) => {}
            None => warn(&format!("The language “{code}” chosen in this browser is not offered any more; the panel's own is used.")),
        }
    }
    if let Some(entry) = config.languages.iter().find(|e| e.built_in() == Some(i18n::lang())) {
        apply(entry).await;
    }
}
