//! What the build writes into the scripts that run before the panel does:
//! the boot script (`scripts/build-wasm.mjs`) and the static pages' inline
//! script (`first-paint/frame.js`, by `scripts/first-paint.mjs`). Each value
//! is defined once, in the module it belongs to, where the panel reads it
//! too; this gathers them as JSON (printed by the `boot_values` binary), so
//! that those scripts hold none of them written by hand.

use crate::api;
use crate::deploy;
use crate::deploy::portal::HANDOFF_FRAGMENT_PATTERN;
use crate::i18n::Lang;
use crate::route::{segment, Route};
use crate::storage_keys as keys;
use crate::validate::ID_PATTERN;
use serde_json::{json, Map, Value};

/// What the boot script offers the panel on `window`, and the event it
/// sends: the panel reads them by these names.
pub mod hooks {
    /// `config.json`'s answer, asked for beside the wasm (a promise of its text).
    pub const CONFIG: &str = "vmdeckConfig";
    /// The list's first read, sent before the wasm came: taken once.
    pub const FIRST_READ: &str = "vmdeckTakeFirstRead";
    /// A login handed over in the address's fragment: taken once.
    pub const HANDOFF: &str = "vmdeckTakeHandoff";
    /// Sent when a handoff is pasted into a running tab.
    pub const HANDOFF_EVENT: &str = "vmdeck-handoff";
    /// Brings a part's files into the cache.
    pub const DOWNLOAD_PART: &str = "vmdeckDownloadPart";
    /// What [`DOWNLOAD_PART`] answers when the server no longer has a file.
    pub const PART_GONE: &str = "gone";
}

/// The route table and the shared values, named as the scripts read them.
/// Patterns are the sources of regular expressions, the same in JavaScript.
pub fn shared_values() -> Value {
    let headers: Map<String, Value> = api::REQUEST_HEADERS
        .iter()
        .map(|(name, value)| ((*name).to_owned(), Value::from(*value)))
        .collect();
    json!({
        "routes": Route::boot_rows(),
        "storage": {
            "session": keys::SESSION,
            "firstRead": keys::FIRST_READ,
            "logout": keys::LOGOUT,
            "theme": keys::THEME,
            "lang": keys::LANG,
            "noticesDismissed": keys::NOTICES_DISMISSED,
        },
        "languages": {
            "spoken": Lang::ALL.map(Lang::code),
            "fallback": Lang::default().code(),
        },
        "id": format!("^{ID_PATTERN}$"),
        "vmPath": vm_path_pattern(),
        "handoff": HANDOFF_FRAGMENT_PATTERN,
        "fileWaitMs": deploy::FILE_WAIT_MS,
        "configFile": deploy::CONFIG_FILE,
        "hooks": {
            "config": hooks::CONFIG,
            "firstRead": hooks::FIRST_READ,
            "handoff": hooks::HANDOFF,
            "handoffEvent": hooks::HANDOFF_EVENT,
            "downloadPart": hooks::DOWNLOAD_PART,
            "partGone": hooks::PART_GONE,
        },
        "request": {
            "timeoutMs": api::REQUEST_TIMEOUT_MS,
            "headers": headers,
            "authorization": api::AUTHORIZATION,
        },
    })
}

/// A VM page's path, with the VM's id and its tab's segment (none for the
/// overview) captured: a VM's static page leads its tabs to that VM.
fn vm_path_pattern() -> String {
    format!("^/{}/({ID_PATTERN})(?:/([a-z]+))?$", segment::VMS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::route::VmTab;

    #[test]
    fn a_vm_pages_path_gives_its_id_and_tab() {
        let vm_path = regex::Regex::new(&vm_path_pattern()).unwrap();
        for tab in VmTab::ALL {
            let path = tab.href("42");
            let found = vm_path.captures(&path).unwrap();
            assert_eq!(&found[1], "42", "{path}");
            assert_eq!(found.get(2).map_or("", |m| m.as_str()), tab.segment(), "{path}");
        }
        for path in ["/vms", "/vms/new", "/vms/x1", "/vms/1/2", "/vms/1/", "/login"] {
            assert!(!vm_path.is_match(path), "{path}");
        }
    }

    #[test]
    fn the_scripts_get_every_value_they_read() {
        let values = shared_values();
        assert_eq!(values["routes"], Route::boot_rows());
        assert_eq!(values["storage"]["firstRead"], "vmdeck.first_read");
        assert_eq!(values["languages"]["spoken"], json!(["en", "es"]));
        assert_eq!(values["hooks"]["handoff"], "vmdeckTakeHandoff");
        assert_eq!(values["configFile"], "/config.json");
        assert_eq!(values["languages"]["fallback"], "en");
        assert_eq!(values["id"], "^[0-9]{1,20}$");
        assert_eq!(values["fileWaitMs"], 5_000);
        assert_eq!(values["request"]["timeoutMs"], 15_000);
        assert_eq!(values["request"]["headers"], json!({"Accept": "application/json"}));
        let missing: Vec<&str> = ["session", "logout", "theme", "lang", "noticesDismissed"]
            .into_iter()
            .filter(|key| {
                !values["storage"][key].as_str().is_some_and(|k| k.starts_with("vmdeck."))
            })
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
    }
}
