//! The create-VM form's checks: one message per field, keyed as the form
//! shows them (a disk's by its row).

use super::{CreateVmForm, Source};
use crate::forms::{row_key, FieldErrors};
use crate::i18n::messages as t;
use crate::validate;

impl CreateVmForm {
    /// Every problem of the form, one message per field.
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("label", validate::label(&self.label));
        problems.check("hostname", validate::hostname(&self.hostname));
        problems.check("memory", validate::positive(&self.memory, t::WHAT_MEMORY).map(|_| ()));
        problems.check("cpus", validate::positive(&self.cpus, t::WHAT_CPUS).map(|_| ()));
        problems.check(
            "cpu_type",
            match self.cpu_type.as_str() {
                "" | "intel" | "amd" => Ok(()),
                _ => Err(t::FORM_CPU_TYPE_VALUES.get().into()),
            },
        );
        problems.check_optional("cpu_shares", &self.cpu_shares, |v| {
            validate::positive(v, t::WHAT_CPU_SHARE).map(|_| ())
        });
        match self.source {
            Source::Template => {
                problems.check("template_id", validate::id(&self.template_id, t::WHAT_TEMPLATE))
            }
            Source::IsoId => problems.check(
                "iso_id",
                validate::id(&self.iso_id, t::WHAT_ISO)
                    .map_err(|_| t::FORM_CHOOSE_ISO.get().to_owned()),
            ),
            Source::IsoUrl => problems.check("iso_url", validate::iso_url(&self.iso_url)),
        }
        problems.check_optional("location_id", &self.location_id, |v| {
            validate::id(v, t::WHAT_LOCATION)
        });
        problems.check(
            "primary_disk_size",
            validate::positive(&self.primary_disk_size, t::WHAT_PRIMARY_DISK_SIZE).map(|_| ()),
        );
        problems.check_optional("swap_disk_size", &self.swap_disk_size, |v| {
            validate::whole_number(v, t::WHAT_SWAP_SIZE).map(|_| ())
        });
        problems.check_optional(
            "data_store_group_primary_id",
            &self.data_store_group_primary_id,
            |v| validate::id(v, t::WHAT_DATA_STORE_GROUP),
        );
        problems.check_optional("data_store_group_swap_id", &self.data_store_group_swap_id, |v| {
            validate::id(v, t::WHAT_DATA_STORE_GROUP)
        });
        for disk in &self.secondary_disks {
            problems.check(
                row_key("secondary_disk_size", disk.row),
                validate::positive(&disk.size, t::WHAT_DISK_SIZE).map(|_| ()),
            );
            problems.check_optional(
                row_key("data_store_group_secondary_id", disk.row),
                &disk.data_store_group_id,
                |v| validate::id(v, t::WHAT_DATA_STORE_GROUP),
            );
        }
        problems.check_optional("primary_network_id", &self.primary_network_id, |v| {
            validate::id(v, t::WHAT_NETWORK)
        });
        problems.check_optional("primary_network_group_id", &self.primary_network_group_id, |v| {
            validate::id(v, t::WHAT_NETWORK_GROUP)
        });
        problems.check_optional("selected_ip_address", &self.selected_ip_address, |v| {
            validate::ipv4(v, t::WHAT_IP_ADDRESS)
        });
        problems.check_optional(
            "selected_ip_netmask",
            &self.selected_ip_netmask,
            validate::netmask,
        );
        problems.check_optional("selected_ip_gateway", &self.selected_ip_gateway, |v| {
            validate::ipv4(v, t::WHAT_GATEWAY)
        });
        problems.check("rate_limit", validate::rate_limit(&self.rate_limit));
        problems.check(
            "default_firewall_policy",
            match self.default_firewall_policy.as_str() {
                "" | "ACCEPT" | "DROP" => Ok(()),
                _ => Err(t::FORM_DEFAULT_FIREWALL_POLICY_VALUES.get().into()),
            },
        );
        problems
            .check("initial_root_password", validate::root_password(&self.initial_root_password));
        problems
    }
}
