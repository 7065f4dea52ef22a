//! The writes on backups: restored onto their disk, made into a template,
//! deleted. Each is queued.

use super::{ApiRequest, Made, Method};
use crate::api::paths::{self, Resource};
use serde_json::json;

/// POST `backup/<id>/restore`: the backup is written back onto its disk,
/// which loses what was written since; the VM is busy meanwhile.
pub fn restore_backup(account: &str, backup: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::one_part(account, Resource::Backup, backup, "restore")?,
        Some(json!({})),
    ))
}

/// POST `backup/<id>/template` with the template's `label`.
pub fn template_from_backup(account: &str, backup: &str, label: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::one_part(account, Resource::Backup, backup, "template")?,
        Some(json!({"label": label.trim()})),
    ))
}

/// DELETE `backup/<id>`.
pub fn delete_backup(account: &str, backup: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::one(account, Resource::Backup, backup)?, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_writes_follow_the_documentation() {
        let path = "/account/1/backup/8";
        assert_eq!(
            restore_backup("1", "8").unwrap(),
            ApiRequest::new(Method::Post, format!("{path}/restore"), Some(json!({})))
        );
        assert_eq!(
            template_from_backup("1", "8", " before upgrade ").unwrap(),
            ApiRequest::new(
                Method::Post,
                format!("{path}/template"),
                Some(json!({"label": "before upgrade"}))
            )
        );
        assert_eq!(
            delete_backup("1", "8").unwrap(),
            ApiRequest::new(Method::Delete, path.into(), None)
        );
        assert!(restore_backup("1", "8/../9").is_err());
    }
}
