//! Templates as the service lists them: the catalogue's public ones and the
//! account's own, made from a VM, from a backup or as a copy of another.

use crate::catalogue;
use serde_json::{json, Value};
use std::time::Instant;

/// A template of the account's own: it may be renamed and deleted.
#[derive(Clone, Debug)]
pub struct OwnTemplate {
    pub id: u64,
    pub label: String,
    /// `pending` while it is being made, then `active`.
    pub status: &'static str,
    /// When a pending one becomes active.
    pub ready_at: Option<Instant>,
    /// The backup it was made from.
    pub backup_id: Option<u64>,
    /// The VM it was made from (or whose backup it was made from).
    pub virtual_machine_id: Option<u64>,
    /// GB.
    pub size: u64,
    pub os: Option<String>,
    pub distro: Option<String>,
    pub edition: Option<String>,
    pub arch: Option<String>,
    /// The template it is a copy of.
    pub clone_id: Option<u64>,
    pub created_at: String,
}

/// What a template's system is, whichever kind it is: copied into the
/// templates made from it.
#[derive(Clone, Debug, Default)]
pub struct System {
    pub os: Option<String>,
    pub distro: Option<String>,
    pub edition: Option<String>,
    pub arch: Option<String>,
}

impl System {
    pub fn of_catalogue(t: &catalogue::Template) -> Self {
        Self {
            os: Some(t.os.to_owned()),
            distro: Some(t.distro.to_owned()),
            edition: Some(t.edition.to_owned()),
            arch: Some(t.arch.to_owned()),
        }
    }

    pub fn of_own(t: &OwnTemplate) -> Self {
        Self {
            os: t.os.clone(),
            distro: t.distro.clone(),
            edition: t.edition.clone(),
            arch: t.arch.clone(),
        }
    }
}

impl OwnTemplate {
    /// A template being made (from `created_at`), active from `ready_at`.
    pub fn pending(
        id: u64,
        label: String,
        size: u64,
        system: System,
        created_at: String,
        ready_at: Instant,
    ) -> Self {
        Self {
            id,
            label,
            status: "pending",
            ready_at: Some(ready_at),
            backup_id: None,
            virtual_machine_id: None,
            size,
            os: system.os,
            distro: system.distro,
            edition: system.edition,
            arch: system.arch,
            clone_id: None,
            created_at,
        }
    }

    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "label": self.label,
            "backup_id": self.backup_id.map(|id| id.to_string()),
            "public": false,
            "status": self.status,
            "template_size": self.size,
            "operating_system": self.os,
            "operating_system_distro": self.distro,
            "operating_system_edition": self.edition,
            "operating_system_arch": self.arch,
            "clone_id": self.clone_id.map(|id| id.to_string()),
        })
    }
}

/// A catalogue template in the same shape as the account's own.
pub fn catalogue_json(t: &catalogue::Template) -> Value {
    json!({
        "id": t.id.to_string(),
        "label": t.label,
        "backup_id": null,
        "public": true,
        "status": if t.active { "active" } else { "inactive" },
        "template_size": t.size,
        "operating_system": t.os,
        "operating_system_distro": t.distro,
        "operating_system_edition": t.edition,
        "operating_system_arch": t.arch,
        "clone_id": null,
    })
}
