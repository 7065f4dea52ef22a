//! The create-VM form: what the user typed, its checks, and the request
//! body the spec describes.

mod body;
mod checks;
mod disks;
mod password;
mod prefill;

pub use disks::{add_secondary_disk, put_secondary_disks, remove_secondary_disk, SecondaryDisk};
pub use password::generate_password;

use crate::forms::row_key;
use serde::{Deserialize, Serialize};

/// Where the VM is installed from: exactly one of the spec's three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    #[default]
    Template,
    IsoId,
    IsoUrl,
}

/// The form as typed: every value is the text of its input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CreateVmForm {
    pub label: String,
    pub hostname: String,
    pub memory: String,
    pub cpus: String,
    pub cpu_type: String,
    pub cpu_shares: String,
    pub source: Source,
    pub template_id: String,
    pub iso_id: String,
    pub iso_url: String,
    pub location_id: String,
    pub primary_disk_size: String,
    pub swap_disk_size: String,
    pub data_store_group_primary_id: String,
    pub data_store_group_swap_id: String,
    pub secondary_disks: Vec<SecondaryDisk>,
    pub primary_network_id: String,
    pub primary_network_group_id: String,
    pub selected_ip_address: String,
    pub selected_ip_netmask: String,
    pub selected_ip_gateway: String,
    pub rate_limit: String,
    pub default_firewall_policy: String,
    pub initial_root_password: String,
    pub note: String,
    pub required_virtual_machine_build: bool,
    /// The provider's plan the sizes come from; empty: sizes typed in.
    pub plan: String,
}

impl Default for CreateVmForm {
    fn default() -> Self {
        Self {
            label: String::new(),
            hostname: String::new(),
            memory: "1024".into(),
            cpus: "1".into(),
            cpu_type: String::new(),
            cpu_shares: String::new(),
            source: Source::Template,
            template_id: String::new(),
            iso_id: String::new(),
            iso_url: String::new(),
            location_id: String::new(),
            primary_disk_size: "20".into(),
            swap_disk_size: String::new(),
            data_store_group_primary_id: String::new(),
            data_store_group_swap_id: String::new(),
            secondary_disks: Vec::new(),
            primary_network_id: String::new(),
            primary_network_group_id: String::new(),
            selected_ip_address: String::new(),
            selected_ip_netmask: String::new(),
            selected_ip_gateway: String::new(),
            rate_limit: String::new(),
            default_firewall_policy: String::new(),
            initial_root_password: String::new(),
            note: String::new(),
            required_virtual_machine_build: true,
            plan: String::new(),
        }
    }
}

/// The form's fields, by the API's names (secondary disks aside).
pub const FIELDS: [&str; 23] = [
    "label",
    "hostname",
    "memory",
    "cpus",
    "cpu_type",
    "cpu_shares",
    "template_id",
    "iso_id",
    "iso_url",
    "location_id",
    "primary_disk_size",
    "swap_disk_size",
    "data_store_group_primary_id",
    "data_store_group_swap_id",
    "primary_network_id",
    "primary_network_group_id",
    "selected_ip_address",
    "selected_ip_netmask",
    "selected_ip_gateway",
    "rate_limit",
    "default_firewall_policy",
    "initial_root_password",
    "note",
];

impl CreateVmForm {
    /// Where a server message about `server_field` belongs in the form: the
    /// API's repeated fields come back without an index, so they go to the
    /// first disk; a field the form does not have goes to the top (`None`).
    pub fn field_for(&self, server_field: &str) -> Option<String> {
        match server_field {
            "secondary_disk_size" | "data_store_group_secondary_id" => {
                self.secondary_disks.first().map(|disk| row_key(server_field, disk.row))
            }
            other if FIELDS.contains(&other) => Some(other.to_owned()),
            _ => None,
        }
    }

    /// What may be kept as a draft: everything but the password.
    pub fn without_secrets(&self) -> Self {
        Self { initial_root_password: String::new(), ..self.clone() }
    }
}

#[cfg(test)]
mod tests;
