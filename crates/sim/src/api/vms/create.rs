//! POST /account/:id/virtual_machine: a new VM, from a template or an ISO,
//! with its disks, its first interface and address.

use crate::api::{all_valid, field_error, form, reply, Answer, Authed};
use crate::body::Form;
use crate::records::{Disk, Effect, Interface, IpJoin, IsoJoin, Vm};
use crate::rng::Rng;
use crate::store::{timestamp_now, Ids};
use crate::{catalogue, rules, seed};
use axum::body::Bytes;
use axum::http::StatusCode;

/// POST /account/:id/virtual_machine — 202 with the new VM, unbuilt and locked.
pub async fn create(auth: Authed, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let req = CreateRequest::read(&mut f);
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let now = ctx.now;
        let mut rng = Rng::new(ctx.ids.vm ^ 0xC0FFEE);
        let created_at = timestamp_now();
        // A selected address must be one of the account's free reserved ones.
        let selected = match &req.selected_ip {
            None => None,
            Some(address) => {
                let free = ctx.account.ips.values().find(|ip| ip.address == *address && ip.reserved).map(|ip| ip.id);
                match free.filter(|id| ctx.account.attachment(*id).is_none()) {
                    Some(id) => Some(id),
                    None => return Err(field_error("selected_ip_address", "is not a free address of this account")),
                }
            }
        };
        let ip_id = match selected {
            Some(id) => id,
            None => {
                let ip = ctx.ids.address(req.network_id, false, created_at.clone());
                let id = ip.id;
                ctx.account.ips.insert(id, ip);
                id
            }
        };
        let mut disks = vec![disk(ctx.ids, &mut rng, "Primary disk", req.primary_disk_size, false, true, req.data_store_primary, &created_at)];
        if req.windows {
            disks[0].mount_point = Some("C:".into());
        }
        if req.swap_disk_size > 0 && !req.windows {
            disks.push(disk(ctx.ids, &mut rng, "Swap", req.swap_disk_size, true, false, req.data_store_swap, &created_at));
        }
        for (i, (size, group)) in req.secondary.iter().enumerate() {
            disks.push(disk(ctx.ids, &mut rng, &format!("Disk {}", i + 2), *size, false, false, *group, &created_at));
        }
        let interface = Interface {
            id: ctx.ids.interface(),
            label: "eth0".into(),
            network_id: req.network_id,
            primary: true,
            rate_limit: req.rate_limit.unwrap_or(if req.network_id == 1 { 1000 } else { 0 }),
            default_firewall_policy: req.firewall_policy.clone(),
            mac_address: seed::mac(&mut rng),
            created_at: created_at.clone(),
            ips: vec![IpJoin { id: ctx.ids.join(), ip_address_id: ip_id, created_at: created_at.clone() }],
            rules: Vec::new(),
        };
        let mut vm = Vm {
            id: ctx.ids.vm(),
            label: req.label,
            hostname: req.hostname,
            memory: req.memory,
            cpus: req.cpus,
            cpu_shares: req.cpu_shares,
            cpu_type: req.cpu_type,
            template_id: req.template_id,
            initial_password: req.password.unwrap_or_else(|| seed::password(&mut rng)),
            remote_access_password: seed::password(&mut rng),
            note: req.note,
            hypervisor_id: None,
            vm_type: "standard".into(),
            status: "unbuilt",
            op: None,
            suspended: false,
            strict_virtual_machine_id: None,
            created_at: created_at.clone(),
            updated_at: created_at.clone(),
            boot_type: if req.iso.is_some() { "cdrom" } else { "default" }.into(),
            location_id: req.location_id,
            disk_type: "vd".into(),
            identifier: seed::identifier(&mut rng),
            user_id: 100 + ctx.account.id,
            disks,
            interfaces: vec![interface],
            iso: req.iso.map(|(iso_id, iso_url)| IsoJoin {
                id: ctx.ids.iso_join(),
                iso_id,
                iso_url,
                created_at: created_at.clone(),
            }),
            snapshots: Vec::new(),
            stats_seed: rng.next_u64(),
        };
        let effect = if req.build { Effect::Build { start: true } } else { Effect::Nothing };
        ctx.start_operation(&mut vm, effect);
        let body = vm.to_created_json(now, ctx.generation, ctx.account.id, |id| ctx.account.address_of(id));
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}

#[allow(clippy::too_many_arguments)]
fn disk(ids: &mut Ids, rng: &mut Rng, label: &str, size: u64, is_swap: bool, primary: bool, group: u64, created_at: &str) -> Disk {
    Disk {
        id: ids.disk(),
        label: label.to_owned(),
        size,
        is_swap,
        primary,
        mount_point: primary.then(|| "/".to_owned()),
        data_store_group_id: group,
        created_at: created_at.to_owned(),
        identifier: seed::identifier(rng),
    }
}

/// A create request, read and checked field by field.
struct CreateRequest {
    label: String,
    hostname: String,
    memory: u64,
    cpus: u64,
    cpu_shares: u64,
    cpu_type: String,
    primary_disk_size: u64,
    swap_disk_size: u64,
    template_id: Option<u64>,
    windows: bool,
    /// ISO id or URL, when installing from an ISO.
    iso: Option<(Option<u64>, Option<String>)>,
    location_id: u64,
    password: Option<String>,
    network_id: u64,
    selected_ip: Option<String>,
    build: bool,
    data_store_primary: u64,
    data_store_swap: u64,
    secondary: Vec<(u64, u64)>,
    note: Option<String>,
    rate_limit: Option<u64>,
    firewall_policy: String,
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
    fn read(f: &mut Form) -> Self {
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
        f.errors.check("default_firewall_policy", firewall_policy.as_deref(), rules::firewall_policy);
        let build = f.flag("required_virtual_machine_build").unwrap_or(true);

        // Exactly one source: a template, an uploaded ISO, or an ISO URL.
        let template_id = f.uint("template_id");
        let iso_id = f.uint("iso_id");
        let iso_url = f.text("iso_url");
        let sources = [template_id.is_some(), iso_id.is_some(), iso_url.is_some()].iter().filter(|s| **s).count();
        if sources != 1 && !["template_id", "iso_id"].iter().any(|k| f.errors.0.contains_key(*k)) {
            f.errors.add("base", "Give exactly one of template_id, iso_id and iso_url");
        }
        if template_id.is_some_and(|id| catalogue::template(id).is_none()) {
            f.errors.add("template_id", "is not a template of this account");
        }
        if iso_id.is_some_and(|id| catalogue::iso(id).is_none()) {
            f.errors.add("iso_id", "is not an ISO of this account");
        }
        f.errors.check("iso_url", iso_url.as_deref(), rules::iso_url);
        let windows = template_id.and_then(catalogue::template).is_some_and(|t| t.os == "windows");

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
            let value = if key == "selected_ip_address" { selected_ip.clone() } else { f.text(key) };
            if value.is_some_and(|v| v.parse::<std::net::Ipv4Addr>().is_err()) {
                f.errors.add(key, "is not an IPv4 address");
            }
        }
        let fallback_store = data_store(f, "data_store_group_id");
        let data_store_primary = data_store(f, "data_store_group_primary_id").or(fallback_store).unwrap_or(1);
        let data_store_swap = data_store(f, "data_store_group_swap_id").or(fallback_store).unwrap_or(1);
        let sizes = f.uints("secondary_disk_size");
        let groups = f.uints("data_store_group_secondary_id");
        if !groups.is_empty() && groups.len() != sizes.len() {
            f.errors.add("data_store_group_secondary_id", "must have one entry per secondary_disk_size, in the same order");
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
            windows,
            iso: (template_id.is_none() && (iso_id.is_some() || iso_url.is_some())).then_some((iso_id, iso_url)),
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
