//! Cloning a VM: the spec's clone fields, checked, with the per-disk
//! changes and the new secondary disks kept in order.

use crate::api::request::number;
use crate::forms::{row_key, FieldErrors};
use crate::i18n::messages as t;
use crate::validate;
use crate::vm::create::{put_secondary_disks, SecondaryDisk};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// A disk of the source VM and what the clone's copy of it should be.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloneDisk {
    pub disk_id: String,
    pub name: String,
    pub current_size: String,
    pub current_group: String,
    pub size: String,
    pub data_store_group_id: String,
}

impl CloneDisk {
    fn changed(&self) -> bool {
        self.size.trim() != self.current_size.trim()
            || self.data_store_group_id.trim() != self.current_group.trim()
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CloneVmForm {
    pub hostname: String,
    pub label: String,
    pub memory: String,
    pub cpus: String,
    pub cpu_type: String,
    pub clone_user_id: String,
    pub required_startup: bool,
    pub disks: Vec<CloneDisk>,
    pub secondary_disks: Vec<SecondaryDisk>,
}

impl CloneVmForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("hostname", validate::hostname(&self.hostname));
        problems.check("label", validate::label(&self.label));
        problems.check_optional("memory", &self.memory, |v| {
            validate::positive(v, t::WHAT_MEMORY).map(|_| ())
        });
        problems.check_optional("cpus", &self.cpus, |v| {
            validate::positive(v, t::WHAT_CPUS).map(|_| ())
        });
        problems.check(
            "cpu_type",
            match self.cpu_type.as_str() {
                "" | "intel" | "amd" => Ok(()),
                _ => Err(t::FORM_CPU_TYPE_VALUES.get().into()),
            },
        );
        problems.check_optional("clone_user_id", &self.clone_user_id, |v| {
            validate::id(v, t::WHAT_USER)
        });
        for (i, disk) in self.disks.iter().enumerate() {
            let size =
                validate::positive(&disk.size, t::WHAT_DISK_SIZE).and_then(|size| {
                    match disk.current_size.trim().parse::<u64>() {
                        Ok(now) if size < now => Err(crate::tf!(
                            t::CLONE_DISK_TOO_SMALL,
                            now = crate::i18n::integer(now as i64)
                        )),
                        _ => Ok(()),
                    }
                });
            problems.check(format!("clone_disk_size.{i}"), size);
            problems.check_optional(
                format!("clone_disk_data_store_group_id.{i}"),
                &disk.data_store_group_id,
                |v| validate::id(v, t::WHAT_DATA_STORE_GROUP),
            );
        }
        for disk in &self.secondary_disks {
            problems.check(
                row_key("secondary_disk_size", disk.row),
                validate::positive(&disk.size, t::WHAT_DISK_SIZE).map(|_| ()),
            );
        }
        problems
    }

    /// Where a server message about `server_field` belongs in the form, or
    /// `None` for the top. Repeated fields come back without an index: the
    /// first row.
    pub fn field_for(&self, server_field: &str) -> Option<String> {
        match server_field {
            "hostname" | "label" | "memory" | "cpus" | "cpu_type" | "clone_user_id" => {
                Some(server_field.to_owned())
            }
            "secondary_disk_size" => {
                self.secondary_disks.first().map(|d| row_key(server_field, d.row))
            }
            "clone_disk_size" => (!self.disks.is_empty()).then(|| "clone_disk_size.0".to_owned()),
            _ => None,
        }
    }

    pub fn body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        body.insert("hostname".into(), json!(self.hostname.trim()));
        body.insert("label".into(), json!(self.label.trim()));
        let n = |v: &str| v.trim().parse::<u64>().ok().map(number);
        for (key, value) in [("memory", &self.memory), ("cpus", &self.cpus)] {
            if let Some(v) = n(value) {
                body.insert(key.into(), v);
            }
        }
        if !self.cpu_type.is_empty() {
            body.insert("cpu_type".into(), json!(self.cpu_type));
        }
        if !self.clone_user_id.trim().is_empty() {
            body.insert("clone_user_id".into(), json!(self.clone_user_id.trim()));
        }
        body.insert("required_startup".into(), json!(self.required_startup));

        let changed: Vec<&CloneDisk> = self.disks.iter().filter(|d| d.changed()).collect();
        if !changed.is_empty() {
            body.insert("clone_disk_id".into(), changed.iter().map(|d| json!(d.disk_id)).collect());
            body.insert(
                "clone_disk_size".into(),
                changed.iter().filter_map(|d| n(&d.size)).collect(),
            );
            // The lists pair up by position: groups go only when every changed disk has one.
            if changed.iter().all(|d| !d.data_store_group_id.trim().is_empty()) {
                body.insert(
                    "clone_disk_data_store_group_id".into(),
                    changed.iter().map(|d| json!(d.data_store_group_id.trim())).collect(),
                );
            }
        }
        put_secondary_disks(&self.secondary_disks, &mut body);
        Ok(Value::Object(body))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disk(id: &str, size: &str, group: &str) -> CloneDisk {
        CloneDisk {
            disk_id: id.into(),
            name: format!("Disk {id}"),
            current_size: size.into(),
            current_group: group.into(),
            size: size.into(),
            data_store_group_id: group.into(),
        }
    }

    #[test]
    fn only_changed_disks_are_sent_in_order() {
        let mut form = CloneVmForm {
            hostname: "copy-1".into(),
            label: "Copy".into(),
            disks: vec![disk("5", "20", "1"), disk("6", "2", "1"), disk("7", "50", "2")],
            secondary_disks: vec![SecondaryDisk {
                row: 0,
                size: "30".into(),
                data_store_group_id: "2".into(),
            }],
            ..Default::default()
        };
        form.disks[2].size = "80".into();
        form.disks[0].data_store_group_id = "2".into();
        let body = form.body().unwrap();
        assert_eq!(body["clone_disk_id"], json!(["5", "7"]));
        assert_eq!(body["clone_disk_size"], json!(["20", "80"]));
        assert_eq!(body["clone_disk_data_store_group_id"], json!(["2", "2"]));
        assert_eq!(body["secondary_disk_size"], json!(["30"]));
        assert_eq!(body["data_store_group_secondary_id"], json!(["2"]));
        assert_eq!(body["required_startup"], false);
        assert!(body.get("memory").is_none());
    }

    #[test]
    fn clones_are_checked() {
        let mut form = CloneVmForm { disks: vec![disk("5", "20", "1")], ..Default::default() };
        form.disks[0].size = "10".into();
        form.memory = "x".into();
        form.clone_user_id = "bob".into();
        let errors = form.errors();
        for field in ["hostname", "label", "memory", "clone_user_id", "clone_disk_size.0"] {
            assert!(errors.contains_key(field), "{field}");
        }
        assert_eq!(
            errors["clone_disk_size.0"],
            "A copy cannot be smaller than the 20 GB of the source."
        );
    }
}
