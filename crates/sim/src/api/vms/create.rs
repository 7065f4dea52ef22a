//! POST /account/:id/virtual_machine: a new VM, from a template or an ISO,
//! with its disks, its first interface and address. The request's fields are
//! read and checked in `request`.

mod request;

use crate::api::{all_valid, field_error, form, reply, templates, Answer, Authed};
use crate::records::{Disk, Effect, Interface, IpJoin, IsoJoin, Vm};
use crate::rng::Rng;
use crate::seed;
use crate::store::{timestamp_now, Ids};
use axum::body::Bytes;
use axum::http::StatusCode;
use request::CreateRequest;

/// POST /account/:id/virtual_machine — 202 with the new VM, unbuilt and locked.
pub async fn create(auth: Authed, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let mut req = CreateRequest::read(&mut f);
    auth.with(|ctx| {
        // The template is the catalogue's or the account's own: checked
        // here, with the account, and answered with the body's other faults.
        if let Some(template_id) = req.template_id {
            match templates::usable(ctx.account, template_id) {
                Ok(system) => req.windows = system.os.as_deref() == Some("windows"),
                Err(message) => f.errors.add("template_id", message),
            }
        }
        all_valid(&mut f)?;
        let now = ctx.now;
        let mut rng = Rng::new(ctx.ids.vm ^ 0xC0FFEE);
        let created_at = timestamp_now();
        // A selected address must be one of the account's free reserved ones.
        let selected = match &req.selected_ip {
            None => None,
            Some(address) => {
                let free = ctx
                    .account
                    .ips
                    .values()
                    .find(|ip| ip.address == *address && ip.reserved)
                    .map(|ip| ip.id);
                match free.filter(|id| ctx.account.attachment(*id).is_none()) {
                    Some(id) => Some(id),
                    None => {
                        return Err(field_error(
                            "selected_ip_address",
                            "is not a free address of this account",
                        ))
                    }
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
        let mut disks = vec![disk(
            ctx.ids,
            &mut rng,
            "Primary disk",
            req.primary_disk_size,
            false,
            true,
            req.data_store_primary,
            &created_at,
        )];
        if req.windows {
            disks[0].mount_point = Some("C:".into());
        }
        if req.swap_disk_size > 0 && !req.windows {
            disks.push(disk(
                ctx.ids,
                &mut rng,
                "Swap",
                req.swap_disk_size,
                true,
                false,
                req.data_store_swap,
                &created_at,
            ));
        }
        for (i, (size, group)) in req.secondary.iter().enumerate() {
            disks.push(disk(
                ctx.ids,
                &mut rng,
                &format!("Disk {}", i + 2),
                *size,
                false,
                false,
                *group,
                &created_at,
            ));
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
            ips: vec![IpJoin {
                id: ctx.ids.join(),
                ip_address_id: ip_id,
                created_at: created_at.clone(),
            }],
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
        let body = vm
            .to_created_json(now, ctx.generation, ctx.account.id, |id| ctx.account.address_of(id));
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}

#[allow(clippy::too_many_arguments)]
fn disk(
    ids: &mut Ids,
    rng: &mut Rng,
    label: &str,
    size: u64,
    is_swap: bool,
    primary: bool,
    group: u64,
    created_at: &str,
) -> Disk {
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
        autobackup: false,
        fstab: None,
    }
}
