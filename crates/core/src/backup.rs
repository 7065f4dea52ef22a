//! The account's backups (`GET /backups`, a VM's through its disks'
//! `disk_id`): made by hand (`gigas`) or automatically
//! (`gigas-automatic`), restored onto their disk or made into a template;
//! decoded tolerantly, unknown fields in `raw`. As the pages show them,
//! with their disks and VMs and what can be done with each: [`located`].

pub mod located;

use crate::api::decode::{self, DecodeError};
pub use located::{locate, BackupAction, Located, Owner};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Backup {
    pub id: Option<String>,
    pub disk_id: Option<String>,
    pub created_at: Option<String>,
    pub status: Option<String>,
    pub operating_system: Option<String>,
    pub distro: Option<String>,
    /// The template its disk was built from.
    pub template_id: Option<String>,
    /// As `backup_size`: the documentation gives no unit; kept as sent.
    pub size: Option<f64>,
    pub locked: Option<bool>,
    pub kind: BackupKind,
    pub raw: Map<String, Value>,
}

/// How a backup came to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackupKind {
    /// `gigas`: asked for.
    Manual,
    /// `gigas-automatic`: the disk's automatic backups.
    Automatic,
    /// A kind the panel does not know, as sent.
    Other(String),
    Unknown,
}

/// What a backup is fit for now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BackupState {
    /// Locked or being made: nothing can be done with it yet.
    Busy,
    Failed,
    Ready,
    /// A status the panel does not know, as sent.
    Other(String),
    Unknown,
}

impl Backup {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |k: &str| map.get(k);
        let kind = match decode::text(get("backup_type")) {
            None => BackupKind::Unknown,
            Some(kind) => match kind.trim().to_ascii_lowercase().as_str() {
                "gigas" => BackupKind::Manual,
                "gigas-automatic" => BackupKind::Automatic,
                _ => BackupKind::Other(kind),
            },
        };
        Self {
            id: decode::id(get("id")),
            disk_id: decode::id(get("disk_id")),
            created_at: decode::text(get("date_created")),
            status: decode::text(get("status")),
            operating_system: decode::text(get("operating_system")),
            distro: decode::text(get("operating_system_distro")),
            template_id: decode::id(get("template_id")),
            size: decode::float(get("backup_size")),
            locked: decode::flag(get("locked")),
            kind,
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(value, "backup", "backups", "a list of backups")?;
        Ok(items.items.into_iter().map(Self::from_map).filter(|b| b.id.is_some()).collect())
    }

    /// A failure wins; then a lock or work under way; a status the service
    /// sends says the rest.
    pub fn state(&self) -> BackupState {
        let status = self.status.as_deref().map(|s| s.trim().to_ascii_lowercase());
        match status.as_deref() {
            Some("failed" | "error") => BackupState::Failed,
            _ if self.locked == Some(true) => BackupState::Busy,
            Some("pending" | "building" | "running" | "locked") => BackupState::Busy,
            Some("built" | "ready" | "active" | "complete" | "completed") => BackupState::Ready,
            Some(_) => BackupState::Other(self.status.clone().unwrap_or_default()),
            None if self.locked == Some(false) => BackupState::Ready,
            None => BackupState::Unknown,
        }
    }
}

/// The backups of a VM: those of its disks, newest first
/// ([`located::newest_first`]).
pub fn of_disks(list: &[Backup], disk_ids: &[String]) -> Vec<Backup> {
    let mut of: Vec<Backup> = list
        .iter()
        .filter(|b| b.disk_id.as_ref().is_some_and(|d| disk_ids.contains(d)))
        .cloned()
        .collect();
    located::newest_first(&mut of, |b| b);
    of
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn documented() -> Vec<Backup> {
        Backup::list_from_json(&json!([
            {"id": 1, "disk_id": 5009, "date_created": "2026-11-20T03:00:00", "status": "built",
             "operating_system": "linux", "operating_system_distro": "debian", "template_id": 11,
             "backup_size": "2.5", "locked": 0, "backup_type": "gigas-automatic"},
            {"id": "2", "disk_id": "5009", "date_created": "2026-11-25T10:00:00", "locked": 1,
             "backup_type": "gigas"},
            {"id": "3", "disk_id": "6001", "status": "failed", "backup_type": "tape"},
            {"id": "4", "disk_id": "5010", "date_created": "2026-11-21T03:00:00", "locked": "0"},
            {"label": "no id"}
        ]))
        .unwrap()
    }

    #[test]
    fn documented_fields_kinds_and_states() {
        let list = documented();
        assert_eq!(list.len(), 4);
        let shape: Vec<_> = list.iter().map(|b| (b.kind.clone(), b.state())).collect();
        assert_eq!(
            shape,
            [
                (BackupKind::Automatic, BackupState::Ready),
                (BackupKind::Manual, BackupState::Busy),
                (BackupKind::Other("tape".into()), BackupState::Failed),
                (BackupKind::Unknown, BackupState::Ready),
            ]
        );
        assert_eq!((list[0].size, list[0].template_id.as_deref()), (Some(2.5), Some("11")));
    }

    #[test]
    fn a_vms_backups_are_those_of_its_disks_newest_first() {
        let disks = ["5009".to_owned(), "5010".to_owned()];
        let ids: Vec<_> =
            of_disks(&documented(), &disks).into_iter().filter_map(|b| b.id).collect();
        assert_eq!(ids, ["2", "4", "1"]);
    }
}
