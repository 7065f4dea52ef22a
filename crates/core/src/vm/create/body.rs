//! The create-VM request body the spec describes, made from a form that
//! passes its checks.

use super::disks::put_secondary_disks;
use super::{CreateVmForm, Source};
use crate::api::request::number;
use crate::forms::FieldErrors;
use serde_json::{json, Map, Value};

impl CreateVmForm {
    /// The request body, or the form's errors. Optional fields left empty
    /// are not sent, so the service's defaults apply.
    pub fn body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        let mut text = |key: &str, value: &str| {
            let value = value.trim();
            if !value.is_empty() {
                body.insert(key.to_owned(), Value::String(value.to_owned()));
            }
        };
        text("label", &self.label);
        text("hostname", &self.hostname);
        text("cpu_type", &self.cpu_type);
        text("location_id", &self.location_id);
        text("data_store_group_primary_id", &self.data_store_group_primary_id);
        text("data_store_group_swap_id", &self.data_store_group_swap_id);
        text("primary_network_id", &self.primary_network_id);
        text("primary_network_group_id", &self.primary_network_group_id);
        text("selected_ip_address", &self.selected_ip_address);
        text("selected_ip_netmask", &self.selected_ip_netmask);
        text("selected_ip_gateway", &self.selected_ip_gateway);
        text("default_firewall_policy", &self.default_firewall_policy);
        match self.source {
            Source::Template => text("template_id", &self.template_id),
            Source::IsoId => text("iso_id", &self.iso_id),
            Source::IsoUrl => text("iso_url", &self.iso_url),
        }
        // Already checked: these parse.
        let n = |value: &str| value.trim().parse::<u64>().ok().map(number);
        for (key, value) in [
            ("memory", &self.memory),
            ("cpus", &self.cpus),
            ("cpu_shares", &self.cpu_shares),
            ("primary_disk_size", &self.primary_disk_size),
            ("swap_disk_size", &self.swap_disk_size),
            ("rate_limit", &self.rate_limit),
        ] {
            if let Some(v) = n(value) {
                body.insert(key.to_owned(), v);
            }
        }
        put_secondary_disks(&self.secondary_disks, &mut body);
        // The password goes as typed (spaces are already refused); empty means random.
        if !self.initial_root_password.is_empty() {
            body.insert(
                "initial_root_password".into(),
                Value::String(self.initial_root_password.clone()),
            );
        }
        if !self.note.trim().is_empty() {
            body.insert("note".into(), Value::String(self.note.clone()));
        }
        body.insert(
            "required_virtual_machine_build".into(),
            json!(self.required_virtual_machine_build),
        );
        Ok(Value::Object(body))
    }
}
