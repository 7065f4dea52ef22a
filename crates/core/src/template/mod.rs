//! The provider's templates (`GET /templates`): what a VM is built or
//! rebuilt from, the provider's own (public) and the account's (made from a
//! VM or a backup), decoded tolerantly; unknown fields are kept in `raw`.

use crate::api::decode::{self, DecodeError};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    pub id: Option<String>,
    pub label: Option<String>,
    /// The backup it was made from, for the account's own.
    pub backup_id: Option<String>,
    /// The provider's template (true) or the account's own (false).
    pub public: Option<bool>,
    /// `active`, `inactive` or `pending` as documented; anything else as sent.
    pub status: Option<String>,
    /// GB, as `template_size`.
    pub size_gb: Option<i64>,
    pub operating_system: Option<String>,
    pub distro: Option<String>,
    pub edition: Option<String>,
    pub arch: Option<String>,
    pub raw: Map<String, Value>,
}

impl Template {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |k: &str| map.get(k);
        Self {
            id: decode::id(get("id")),
            label: decode::text(get("label")),
            backup_id: decode::id(get("backup_id")),
            public: decode::flag(get("public")),
            status: decode::text(get("status")),
            size_gb: decode::int(get("template_size")),
            operating_system: decode::text(get("operating_system")),
            distro: decode::text(get("operating_system_distro")),
            edition: decode::text(get("operating_system_edition")),
            arch: decode::text(get("operating_system_arch")),
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(value, "template", "templates", "a list of templates")?;
        Ok(items.items.into_iter().map(Self::from_map).collect())
    }

    /// Whether a VM can be built from it now: `active`, or no status sent
    /// (a service that does not say is taken at its word that it lists
    /// what it offers).
    pub fn is_offered(&self) -> bool {
        self.id.is_some()
            && self.status.as_deref().is_none_or(|s| s.trim().eq_ignore_ascii_case("active"))
    }

    /// The account's own template (made from a VM or a backup): it may be
    /// renamed and deleted.
    pub fn is_own(&self) -> bool {
        self.public == Some(false) || self.backup_id.is_some()
    }

    /// What it is grouped under: the operating system, else its family.
    pub fn group(&self) -> Option<&str> {
        self.distro.as_deref().or(self.operating_system.as_deref()).filter(|g| !g.trim().is_empty())
    }
}

/// The templates a VM can be built from, grouped by operating system (the
/// groups and the templates in each in name order, those of no known
/// system last, under `None`).
pub fn offered_by_system(list: &[Template]) -> Vec<(Option<String>, Vec<Template>)> {
    let mut groups: Vec<(Option<String>, Vec<Template>)> = Vec::new();
    for template in list.iter().filter(|t| t.is_offered()) {
        let group = template.group().map(str::to_owned);
        match groups.iter_mut().find(|(g, _)| *g == group) {
            Some((_, members)) => members.push(template.clone()),
            None => groups.push((group, vec![template.clone()])),
        }
    }
    let name = |t: &Template| t.label.clone().or_else(|| t.id.clone()).unwrap_or_default();
    for (_, members) in &mut groups {
        members.sort_by_key(|t| name(t).to_lowercase());
    }
    groups.sort_by(|(a, _), (b, _)| match (a, b) {
        (Some(a), Some(b)) => a.to_lowercase().cmp(&b.to_lowercase()),
        // Those of no known system last.
        (a, b) => b.is_some().cmp(&a.is_some()),
    });
    groups
}

#[cfg(test)]
mod tests;
