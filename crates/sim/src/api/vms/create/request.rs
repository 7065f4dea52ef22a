//! The body of a VM create, read field by field: each field's limits, the
//! one source (template, ISO or ISO URL), the network and data stores.

use crate::body::Form;
use crate::{catalogue, rules};

/// A create request, read and checked field by field.
pub(super) struct CreateRequest {
    pub(super) label: String,
    pub(super) hostname: String,
    pub(super) memory: u64,
    pub(super) cpus: u64,
    pub(super) cpu_shares: u64,
    pub(super) cpu_type: String,
    pub(super) primary_disk_size: u64,
    pub(super) swap_disk_size: u64,
    /// Checked against the account's templates by the handler.
    pub(super) template_id: Option<u64>,
    /// Built from a Windows template: the handler says, once it has
    /// checked the template.
    pub(super) windows: bool,
    /// ISO id or URL, when installing from an ISO.
    pub(super) iso: Option<(Option<u64>, Option<String>)>,
    pub(super) location_id: u64,
    pub(super) password: Option<String>,
    pub(super) network_id: u64,
    pub(super) selected_ip: Option<String>,
    pub(super) build: bool,
    pub(super) data_store_primary: u64,
    pub(super) data_store_swap: u64,
    pub(super) secondary: Vec<(u64, u64)>,
    pub(super) note: Option<String>,
    pub(super) rate_limit: Option<u64>,
    pub(super) firewall_policy: String,
}

fn data_store(f: &mut Form, key: &str) -> Option<u64> {
    let id = f.uint(key)?;
    if catalogue::DATA_STORE_GROUPS.contains(&id) {
        Some(id)
    } else {
        f.errors.add(key, "is not a data store group");
        None
    }
}

fn required<T>(f: &mut Form, key: &str, value: Option<T>) -> Option<T> {
    if value.is_none() && !f.errors.0.contains_key(key) {
        f.errors.add(key, "can't be blank");
    }
    value
}

impl CreateRequest {
    pub(super) fn read(f: &mut Form) -> Self {
        let label = f.checked_text("label", rules::label);
        let label = required(f, "label", label);
        let hostname = f.checked_text("hostname", rules::hostname);
        let hostname = required(f, "hostname", hostname);
        let memory = f.checked_uint("memory", rules::memory);
        let memory = required(f, "memory", memory);
        let cpus = f.checked_uint("cpus", rules::cpus);
        let cpus = required(f, "cpus", cpus);
        let primary_disk_size = f.checked_uint("primary_disk_size", rules::disk_size);
        let primary_disk_size = required(f, "primary_disk_size", primary_disk_size);
        let cpu_shares = f.checked_uint("cpu_shares", rules::cpu_shares);
        let cpu_type = f.checked_text("cpu_type", rules::cpu_type);
        let swap_disk_size = f.checked_uint("swap_disk_size", rules::swap_size);
        let password = f.raw_text("initial_root_password");
        f.errors.check("initial_root_password", password.as_deref(), rules::password);
        let note = f.raw_text("note");
        let rate_limit = f.checked_uint("rate_limit", rules::rate_limit);
        let firewall_policy = f.text("default_firewall_policy").map(|p| p.to_ascii_uppercase());
        f.errors.check(
            "default_firewall_policy",
            firewall_policy.as_deref(),
            rules::firewall_policy,
        );
        let build = f.flag("required_virtual_machine_build").unwrap_or(true);

        // Exactly one source: a template, an uploaded ISO, or an ISO URL.
        let template_id = f.uint("template_id");
        let iso_id = f.uint("iso_id");
        let iso_url = f.text("iso_url");
        let sources = [template_id.is_some(), iso_id.is_some(), iso_url.is_some()]
            .iter()
            .filter(|s| **s)
            .count();
        if sources != 1 && !["template_id", "iso_id"].iter().any(|k| f.errors.0.contains_key(*k)) {
            f.errors.add("base", "Give exactly one of template_id, iso_id and iso_url");
        }
        if iso_id.is_some_and(|id| catalogue::iso(id).is_none()) {
            f.errors.add("iso_id", "is not an ISO of this account");
        }
        f.errors.check("iso_url", iso_url.as_deref(), rules::iso_url);

        let location_id = f.uint("location_id");
        if location_id.is_some_and(|l| !catalogue::LOCATIONS.contains(&l)) {
            f.errors.add("location_id", "is not a location");
        }
        let network_id = f.uint("primary_network_id");
        if network_id.is_some_and(|n| catalogue::network(n).is_none()) {
            f.errors.add("primary_network_id", "is not a network");
        }
        let _network_group = f.uint("primary_network_group_id");
        let selected_ip = f.text("selected_ip_address");
        for key in ["selected_ip_address", "selected_ip_netmask", "selected_ip_gateway"] {
            let value =
                if key == "selected_ip_address" { selected_ip.clone() } else { f.text(key) };
            if value.is_some_and(|v| v.parse::<std::net::Ipv4Addr>().is_err()) {
                f.errors.add(key, "is not an IPv4 address");
            }
        }
        let fallback_store = data_store(f, "data_store_group_id");
        let data_store_primary =
            data_store(f, "data_store_group_primary_id").or(fallback_store).unwrap_or(1);
        let data_store_swap =
            data_store(f, "data_store_group_swap_id").or(fallback_store).unwrap_or(1);
        let sizes = f.uints("secondary_disk_size");
        let groups = f.uints("data_store_group_secondary_id");
        if !groups.is_empty() && groups.len() != sizes.len() {
            f.errors.add(
                "data_store_group_secondary_id",
                "must have one entry per secondary_disk_size, in the same order",
            );
        }
        for size in &sizes {
            f.errors.check("secondary_disk_size", Some(size), |s| rules::disk_size(*s));
        }
        if groups.iter().any(|g| !catalogue::DATA_STORE_GROUPS.contains(g)) {
            f.errors.add("data_store_group_secondary_id", "is not a data store group");
        }
        let secondary = sizes
            .iter()
            .enumerate()
            .map(|(i, size)| (*size, groups.get(i).copied().or(fallback_store).unwrap_or(1)))
            .collect();

        Self {
            label: label.unwrap_or_default(),
            hostname: hostname.unwrap_or_default(),
            memory: memory.unwrap_or_default(),
            cpus: cpus.unwrap_or_default(),
            cpu_shares: cpu_shares.unwrap_or(100),
            cpu_type: cpu_type.unwrap_or_else(|| "intel".into()),
            primary_disk_size: primary_disk_size.unwrap_or_default(),
            swap_disk_size: swap_disk_size.unwrap_or(0),
            template_id,
            windows: false,
            iso: (template_id.is_none() && (iso_id.is_some() || iso_url.is_some()))
                .then_some((iso_id, iso_url)),
            location_id: location_id.unwrap_or(1),
            password,
            network_id: network_id.unwrap_or(1),
            selected_ip,
            build,
            data_store_primary,
            data_store_swap,
            secondary,
            note,
            rate_limit,
            firewall_policy: firewall_policy.unwrap_or_else(|| "ACCEPT".into()),
        }
    }
}
