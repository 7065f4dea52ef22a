//! The disk resource, as the provider documents it (no `primary`, no
//! `label`) and as OnApp sends it (both).

use crate::api::decode;
use crate::i18n::messages as t;
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Disk {
    pub id: Option<String>,
    pub label: Option<String>,
    pub size_gb: Option<i64>,
    pub is_swap: bool,
    /// OnApp's `primary`, where sent; see [`Disk::is_system`].
    pub primary: Option<bool>,
    pub mount_point: Option<String>,
    pub data_store_group_id: Option<String>,
    pub status: Option<String>,
    pub locked: bool,
    /// Whether the provider backs it up on its own (`autobackup`, 0/1).
    pub autobackup: Option<bool>,
    /// Whether its mount point is written into the VM's `/etc/fstab`.
    pub add_to_fstab: Option<bool>,
    pub raw: Map<String, Value>,
}

impl Disk {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |key: &str| map.get(key);
        Self {
            id: decode::id(get("id")),
            label: decode::text(get("label")),
            size_gb: decode::int(get("disk_size")).or_else(|| decode::int(get("size"))),
            is_swap: decode::flag(get("is_swap")).unwrap_or(false),
            primary: decode::flag(get("primary")),
            mount_point: decode::text(get("mount_point")),
            data_store_group_id: decode::id(get("data_store_group_id")),
            status: decode::text(get("status")),
            locked: decode::flag(get("locked")).unwrap_or(false),
            autobackup: decode::flag(get("autobackup")),
            add_to_fstab: decode::flag(get("add_to_linux_fstab")),
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<(Vec<Self>, usize), decode::DecodeError> {
        let items = decode::list(value, "disk", "disks", "a list of disks")?;
        Ok((items.items.into_iter().map(Self::from_map).collect(), items.skipped))
    }

    /// Whether this is the disk the system lives on: OnApp's `primary` where
    /// sent, else (as documented) the one that is not swap and is mounted
    /// at `/` (`C:` on Windows).
    pub fn is_system(&self) -> bool {
        self.primary.unwrap_or_else(|| {
            let mount = self.mount_point.as_deref().map(str::trim).unwrap_or_default();
            !self.is_swap
                && (mount == "/" || mount.trim_end_matches(['\\', '/']).eq_ignore_ascii_case("c:"))
        })
    }

    /// The size of the system disk among `disks`, where known.
    pub fn system_size(disks: &[Self]) -> Option<i64> {
        disks.iter().find(|d| d.is_system()).and_then(|d| d.size_gb)
    }

    /// "System disk", "Swap", or the label, for lists.
    pub fn name(&self) -> String {
        self.label.clone().unwrap_or_else(|| {
            if self.is_system() {
                t::DISK_SYSTEM.get().into()
            } else if self.is_swap {
                crate::i18n::common::SWAP.get().into()
            } else {
                self.id
                    .as_ref()
                    .map(|id| crate::tf!(t::DISK_NUMBER, id = id))
                    .unwrap_or_else(|| crate::i18n::common::DISK.get().into())
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn onapp_and_loose_disks() {
        let (disks, skipped) = Disk::list_from_json(&json!([
            {"disk": {"id": 5, "disk_size": "20", "is_swap": false, "primary": true, "mount_point": "/", "data_store_group_id": "1", "locked": 0}},
            {"id": "6", "size": 2, "is_swap": "1"},
            "junk"
        ]))
        .unwrap();
        assert_eq!(skipped, 1);
        assert_eq!(
            (disks[0].id.as_deref(), disks[0].size_gb, disks[0].is_system()),
            (Some("5"), Some(20), true)
        );
        assert_eq!(disks[1].size_gb, Some(2));
        assert!(disks[1].is_swap);
        assert_eq!(disks[1].name(), "Swap");
    }

    #[test]
    fn the_documented_system_disk_is_the_one_mounted_at_the_root() {
        let (disks, _) = Disk::list_from_json(&json!([
            {"id": "1", "disk_size": 2, "is_swap": true, "mount_point": null},
            {"id": "2", "disk_size": 40, "is_swap": false, "mount_point": "/data"},
            {"id": "3", "disk_size": 20, "is_swap": false, "mount_point": "/"},
            {"id": "4", "disk_size": 50, "is_swap": false, "mount_point": "C:\\"}
        ]))
        .unwrap();
        let system: Vec<_> = disks.iter().map(Disk::is_system).collect();
        assert_eq!(system, [false, false, true, true]);
        assert_eq!(
            (disks[2].name(), disks[1].name()),
            ("System disk".to_owned(), "Disk 2".to_owned())
        );
        assert_eq!(Disk::system_size(&disks), Some(20));
        // OnApp's flag wins where sent.
        let (onapp, _) = Disk::list_from_json(
            &json!([{"id": "5", "disk_size": 9, "primary": false, "mount_point": "/"}]),
        )
        .unwrap();
        assert!(!onapp[0].is_system());
    }

    #[test]
    fn automatic_backups_are_read_in_every_shape() {
        let (disks, _) = Disk::list_from_json(&json!([
            {"id": "1", "autobackup": 1, "add_to_linux_fstab": true},
            {"id": "2", "autobackup": "0", "add_to_linux_fstab": 0},
            {"id": "3", "autobackup": true},
            {"id": "4", "autobackup": "false"},
            {"id": "5", "autobackup": "maybe"},
            {"id": "6"}
        ]))
        .unwrap();
        let backups: Vec<_> = disks.iter().map(|d| d.autobackup).collect();
        assert_eq!(backups, [Some(true), Some(false), Some(true), Some(false), None, None]);
        assert_eq!((disks[0].add_to_fstab, disks[1].add_to_fstab), (Some(true), Some(false)));
    }
}
