//! A VM's mounted ISO (a shape the spec does not show), and the form that
//! mounts one.

use crate::api::decode::{self, DecodeError};
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::validate;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// The join between a VM and its mounted ISO.
#[derive(Clone, Debug, PartialEq)]
pub struct IsoJoin {
    pub id: Option<String>,
    pub iso_id: Option<String>,
    pub iso_url: Option<String>,
    pub label: Option<String>,
    pub raw: Map<String, Value>,
}

impl IsoJoin {
    /// The mounted ISO, or none: the service answers `{}`, `null`, `[]`,
    /// a list of one, or the join itself (possibly wrapped).
    pub fn mounted_from_json(value: &Value) -> Result<Option<Self>, DecodeError> {
        let item = match value {
            Value::Null => return Ok(None),
            Value::Array(items) => match items.first() {
                None => return Ok(None),
                Some(first) => first,
            },
            other => other,
        };
        let map = decode::object(item, "iso", "a mounted ISO")?;
        let map = decode::unwrap_item_map(map, "iso_join");
        let map = decode::unwrap_item_map(map, "iso_virtual_machine");
        if map.is_empty() {
            return Ok(None);
        }
        Ok(Some(Self {
            id: decode::id(map.get("id")),
            iso_id: decode::id(map.get("iso_id")),
            iso_url: decode::text(map.get("iso_url")),
            label: decode::text(map.get("label")).or_else(|| decode::text(map.get("name"))),
            raw: map.clone(),
        }))
    }

    pub fn name(&self) -> String {
        self.label
            .clone()
            .or_else(|| self.iso_url.clone())
            .or_else(|| self.iso_id.as_ref().map(|id| crate::tf!(t::ISO_NUMBER, id = id)))
            .unwrap_or_else(|| t::ISO_UNNAMED.get().into())
    }
}

/// Mounting an ISO: an uploaded one, or one at a URL.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MountIsoForm {
    pub by_url: bool,
    pub iso_id: String,
    pub iso_url: String,
}

impl MountIsoForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        if self.by_url {
            problems.check("iso_url", validate::iso_url(&self.iso_url));
        } else {
            problems.check(
                "iso_id",
                validate::id(&self.iso_id, t::WHAT_ISO)
                    .map_err(|_| t::FORM_CHOOSE_ISO.get().to_owned()),
            );
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn mounted_iso_in_every_shape() {
        for none in [json!({}), json!(null), json!([])] {
            assert_eq!(IsoJoin::mounted_from_json(&none).unwrap(), None, "{none}");
        }
        let join = IsoJoin::mounted_from_json(
            &json!({"id": "13001", "iso_id": "2", "label": "Debian netinst"}),
        )
        .unwrap()
        .unwrap();
        assert_eq!((join.id.as_deref(), join.name()), (Some("13001"), "Debian netinst".to_owned()));
        let listed =
            IsoJoin::mounted_from_json(&json!([{"iso": {"id": 5, "iso_url": "https://x/y.iso"}}]))
                .unwrap()
                .unwrap();
        assert_eq!(listed.name(), "https://x/y.iso");
        assert!(IsoJoin::mounted_from_json(&json!(5)).is_err());
        let wrapped =
            IsoJoin::mounted_from_json(&json!({"iso_join": {"id": "13002", "label": "Rescue"}}))
                .unwrap()
                .unwrap();
        assert_eq!((wrapped.id.as_deref(), wrapped.name()), (Some("13002"), "Rescue".to_owned()));
    }

    #[test]
    fn mounting_checks_the_iso_or_its_address() {
        assert!(MountIsoForm::default().errors().contains_key("iso_id"));
        let url = MountIsoForm {
            by_url: true,
            iso_url: "file:///etc/passwd".into(),
            ..Default::default()
        };
        assert!(url.errors().contains_key("iso_url") && !url.errors().contains_key("iso_id"));
    }
}
