//! The deployment's settings, from the `config.json` served beside the panel:
//! the default API address and, optionally, the names of the provider's
//! catalogue (the API lists no ISOs, locations or data store groups, so a
//! deployment names them here; for the templates and networks the API
//! lists, the catalogue renames, orders and hides, and stands in where the
//! API does not list them: `offered`), its plans with their prices, and the
//! provider's brand. What cannot be used
//! is left out and named in `warnings`, for the console.

pub mod brand;
pub mod language;
pub mod notice;
pub mod offered;
pub mod plans;
pub mod portal;

use crate::api::decode;
use crate::deploy::brand::Brand;
use crate::deploy::language::{languages_from_json, LanguageEntry};
use crate::deploy::notice::{links_from_json, Link, Notice};
use crate::deploy::plans::{plans_from_json, Plan};
use crate::deploy::portal::Portal;
use crate::login::LoginWays;
use crate::session::Lifetime;
use serde_json::Value;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub id: String,
    pub label: String,
    /// The heading it is listed under (an operating system, "public").
    pub group: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Catalogue {
    pub templates: Vec<Choice>,
    /// Ids of the API's templates the deployment does not offer
    /// (`"hide": true` on an entry).
    pub hidden_templates: Vec<String>,
    pub isos: Vec<Choice>,
    pub locations: Vec<Choice>,
    pub networks: Vec<Choice>,
    /// Ids of the API's networks the deployment does not offer.
    pub hidden_networks: Vec<String>,
    pub data_store_groups: Vec<Choice>,
    /// None: the create and edit forms ask for sizes only.
    pub plans: Vec<Plan>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeployConfig {
    pub api_base_url: Option<String>,
    pub catalogue: Catalogue,
    pub brand: Brand,
    /// How long a login lasts.
    pub session: Lifetime,
    /// The ways in the login page offers.
    pub login: LoginWays,
    /// The provider's portal: logging in from it, the way back to it.
    pub portal: Portal,
    /// What the provider tells every page, for a while.
    pub notice: Option<Notice>,
    /// Its status page, billing, documentation and terms.
    pub links: Vec<Link>,
    /// Languages it adds, and files that change the wording of the panel's own.
    pub languages: Vec<LanguageEntry>,
    /// Its firewall rule sets, offered beside the panel's own: as written,
    /// read where they are offered (`firewall::sets::from_config`), so that
    /// the rule reader stays out of what every page downloads first.
    pub firewall_sets: Value,
    /// Every VM protected in this panel unless the user says otherwise
    /// (`protect_vms`, see `vm::protection`).
    pub protect_vms: bool,
    /// Where the panel keeps a copy of an account's workspace file
    /// (`vmdeck_core::workspace`), a plain `GET`/`PUT` with the account's
    /// token: an `https://` address or a path on the panel's own site.
    /// Without it, nothing the panel keeps leaves the browser.
    pub workspace_store: Option<String>,
    /// What was left out of the file, and why.
    pub warnings: Vec<String>,
}

/// Where the API is when `config.json` does not say: `/api` on the panel's origin.
pub const DEFAULT_API_BASE_URL: &str = "/api";

/// The deployment's settings, beside the panel's files: the boot script
/// asks for it beside the wasm, the panel when that answer is missing.
pub const CONFIG_FILE: &str = "/config.json";

/// How long the panel waits for a file of its own (`config.json`, a language
/// file) before it goes on without it; the boot script, which asks for
/// `config.json` beside the wasm, gives up after as long.
pub const FILE_WAIT_MS: u32 = 5_000;

impl DeployConfig {
    /// The API address the deployment names, else [`DEFAULT_API_BASE_URL`]:
    /// what the login form starts from.
    pub fn login_base_url(&self) -> String {
        self.api_base_url.clone().unwrap_or_else(|| DEFAULT_API_BASE_URL.to_owned())
    }

    /// Reads what it can; a malformed entry is skipped, never an error.
    pub fn from_json(value: &Value) -> Self {
        let mut warnings = Vec::new();
        let api_base_url = decode::text(value.get("api_base_url"))
            .filter(|url| crate::api::paths::normalize_base_url(url).is_ok_and(|u| !u.is_empty()));
        let catalogue = value.get("catalogue");
        // Each entry of a list, as (choice, hidden).
        let entries = |key: &str| -> Vec<(Choice, bool)> {
            let Some(Value::Array(items)) = catalogue.and_then(|c| c.get(key)) else {
                return Vec::new();
            };
            items
                .iter()
                .filter_map(|item| {
                    let id = decode::id(item.get("id")).filter(|id| crate::validate::is_id(id))?;
                    let label = decode::text(item.get("label")).unwrap_or_else(|| format!("#{id}"));
                    let hidden = decode::flag(item.get("hide")) == Some(true);
                    Some((Choice { id, label, group: None }, hidden))
                })
                .collect()
        };
        let shown = |key: &str| -> Vec<Choice> {
            entries(key).into_iter().filter(|(_, hidden)| !hidden).map(|(c, _)| c).collect()
        };
        let hidden = |key: &str| -> Vec<String> {
            entries(key).into_iter().filter(|(_, hidden)| *hidden).map(|(c, _)| c.id).collect()
        };
        Self {
            api_base_url,
            catalogue: Catalogue {
                templates: shown("templates"),
                hidden_templates: hidden("templates"),
                isos: shown("isos"),
                locations: shown("locations"),
                networks: shown("networks"),
                hidden_networks: hidden("networks"),
                data_store_groups: shown("data_store_groups"),
                plans: plans_from_json(catalogue.and_then(|c| c.get("plans")), &mut warnings),
            },
            brand: Brand::from_json(value.get("brand"), &mut warnings),
            session: Lifetime::from_json(value.get("session"), &mut warnings),
            login: LoginWays::from_json(value.get("login"), &mut warnings),
            portal: Portal::from_json(value.get("portal"), &mut warnings),
            notice: Notice::from_json(value.get("notice"), &mut warnings),
            links: links_from_json(value.get("links"), &mut warnings),
            languages: languages_from_json(value.get("languages"), &mut warnings),
            firewall_sets: value.get("firewall_sets").cloned().unwrap_or_default(),
            protect_vms: crate::vm::protection::default_from_json(
                value.get("protect_vms"),
                &mut warnings,
            ),
            workspace_store: workspace_store(value.get("workspace_store"), &mut warnings),
            warnings,
        }
    }
}

/// `workspace_store`: where a token may go besides the API, so only an
/// `https://` address or a path on the panel's own origin.
fn workspace_store(value: Option<&Value>, warnings: &mut Vec<String>) -> Option<String> {
    let text = decode::text(value.filter(|v| !v.is_null()))?;
    let same_site = text.starts_with('/') && !text.starts_with("//");
    let store = crate::api::paths::normalize_base_url(&text)
        .ok()
        .filter(|url| !url.is_empty() && (same_site || web_address(url).is_some()));
    if store.is_none() {
        warnings.push(
            "workspace_store must be an https:// address or a path on the panel's site".to_owned(),
        );
    }
    store
}

/// An `https://` address a deployment names (a support page, a portal, a
/// link): plain text with no quote, space or angle bracket, at most 300
/// characters; `None` otherwise.
pub fn web_address(text: &str) -> Option<String> {
    let text = text.trim();
    let plain = text.len() <= 300
        && !text.chars().any(|c| c.is_whitespace() || c.is_control() || "\"'<>`\\".contains(c));
    let host = text.strip_prefix("https://")?;
    (plain && !host.is_empty() && !host.starts_with(['/', '?', '#'])).then(|| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_catalogue_and_skips_what_is_malformed() {
        let config = DeployConfig::from_json(&json!({
            "api_base_url": "https://api.example.com/v1/",
            "catalogue": {
                "templates": [{"id": "1", "label": "Debian 12"}, {"id": 2}, {"label": "no id"}, {"id": "../x"}, 7,
                              {"id": "3", "label": "Old", "hide": true}],
                "networks": "not a list"
            }
        }));
        assert_eq!(config.api_base_url.as_deref(), Some("https://api.example.com/v1/"));
        assert_eq!(
            config.catalogue.templates,
            vec![
                Choice { id: "1".into(), label: "Debian 12".into(), group: None },
                Choice { id: "2".into(), label: "#2".into(), group: None }
            ]
        );
        assert_eq!(config.catalogue.hidden_templates, ["3"]);
        assert!(config.catalogue.networks.is_empty());
    }

    #[test]
    fn a_bad_address_or_no_file_gives_the_defaults() {
        assert_eq!(
            DeployConfig::from_json(&json!({"api_base_url": "javascript:alert(1)"})).api_base_url,
            None
        );
        assert_eq!(DeployConfig::from_json(&json!(null)), DeployConfig::default());
    }

    #[test]
    fn every_vm_protected_only_when_the_file_says_true() {
        assert!(DeployConfig::from_json(&json!({"protect_vms": true})).protect_vms);
        assert!(!DeployConfig::from_json(&json!({})).protect_vms);
        let odd = DeployConfig::from_json(&json!({"protect_vms": "yes"}));
        assert!(!odd.protect_vms);
        assert_eq!(odd.warnings.len(), 1);
    }

    #[test]
    fn web_addresses() {
        assert_eq!(
            web_address(" https://status.example/ ").as_deref(),
            Some("https://status.example/")
        );
        for bad in [
            "http://status.example",
            "https://",
            "https:///x",
            "https://a b",
            "https://a\"b",
            "javascript:alert(1)",
        ] {
            assert_eq!(web_address(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_workspace_store_is_an_https_address_or_a_path_of_the_site() {
        let read = |value: Value| DeployConfig::from_json(&json!({ "workspace_store": value }));
        assert_eq!(
            read(json!("/_store/workspace/")).workspace_store.as_deref(),
            Some("/_store/workspace")
        );
        assert_eq!(
            read(json!("https://store.example.com/ws")).workspace_store.as_deref(),
            Some("https://store.example.com/ws")
        );
        for bad in [
            json!("http://store.example.com/ws"),
            json!("//evil.example.com/x"),
            json!("store"),
            json!("https://a.example.com/x?t=1"),
            json!(3),
        ] {
            let config = read(bad.clone());
            assert_eq!(config.workspace_store, None, "{bad}");
            assert_eq!(config.warnings.len(), 1, "{bad}");
        }
        assert_eq!(read(Value::Null).workspace_store, None);
        assert!(read(Value::Null).warnings.is_empty());
    }
}
