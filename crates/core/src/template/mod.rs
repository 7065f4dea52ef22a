//! The provider's templates (`GET /templates`): what a VM is built or
//! rebuilt from, the provider's own (public) and the account's (made from a
//! VM or a backup), decoded tolerantly; unknown fields are kept in `raw`.

use crate::api::decode::{self, DecodeError};
use crate::deploy::Choice;
use crate::i18n::messages as t;
use crate::i18n::{or_dash, DASH};
use serde_json::{Map, Value};

pub mod label;

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
    /// The template it is a copy of.
    pub clone_id: Option<String>,
    pub raw: Map<String, Value>,
}

/// A template's status as documented, for its badge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TemplateStatus {
    Active,
    /// Being made (from a VM, a backup or as a copy).
    Pending,
    Inactive,
    /// A status the panel does not know, as sent.
    Other(String),
    /// None was sent.
    Unknown,
}

impl TemplateStatus {
    pub fn label(&self) -> &str {
        match self {
            Self::Active => t::TEMPLATE_STATUS_ACTIVE.get(),
            Self::Pending => t::TEMPLATE_STATUS_PENDING.get(),
            Self::Inactive => t::TEMPLATE_STATUS_INACTIVE.get(),
            Self::Other(status) => status,
            Self::Unknown => DASH,
        }
    }

    /// The badge's classes, in the colours a VM's status uses.
    pub fn badge_class(&self) -> &'static str {
        match self {
            Self::Active => "badge badge-online",
            Self::Pending => "badge badge-unbuilt",
            Self::Inactive => "badge badge-offline",
            Self::Other(_) | Self::Unknown => "badge badge-other",
        }
    }
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
            clone_id: decode::id(get("clone_id")),
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

    /// The name to show: the label, else the number.
    pub fn name(&self) -> String {
        or_dash(self.label.clone().or_else(|| self.id.as_ref().map(|id| format!("#{id}"))))
    }

    pub fn status_kind(&self) -> TemplateStatus {
        let Some(sent) = self.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) else {
            return TemplateStatus::Unknown;
        };
        match sent.to_ascii_lowercase().as_str() {
            "active" => TemplateStatus::Active,
            "pending" => TemplateStatus::Pending,
            "inactive" => TemplateStatus::Inactive,
            _ => TemplateStatus::Other(sent.to_owned()),
        }
    }

    /// Its system in a few words: the distribution (or family), edition and
    /// architecture that were sent, "Debian 12 · standard · x64".
    pub fn system(&self) -> String {
        let parts: Vec<&str> = [self.group(), self.edition.as_deref(), self.arch.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            DASH.to_owned()
        } else {
            parts.join(" · ")
        }
    }

    /// What it was made from, where the service says: a backup, or
    /// another template it is a copy of.
    pub fn made_from(&self) -> Option<String> {
        match (&self.backup_id, &self.clone_id) {
            (Some(backup), _) => Some(crate::tf!(t::TEMPLATE_FROM_BACKUP, id = backup)),
            (None, Some(original)) => Some(crate::tf!(t::TEMPLATE_COPY_OF, id = original)),
            (None, None) => None,
        }
    }
}

/// The distributions the list names, each once, in name order: what the
/// page's distribution filter suggests.
pub fn distros(list: &[Template]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for distro in list.iter().filter_map(|t| t.distro.as_deref()).map(str::trim) {
        if !distro.is_empty() && !out.iter().any(|d| d.eq_ignore_ascii_case(distro)) {
            out.push(distro.to_owned());
        }
    }
    out.sort_by_key(|d| d.to_lowercase());
    out
}

/// The list as the templates page shows it: the account's own first, then
/// the provider's, each in the order the service sent.
pub fn own_first(mut list: Vec<Template>) -> Vec<Template> {
    list.sort_by_key(|t| !t.is_own());
    list
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

/// The templates a form offers, as choices: the account's own first, then
/// the provider's by operating system; each named with its size.
pub fn choices(list: &[Template]) -> Vec<Choice> {
    let (own, public): (Vec<Template>, Vec<Template>) =
        list.iter().cloned().partition(Template::is_own);
    let mut groups = vec![(Some(t::TEMPLATE_GROUP_OWN.get().to_owned()), {
        let mut own: Vec<Template> = own.into_iter().filter(Template::is_offered).collect();
        own.sort_by_key(|t| t.label.clone().unwrap_or_default().to_lowercase());
        own
    })];
    groups.extend(offered_by_system(&public).into_iter().map(|(group, members)| {
        (Some(group.unwrap_or_else(|| t::TEMPLATE_GROUP_OTHER.get().to_owned())), members)
    }));
    groups
        .into_iter()
        .flat_map(|(group, members)| {
            members.into_iter().filter_map(move |template| {
                let id = template.id.clone()?;
                let name = template.label.clone().unwrap_or_else(|| format!("#{id}"));
                let label = match template.size_gb {
                    Some(size) if size > 0 => {
                        crate::tf!(t::TEMPLATE_CHOICE_SIZED, label = name, size = size)
                    }
                    _ => name,
                };
                Some(Choice { id, label, group: group.clone() })
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
