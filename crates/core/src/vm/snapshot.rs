//! A VM's snapshots: as the provider documents them (`locked`, `error`,
//! `in_use`, an `identifier`, no size, date or status) and as OnApp sends
//! them (size, status, date).

use crate::api::decode::{self, DecodeError};
use crate::i18n::{or_dash, vm as t, DASH};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub id: Option<String>,
    pub label: Option<String>,
    pub identifier: Option<String>,
    /// The VM it is of (`virtual_machine_id`), as the account's list says.
    pub vm_id: Option<String>,
    pub size_gb: Option<i64>,
    pub status: Option<String>,
    pub created_at: Option<String>,
    pub locked: Option<bool>,
    pub error: Option<bool>,
    pub in_use: Option<bool>,
    pub raw: Map<String, Value>,
}

/// What a snapshot is fit for now, from whichever fields were sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SnapshotState {
    /// The service reports an error: going back to it may not work.
    Failed,
    /// Being taken or changed.
    Busy,
    /// In use by the VM.
    InUse,
    Ready,
    /// A status the panel does not know, as sent.
    Other(String),
    /// Nothing was sent to tell.
    Unknown,
}

impl SnapshotState {
    pub fn label(&self) -> &str {
        match self {
            Self::Failed => t::SNAPSHOTS_STATE_FAILED.get(),
            Self::Busy => t::SNAPSHOTS_STATE_BUSY.get(),
            Self::InUse => t::SNAPSHOTS_STATE_IN_USE.get(),
            Self::Ready => t::SNAPSHOTS_STATE_READY.get(),
            Self::Other(status) => status,
            Self::Unknown => DASH,
        }
    }

    /// A stable token for styling.
    pub fn css_class(&self) -> &'static str {
        match self {
            Self::Failed => "failed",
            Self::Busy => "busy",
            Self::InUse => "in-use",
            Self::Ready => "ready",
            Self::Other(_) | Self::Unknown => "other",
        }
    }

    /// The badge's classes: failed in the colour of a failure, work on it
    /// as a VM being built, ready or in use as one online.
    pub fn badge_class(&self) -> &'static str {
        match self {
            Self::Failed => "badge badge-failed",
            Self::Busy => "badge badge-unbuilt",
            Self::InUse | Self::Ready => "badge badge-online",
            Self::Other(_) | Self::Unknown => "badge badge-other",
        }
    }
}

impl Snapshot {
    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(value, "snapshot", "snapshots", "a list of snapshots")?;
        Ok(items
            .items
            .into_iter()
            .map(|map| Self {
                id: decode::id(map.get("id")),
                label: decode::text(map.get("label")),
                identifier: decode::text(map.get("identifier")),
                // It goes into links and filters: an id, or nothing.
                vm_id: decode::id(map.get("virtual_machine_id"))
                    .filter(|id| crate::validate::is_id(id)),
                size_gb: decode::int(map.get("size")),
                status: decode::text(map.get("status")),
                created_at: decode::text(map.get("created_at")),
                locked: decode::flag(map.get("locked")),
                error: decode::flag(map.get("error")),
                in_use: decode::flag(map.get("in_use")),
                raw: map.clone(),
            })
            .collect())
    }

    /// An error wins over everything; then work on it, then use; a status
    /// the service sends says the rest.
    pub fn state(&self) -> SnapshotState {
        let status = self.status.as_deref().map(|s| s.trim().to_ascii_lowercase());
        if self.error == Some(true) || matches!(status.as_deref(), Some("failed" | "error")) {
            return SnapshotState::Failed;
        }
        if self.locked == Some(true)
            || matches!(status.as_deref(), Some("pending" | "building" | "locked"))
        {
            return SnapshotState::Busy;
        }
        if self.in_use == Some(true) {
            return SnapshotState::InUse;
        }
        match (status.as_deref(), &self.status) {
            (Some("built" | "ready" | "active" | "complete"), _) => SnapshotState::Ready,
            (Some(_), Some(sent)) => SnapshotState::Other(sent.clone()),
            _ if self.error.is_some() || self.locked.is_some() || self.in_use.is_some() => {
                SnapshotState::Ready
            }
            _ => SnapshotState::Unknown,
        }
    }

    /// The name to show: the label, else the number.
    pub fn name(&self) -> String {
        or_dash(self.label.clone().or_else(|| self.id.as_ref().map(|id| format!("#{id}"))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn onapp_snapshots() {
        let list = Snapshot::list_from_json(
            &json!([{"id": 1, "label": "Before upgrade", "size": "4", "status": "built"}]),
        )
        .unwrap();
        assert_eq!((list[0].size_gb, list[0].state()), (Some(4), SnapshotState::Ready));
    }

    #[test]
    fn documented_snapshots_say_failed_busy_and_in_use() {
        let list = Snapshot::list_from_json(&json!([
            {"id": "1", "label": "a", "identifier": "5f0c", "virtual_machine_id": "9", "locked": 0, "error": 1, "in_use": 0},
            {"id": "2", "label": "b", "locked": 1, "error": 0, "in_use": 1},
            {"id": "3", "label": "c", "locked": 0, "error": 0, "in_use": 1},
            {"id": "4", "label": "d", "locked": 0, "error": 0, "in_use": 0},
            {"id": "5", "status": "merging"},
            {"id": "6"}
        ]))
        .unwrap();
        let states: Vec<_> = list.iter().map(Snapshot::state).collect();
        assert_eq!(
            states,
            [
                SnapshotState::Failed,
                SnapshotState::Busy,
                SnapshotState::InUse,
                SnapshotState::Ready,
                SnapshotState::Other("merging".into()),
                SnapshotState::Unknown
            ]
        );
        assert_eq!((list[0].size_gb, list[0].identifier.as_deref()), (None, Some("5f0c")));
        assert_eq!((list[0].state().label(), list[5].name()), ("failed", "#6".to_owned()));
        assert_eq!(list[0].state().badge_class(), "badge badge-failed");
    }

    #[test]
    fn the_accounts_list_names_each_snapshots_vm() {
        let list = Snapshot::list_from_json(&json!([
            {"id": "1", "virtual_machine_id": "9", "error": 1},
            {"id": "2", "virtual_machine_id": 12},
            {"id": "3", "virtual_machine_id": "../1"},
            {"id": "4"}
        ]))
        .unwrap();
        let vms: Vec<_> = list.iter().map(|s| s.vm_id.as_deref()).collect();
        assert_eq!(vms, [Some("9"), Some("12"), None, None], "only an id is taken as one");
    }
}
