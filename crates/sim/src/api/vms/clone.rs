//! POST …/virtual_machine/:vm/clone: a copy of a VM, with its disks
//! (resized or moved as asked) and new interfaces and addresses.

use super::built_vm;
use crate::api::{all_valid, field_error, form, reply, Answer, Authed};
use crate::records::{Effect, Interface, IpJoin, Vm};
use crate::rng::Rng;
use crate::store::timestamp_now;
use crate::{catalogue, rules, seed};
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;

/// POST .../clone — 202 with the new VM; the source is busy while it is copied.
pub async fn clone(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let hostname = f.checked_text("hostname", rules::hostname);
    if hostname.is_none() {
        f.errors.add("hostname", "can't be blank");
    }
    let label = f.checked_text("label", rules::label);
    if label.is_none() {
        f.errors.add("label", "can't be blank");
    }
    let memory = f.checked_uint("memory", rules::memory);
    let cpus = f.checked_uint("cpus", rules::cpus);
    let cpu_type = f.checked_text("cpu_type", rules::cpu_type);
    let _max_memory = f.uint("max_memory");
    let user_id = f.uint("clone_user_id");
    let start = f.flag("required_startup").unwrap_or(false);
    let sizes = f.uints("secondary_disk_size");
    let groups = f.uints("data_store_group_secondary_id");
    if groups.len() != sizes.len() && !groups.is_empty() {
        f.errors.add(
            "data_store_group_secondary_id",
            "must have one entry per secondary_disk_size, in the same order",
        );
    }
    let disk_ids = f.uints("clone_disk_id");
    let disk_sizes = f.uints("clone_disk_size");
    let disk_groups = f.uints("clone_disk_data_store_group_id");
    if !disk_sizes.is_empty() && disk_sizes.len() != disk_ids.len() {
        f.errors.add("clone_disk_size", "must have one entry per clone_disk_id, in the same order");
    }
    if !disk_groups.is_empty() && disk_groups.len() != disk_ids.len() {
        f.errors.add(
            "clone_disk_data_store_group_id",
            "must have one entry per clone_disk_id, in the same order",
        );
    }
    for size in sizes.iter().chain(&disk_sizes) {
        f.errors.check("secondary_disk_size", Some(size), |s| rules::disk_size(*s));
    }
    if groups.iter().chain(&disk_groups).any(|g| !catalogue::DATA_STORE_GROUPS.contains(g)) {
        f.errors.add("data_store_group_secondary_id", "is not a data store group");
    }
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        let mut source = built_vm(&mut ctx, &id)?;
        if let Some(bad) = disk_ids.iter().find(|d| !source.disks.iter().any(|disk| disk.id == **d))
        {
            return Err(field_error(
                "clone_disk_id",
                &format!("{bad} is not a disk of this virtual machine"),
            ));
        }
        let now_text = timestamp_now();
        let mut rng = Rng::new(ctx.ids.vm ^ 0xC10E);
        let mut disks = Vec::new();
        for disk in &source.disks {
            let mut copy = disk.clone();
            copy.id = ctx.ids.disk();
            copy.created_at = now_text.clone();
            copy.identifier = seed::identifier(&mut rng);
            if let Some(i) = disk_ids.iter().position(|d| *d == disk.id) {
                if let Some(size) = disk_sizes.get(i) {
                    if *size < disk.size {
                        return Err(field_error(
                            "clone_disk_size",
                            "can't be smaller than the source disk",
                        ));
                    }
                    copy.size = *size;
                }
                if let Some(group) = disk_groups.get(i) {
                    copy.data_store_group_id = *group;
                }
            }
            disks.push(copy);
        }
        for (i, size) in sizes.iter().enumerate() {
            let mut extra = disks[0].clone();
            extra.id = ctx.ids.disk();
            extra.label = format!("Disk {}", disks.len() + 1);
            extra.size = *size;
            extra.primary = false;
            extra.is_swap = false;
            extra.mount_point = None;
            extra.data_store_group_id = groups.get(i).copied().unwrap_or(extra.data_store_group_id);
            disks.push(extra);
        }
        let interfaces: Vec<Interface> = source
            .interfaces
            .iter()
            .map(|nic| {
                let ip = ctx.ids.address(nic.network_id, false, now_text.clone());
                let join = IpJoin {
                    id: ctx.ids.join(),
                    ip_address_id: ip.id,
                    created_at: now_text.clone(),
                };
                ctx.account.ips.insert(ip.id, ip);
                Interface {
                    id: ctx.ids.interface(),
                    mac_address: seed::mac(&mut rng),
                    created_at: now_text.clone(),
                    ips: vec![join],
                    rules: Vec::new(),
                    ..nic.clone()
                }
            })
            .collect();
        let mut clone = Vm {
            id: ctx.ids.vm(),
            label: label.clone().unwrap_or_default(),
            hostname: hostname.clone().unwrap_or_default(),
            memory: memory.unwrap_or(source.memory),
            cpus: cpus.unwrap_or(source.cpus),
            cpu_type: cpu_type.clone().unwrap_or_else(|| source.cpu_type.clone()),
            initial_password: seed::password(&mut rng),
            remote_access_password: seed::password(&mut rng),
            status: "unbuilt",
            op: None,
            suspended: false,
            strict_virtual_machine_id: None,
            created_at: now_text.clone(),
            updated_at: now_text.clone(),
            identifier: seed::identifier(&mut rng),
            user_id: user_id.unwrap_or(source.user_id),
            disks,
            interfaces,
            iso: None,
            snapshots: Vec::new(),
            stats_seed: rng.next_u64(),
            ..source.clone()
        };
        ctx.start_operation(&mut clone, Effect::Build { start });
        ctx.start_operation(&mut source, Effect::Nothing);
        let body = ctx.vm_json(&clone);
        ctx.account.vms.insert(source.id, source);
        ctx.account.vms.insert(clone.id, clone);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}
