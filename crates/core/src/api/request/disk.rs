//! The writes on one disk: its size, automatic backups and mount point
//! changed, formatted, deleted.

use super::{number, ApiRequest, Made, Method};
use crate::api::paths::{self, Resource};
use serde_json::{json, Map, Value};

/// What an edit of a disk changes; `None` leaves a setting as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiskChanges {
    pub size_gb: Option<u64>,
    pub autobackup: Option<bool>,
    pub mount_point: Option<String>,
    /// With a mount point: also write it into the VM's `/etc/fstab`.
    pub add_to_fstab: bool,
    /// Let the provider reboot the VM when the change needs it.
    pub force_reboot: bool,
}

/// PUT `disk/<id>` with what changes: 200, or queued when the VM must
/// change too.
pub fn edit_disk(account: &str, disk: &str, changes: &DiskChanges) -> Made {
    let mut body = Map::new();
    if let Some(size) = changes.size_gb {
        body.insert("disk_size".into(), number(size));
    }
    if let Some(on) = changes.autobackup {
        body.insert("autobackup".into(), json!(if on { "1" } else { "0" }));
    }
    if let Some(mount) = &changes.mount_point {
        body.insert("mount_point".into(), json!(mount.trim()));
        if changes.add_to_fstab {
            body.insert("add_to_linux_fstab".into(), json!("1"));
        }
    }
    if changes.force_reboot {
        body.insert("force_reboot".into(), json!("1"));
    }
    Ok(ApiRequest::new(
        Method::Put,
        paths::one(account, Resource::Disk, disk)?,
        Some(Value::Object(body)),
    ))
}

/// POST `disk/<id>/build`: queued; everything on the disk is erased.
pub fn format_disk(account: &str, disk: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::one_part(account, Resource::Disk, disk, "build")?,
        Some(json!({})),
    ))
}

/// DELETE `disk/<id>`: queued; the disk and its data go.
pub fn delete_disk(account: &str, disk: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::one(account, Resource::Disk, disk)?, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disk_writes_follow_the_documentation() {
        let path = "/account/1/disk/5001";
        let put = |body: Value| ApiRequest::new(Method::Put, path.into(), Some(body));
        let grow = DiskChanges { size_gb: Some(40), force_reboot: true, ..Default::default() };
        assert_eq!(
            edit_disk("1", "5001", &grow).unwrap(),
            put(json!({"disk_size": "40", "force_reboot": "1"}))
        );
        let mount = DiskChanges {
            autobackup: Some(false),
            mount_point: Some(" /srv ".into()),
            add_to_fstab: true,
            ..Default::default()
        };
        assert_eq!(
            edit_disk("1", "5001", &mount).unwrap(),
            put(json!({"autobackup": "0", "mount_point": "/srv", "add_to_linux_fstab": "1"}))
        );
        let fstab_alone = DiskChanges { add_to_fstab: true, ..Default::default() };
        assert_eq!(edit_disk("1", "5001", &fstab_alone).unwrap(), put(json!({})));
        assert_eq!(
            format_disk("1", "5001").unwrap(),
            ApiRequest::new(Method::Post, format!("{path}/build"), Some(json!({})))
        );
        assert_eq!(
            delete_disk("1", "5001").unwrap(),
            ApiRequest::new(Method::Delete, path.into(), None)
        );
        assert!(format_disk("1", "").is_err());
    }
}
