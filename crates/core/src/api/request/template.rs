//! The writes on the account's own templates: renamed, deleted, copied to
//! another location.

use super::{number, ApiRequest, Made, Method};
use crate::api::paths::{self, Resource};
use crate::i18n::messages as t;
use serde_json::json;

/// PUT `template/<id>` with the new `label`: 200, not queued.
pub fn rename_template(account: &str, template: &str, label: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Put,
        paths::one(account, Resource::Template, template)?,
        Some(json!({"label": label.trim()})),
    ))
}

/// DELETE `template/<id>`: queued; refused while a VM is built from it.
pub fn delete_template(account: &str, template: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::one(account, Resource::Template, template)?, None))
}

/// POST `template/<id>/clone`: queued; a copy for `user` in `location`,
/// which names the original as its `clone_id`.
pub fn clone_template(account: &str, template: &str, user: u64, location: &str) -> Made {
    Ok(ApiRequest::new(
        Method::Post,
        paths::one_part(account, Resource::Template, template, "clone")?,
        Some(json!({
            "user_id": number(user),
            "location_id": paths::checked_id(location, t::WHAT_LOCATION)?,
        })),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_writes_follow_the_documentation() {
        let path = "/account/1/template/20001";
        assert_eq!(
            rename_template("1", "20001", " web base ").unwrap(),
            ApiRequest::new(Method::Put, path.into(), Some(json!({"label": "web base"})))
        );
        assert_eq!(
            delete_template("1", "20001").unwrap(),
            ApiRequest::new(Method::Delete, path.into(), None)
        );
        assert_eq!(
            clone_template("1", "20001", 7, "2").unwrap(),
            ApiRequest::new(
                Method::Post,
                format!("{path}/clone"),
                Some(json!({"user_id": "7", "location_id": "2"}))
            )
        );
        assert!(rename_template("1", "x", "a").is_err());
        assert!(clone_template("1", "20001", 7, "../2").is_err());
    }
}
