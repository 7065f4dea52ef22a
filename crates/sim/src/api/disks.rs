//! The account's disks, whichever VM they are on: GET `disks`, GET, PUT and
//! DELETE `disk/:id`, POST `disk/:id/build` (format). A VM's own list is in
//! [`super::vms::disks`].
//!
//! A disk's backups stay when it is deleted, as when its VM is destroyed
//! (see [`crate::records::Backup`]).

use crate::api::{
    all_valid, empty, error, filter, flag_filter, form, invalid, not_found, reply, Answer, Authed,
    Ctx,
};
use crate::body::Errors;
use crate::records::{Disk, Effect, Vm};
use crate::rules;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;
use std::collections::HashMap;

/// The VM holding the disk in the path, and the disk's place in it.
fn locate(ctx: &Ctx<'_>, id: &str) -> Result<(u64, usize), Response> {
    id.parse().ok().and_then(|id| ctx.account.locate_disk(id)).ok_or_else(|| not_found("Disk"))
}

fn json(ctx: &Ctx<'_>, vm: &Vm, disk: &Disk) -> Value {
    disk.to_json(vm, ctx.now, ctx.generation)
}

/// GET /account/:id/disks — filters data_store_id, virtual_machine_id, primary.
pub async fn list(auth: Authed, Query(q): Query<HashMap<String, String>>) -> Answer {
    let primary = flag_filter(&q, "primary")?;
    let (store, vm_id) = (filter(&q, "data_store_id"), filter(&q, "virtual_machine_id"));
    auth.with(|ctx| {
        let items: Vec<Value> = ctx
            .account
            .vms
            .values()
            .filter(|vm| vm_id.is_none_or(|v| vm.id.to_string() == v))
            .flat_map(|vm| vm.disks.iter().map(move |disk| (vm, disk)))
            .filter(|(_, disk)| {
                store.is_none_or(|s| disk.data_store_id().to_string() == s)
                    && primary.is_none_or(|p| disk.primary == p)
            })
            .map(|(vm, disk)| json(&ctx, vm, disk))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/disk/:disk
pub async fn show(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let (vm, pos) = locate(&ctx, &id)?;
        let vm = &ctx.account.vms[&vm];
        Ok(reply(StatusCode::OK, json(&ctx, vm, &vm.disks[pos])))
    })
}

/// What a disk edit asks for, each field as given.
struct Changes {
    size: Option<u64>,
    autobackup: Option<bool>,
    /// `Some(None)`: unmounted (sent empty).
    mount_point: Option<Option<String>>,
    fstab: Option<bool>,
    force_reboot: bool,
    target: Option<u64>,
}

impl Changes {
    fn read(body: &Bytes) -> Result<Self, Response> {
        let mut f = form(body, "disk")?;
        let mount_point = f.has("mount_point").then(|| f.text("mount_point"));
        if let Some(Some(mount)) = &mount_point {
            if !mount.starts_with('/') {
                f.errors.add("mount_point", "must start with / (or be empty to unmount)");
            }
        }
        let changes = Self {
            size: f.checked_uint("disk_size", rules::disk_size),
            autobackup: f.flag("autobackup"),
            mount_point,
            fstab: f.flag("add_to_linux_fstab"),
            force_reboot: f.flag("force_reboot").unwrap_or(false),
            target: f.uint("virtual_machine_id"),
        };
        all_valid(&mut f)?;
        Ok(changes)
    }

    /// What the disk and the VMs allow, every fault at once.
    fn check(&self, ctx: &Ctx<'_>, vm_id: u64, disk: &Disk) -> Result<(), Response> {
        let mut errors = Errors::default();
        if let Some(size) = self.size {
            if size < disk.size {
                errors.add("disk_size", format!("cannot be smaller than {} GB", disk.size));
            } else if disk.is_swap {
                errors.check("disk_size", Some(&size), |s| rules::swap_size(*s));
            }
        }
        if disk.is_swap && matches!(self.mount_point, Some(Some(_))) {
            errors.add("mount_point", "is not allowed on a swap disk");
        }
        if let Some(target) = self.target.filter(|t| *t != vm_id) {
            if !ctx.account.vms.contains_key(&target) {
                errors.add("virtual_machine_id", "is not a virtual machine of this account");
            } else if disk.primary {
                errors.add("virtual_machine_id", "the system disk stays on its virtual machine");
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(invalid(errors))
        }
    }
}

/// PUT /account/:id/disk/:disk — `disk_size` (GB, never smaller),
/// `autobackup`, `mount_point`, `add_to_linux_fstab`, `force_reboot`,
/// `virtual_machine_id` (to another VM of the account).
///
/// A resize (the disk grows) or a move is work on the VMs: both must be
/// idle, then 202 and busy. A running VM takes a bigger disk only through a
/// reboot, so a resize of a running VM's disk without `force_reboot` is
/// refused (422, "needs a reboot") rather than left for the next one. Only
/// autobackup, mount point and fstab changed: 200 at once.
pub async fn update(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let changes = Changes::read(&body)?;
    auth.with(|mut ctx| {
        let (vm_id, pos) = locate(&ctx, &id)?;
        let mut disk = ctx.account.vms[&vm_id].disks[pos].clone();
        changes.check(&ctx, vm_id, &disk)?;
        let grows = changes.size.is_some_and(|s| s > disk.size);
        let target = changes.target.filter(|t| *t != vm_id);
        let queued = grows || target.is_some();
        let mut vm =
            if queued { ctx.idle_vm(&vm_id.to_string())? } else { ctx.vm(&vm_id.to_string())? }
                .clone();
        if grows && vm.status == "online" && !changes.force_reboot {
            return Err(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "The disk needs a reboot of its running virtual machine to grow: send force_reboot",
            ));
        }
        let mut other = match target {
            Some(t) => Some(ctx.idle_vm(&t.to_string())?.clone()),
            None => None,
        };
        disk.size = changes.size.unwrap_or(disk.size);
        disk.autobackup = changes.autobackup.unwrap_or(disk.autobackup);
        if let Some(mount) = &changes.mount_point {
            disk.mount_point.clone_from(mount);
        }
        disk.fstab = changes.fstab.or(disk.fstab);
        let body = match other.as_mut() {
            Some(other) => {
                vm.disks.remove(pos);
                ctx.start_operation(other, Effect::Nothing);
                let body = json(&ctx, other, &disk);
                other.disks.push(disk);
                body
            }
            None => {
                let body = json(&ctx, &vm, &disk);
                vm.disks[pos] = disk;
                body
            }
        };
        if queued {
            ctx.start_operation(&mut vm, Effect::Nothing);
        }
        let status = if queued { StatusCode::ACCEPTED } else { StatusCode::OK };
        ctx.account.vms.insert(vm.id, vm);
        if let Some(other) = other {
            ctx.account.vms.insert(other.id, other);
        }
        Ok(reply(status, body))
    })
}

/// DELETE /account/:id/disk/:disk — 202; the disk goes at once and its VM
/// is busy meanwhile. The system disk cannot be deleted.
pub async fn delete(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let (vm_id, pos) = locate(&ctx, &id)?;
        let mut vm = ctx.idle_vm(&vm_id.to_string())?.clone();
        if vm.disks[pos].primary {
            return Err(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                "The system disk cannot be deleted",
            ));
        }
        vm.disks.remove(pos);
        ctx.start_operation(&mut vm, Effect::Nothing);
        ctx.account.vms.insert(vm.id, vm);
        Ok(empty(StatusCode::ACCEPTED))
    })
}

/// POST /account/:id/disk/:disk/build — format: 202 with the disk, its VM
/// busy meanwhile (a swap disk too).
pub async fn build(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let (vm_id, pos) = locate(&ctx, &id)?;
        let mut vm = ctx.idle_vm(&vm_id.to_string())?.clone();
        ctx.start_operation(&mut vm, Effect::Nothing);
        let body = json(&ctx, &vm, &vm.disks[pos]);
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}
