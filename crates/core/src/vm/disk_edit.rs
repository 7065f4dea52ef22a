//! The edits of one disk on the VM's Disks tab, as typed: a new size (a
//! disk only grows) and a mount point, each checked here and made into the
//! [`DiskChanges`] its request sends (`api::request::edit_disk`).
//!
//! There is no upper limit on the size here: the provider documents none,
//! and its refusal lands at the size field (`disk_size`).

use super::disk::Disk;
use crate::api::request::DiskChanges;
use crate::forms::FieldErrors;
use crate::i18n::{integer, messages as t};
use crate::{tf, validate};
use serde::{Deserialize, Serialize};

/// A disk's new size, as typed. Field keys are the API's names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResizeDiskForm {
    /// GB.
    pub disk_size: String,
    /// Let the provider reboot the VM: a running VM takes a larger disk
    /// only when it restarts.
    pub force_reboot: bool,
}

impl ResizeDiskForm {
    /// The form for `disk`, its size as it is now; on a running VM the
    /// reboot is allowed from the start, since the resize needs it.
    pub fn new(disk: &Disk, running: bool) -> Self {
        Self {
            disk_size: disk.size_gb.map(|gb| gb.to_string()).unwrap_or_default(),
            force_reboot: running,
        }
    }

    /// The new size: a whole number of GB, larger than `now` where it is known.
    pub fn size(&self, now: Option<i64>) -> Result<u64, String> {
        let size = validate::positive(&self.disk_size, t::WHAT_DISK_SIZE)?;
        match now {
            Some(now) if u64::try_from(now).is_ok_and(|now| size <= now) => {
                Err(tf!(t::VAL_DISK_NOT_LARGER, now = integer(now)))
            }
            _ => Ok(size),
        }
    }

    pub fn errors(&self, now: Option<i64>) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("disk_size", self.size(now).map(|_| ()));
        problems
    }

    /// What the resize sends, once the size is right; the reboot is asked
    /// for only on a running VM, the one that needs it.
    pub fn changes(&self, now: Option<i64>, running: bool) -> Option<DiskChanges> {
        let size = self.size(now).ok()?;
        Some(DiskChanges {
            size_gb: Some(size),
            force_reboot: running && self.force_reboot,
            ..DiskChanges::default()
        })
    }
}

/// Whether a resize restarts the VM: only a running one must restart to
/// take the larger disk.
pub fn resize_restarts(running: bool) -> bool {
    running
}

/// A disk's mount point as typed, and whether the VM's `/etc/fstab` gets it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MountPointForm {
    pub mount_point: String,
    pub add_to_linux_fstab: bool,
}

impl MountPointForm {
    /// Whether `disk` takes a mount point here: a swap disk is not mounted,
    /// and the system disk stays where the system lives.
    pub fn offered(disk: &Disk) -> bool {
        !disk.is_swap && !disk.is_system()
    }

    /// The form for `disk`, as it is now.
    pub fn new(disk: &Disk) -> Self {
        Self {
            mount_point: disk.mount_point.clone().unwrap_or_default(),
            add_to_linux_fstab: disk.add_to_fstab.unwrap_or(false),
        }
    }

    pub fn errors(&self, disk: &Disk) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("mount_point", mount_point(&self.mount_point, disk));
        problems
    }

    /// What the change sends; none while the mount point is wrong or
    /// nothing differs from `disk` as it is.
    pub fn changes(&self, disk: &Disk) -> Option<DiskChanges> {
        mount_point(&self.mount_point, disk).ok()?;
        let now = Self::new(disk);
        if now.mount_point.trim() == self.mount_point.trim()
            && now.add_to_linux_fstab == self.add_to_linux_fstab
        {
            return None;
        }
        Some(DiskChanges {
            mount_point: Some(self.mount_point.trim().to_owned()),
            add_to_fstab: self.add_to_linux_fstab,
            ..DiskChanges::default()
        })
    }
}

/// A mount point for `disk`: an absolute path without spaces (fstab
/// separates its fields by them), not `/` (the system disk's), and none on
/// a swap disk.
pub fn mount_point(value: &str, disk: &Disk) -> validate::Check {
    let value = value.trim();
    if disk.is_swap {
        return Err(t::VAL_MOUNT_POINT_SWAP.get().to_owned());
    }
    if !value.starts_with('/') {
        return Err(t::VAL_MOUNT_POINT_SLASH.get().to_owned());
    }
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(t::VAL_MOUNT_POINT_SPACES.get().to_owned());
    }
    if value.trim_end_matches('/').is_empty() && !disk.is_system() {
        return Err(t::VAL_MOUNT_POINT_ROOT.get().to_owned());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::edit_disk;
    use proptest::prelude::*;
    use serde_json::json;

    fn disk(value: serde_json::Value) -> Disk {
        let Some(map) = value.as_object() else { unreachable!("a JSON object") };
        Disk::from_map(map)
    }

    fn resize(size: &str) -> ResizeDiskForm {
        ResizeDiskForm { disk_size: size.into(), force_reboot: true }
    }

    #[test]
    fn a_resize_starts_from_the_size_now_and_asks_for_a_reboot_only_when_running() {
        let data = disk(json!({"id": "5", "disk_size": 20}));
        assert_eq!(
            ResizeDiskForm::new(&data, true),
            ResizeDiskForm { disk_size: "20".into(), force_reboot: true }
        );
        assert!(!ResizeDiskForm::new(&data, false).force_reboot);
        // As it starts, nothing is larger yet.
        assert!(ResizeDiskForm::new(&data, true).errors(Some(20)).contains_key("disk_size"));
        let running = resize(" 40 ").changes(Some(20), true);
        let offline = resize("40").changes(Some(20), false);
        assert_eq!(
            running,
            Some(DiskChanges { size_gb: Some(40), force_reboot: true, ..DiskChanges::default() })
        );
        assert_eq!(offline, Some(DiskChanges { size_gb: Some(40), ..DiskChanges::default() }));
        let declined = ResizeDiskForm { disk_size: "40".into(), force_reboot: false };
        assert_eq!(declined.changes(Some(20), true).map(|c| c.force_reboot), Some(false));
        let sent = edit_disk("1", "5", &running.unwrap_or_default()).unwrap();
        assert_eq!(sent.body, Some(json!({"disk_size": "40", "force_reboot": "1"})));
        assert!(resize_restarts(true) && !resize_restarts(false));
    }

    #[test]
    fn a_size_must_be_a_whole_number_larger_than_now() {
        assert_eq!(
            resize("20").size(Some(20)).unwrap_err(),
            "The new size must be larger than the disk's 20 GB: a disk cannot shrink."
        );
        assert!(resize("10").size(Some(20)).is_err());
        assert_eq!(resize("").size(Some(20)).unwrap_err(), "Enter the disk size.");
        assert_eq!(
            resize("20.5").size(Some(20)).unwrap_err(),
            "The disk size must be a whole number."
        );
        assert!(resize("-30").size(Some(20)).is_err());
        assert!(resize("0").size(None).is_err());
        // Without the size now, the service has the last word.
        assert_eq!(resize("5").size(None), Ok(5));
        assert_eq!(resize("21").size(Some(20)), Ok(21));
        assert!(resize("10").changes(Some(20), true).is_none());
    }

    #[test]
    fn a_mount_point_is_a_path_of_its_own() {
        let data = disk(json!({"id": "6", "disk_size": 40, "mount_point": "/data"}));
        let swap = disk(json!({"id": "7", "is_swap": true}));
        let system = disk(json!({"id": "8", "mount_point": "/"}));
        assert!(mount_point("/srv/www", &data).is_ok());
        assert!(mount_point(" /srv ", &data).is_ok());
        assert_eq!(
            mount_point("srv", &data).unwrap_err(),
            "A mount point starts with /, e.g. /data."
        );
        assert!(mount_point("", &data).is_err());
        assert!(mount_point("/my data", &data).unwrap_err().contains("spaces"));
        assert!(mount_point("/", &data).unwrap_err().contains("system disk"));
        assert!(mount_point("//", &data).is_err());
        assert!(mount_point("/swap", &swap).unwrap_err().contains("swap"));
        assert!(mount_point("/", &system).is_ok());
        assert!(MountPointForm::offered(&data));
        assert!(!MountPointForm::offered(&swap));
        assert!(!MountPointForm::offered(&system));
    }

    #[test]
    fn a_mount_point_sends_only_a_change() {
        let data = disk(json!({"id": "6", "mount_point": "/data", "add_to_linux_fstab": 1}));
        let now = MountPointForm::new(&data);
        assert_eq!(now, MountPointForm { mount_point: "/data".into(), add_to_linux_fstab: true });
        assert_eq!(now.changes(&data), None);
        let spaced = MountPointForm { mount_point: " /data ".into(), ..now.clone() };
        assert_eq!(spaced.changes(&data), None);
        let moved = MountPointForm { mount_point: " /srv ".into(), ..now.clone() };
        let changes = moved.changes(&data);
        assert_eq!(
            changes,
            Some(DiskChanges {
                mount_point: Some("/srv".into()),
                add_to_fstab: true,
                ..DiskChanges::default()
            })
        );
        let sent = edit_disk("1", "6", &changes.unwrap_or_default()).unwrap();
        assert_eq!(sent.body, Some(json!({"mount_point": "/srv", "add_to_linux_fstab": "1"})));
        // The fstab alone changed: the mount point goes with it, as the API wants.
        let fstab = MountPointForm { add_to_linux_fstab: false, ..now.clone() };
        assert_eq!(fstab.changes(&data).and_then(|c| c.mount_point), Some("/data".into()));
        let wrong = MountPointForm { mount_point: "data".into(), ..now };
        assert!(wrong.changes(&data).is_none());
        assert!(wrong.errors(&data).contains_key("mount_point"));
        // A disk without a mount point starts empty, fstab unticked.
        let bare = disk(json!({"id": "9"}));
        assert_eq!(MountPointForm::new(&bare), MountPointForm::default());
    }

    proptest! {
        /// A disk never shrinks nor stays: any size up to the size now is
        /// refused, any larger whole number is taken as it is.
        #[test]
        fn a_disk_only_grows(now in 1i64..1_000_000, down in 0u64..1_000_000, up in 1u64..u64::MAX / 2) {
            let now_gb = now as u64;
            let smaller = now_gb.saturating_sub(down);
            prop_assert!(resize(&smaller.to_string()).size(Some(now)).is_err());
            prop_assert!(resize(&smaller.to_string()).changes(Some(now), true).is_none());
            let larger = now_gb.saturating_add(up);
            prop_assert_eq!(resize(&larger.to_string()).size(Some(now)), Ok(larger));
            prop_assert!(resize(&larger.to_string()).errors(Some(now)).is_empty());
        }
    }
}
