//! PUT /account/:id/virtual_machine/:vm: one path for three things, told
//! apart by the body: start or stop (`status`), rebuild (`template_id`), or
//! an edit of the VM's settings and sizes.

use super::operation;
use crate::api::{all_valid, empty, error, field_error, form, reply, templates, Answer, Authed};
use crate::body::Form;
use crate::records::Effect;
use crate::rules;
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;

/// PUT /account/:id/virtual_machine/:vm — with `status`: start or stop;
/// with `template_id`: rebuild; otherwise an edit.
pub async fn update(auth: Authed, Path((_, vm)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    if f.has("status") {
        power(auth, &vm, f)
    } else if f.has("template_id") {
        rebuild(auth, &vm, f)
    } else {
        edit(auth, &vm, &mut f)
    }
}

fn power(auth: Authed, id: &str, mut f: Form) -> Answer {
    let status = f.text("status");
    let force = f.flag("force").unwrap_or(false);
    let target = match status.as_deref() {
        Some("online") => "online",
        Some("offline") => "offline",
        _ => {
            f.errors.add("status", "must be online or offline");
            "offline"
        }
    };
    all_valid(&mut f)?;
    let _ = force; // a forced stop only ends sooner on real hardware
    auth.with(|mut ctx| {
        operation(&mut ctx, id, |vm| {
            if target == "online" && vm.suspended {
                Err(error(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "The virtual machine is suspended and cannot be started",
                ))
            } else {
                Ok(Effect::Status(target))
            }
        })
    })
}

fn rebuild(auth: Authed, id: &str, mut f: Form) -> Answer {
    let template_id = f.uint("template_id");
    let start = f.flag("required_startup").unwrap_or(true);
    auth.with(|mut ctx| {
        // The catalogue's or the account's own, active: checked with the account.
        if let Some(Err(message)) = template_id.map(|t| templates::usable(ctx.account, t)) {
            f.errors.add("template_id", message);
        }
        all_valid(&mut f)?;
        let mut vm = ctx.idle_vm(id)?.clone();
        vm.template_id = template_id;
        // Disks are zeroed: the snapshots of the old contents go with them.
        vm.snapshots.clear();
        ctx.start_operation(&mut vm, Effect::Build { start });
        ctx.account.vms.insert(vm.id, vm);
        Ok(empty(StatusCode::ACCEPTED))
    })
}

fn edit(auth: Authed, id: &str, f: &mut Form) -> Answer {
    let memory = f.checked_uint("memory", rules::memory);
    let cpus = f.checked_uint("cpus", rules::cpus);
    let label = f.checked_text("label", rules::label);
    let hostname = f.checked_text("hostname", rules::hostname);
    let disk_size = f.checked_uint("primary_disk_size", rules::disk_size);
    let note = f.has("note").then(|| f.raw_text("note"));
    let cpu_type = f.checked_text("cpu_type", rules::cpu_type);
    let boot_type = f.checked_text("boot_type", rules::boot_type);
    let _rate_limit = f.checked_uint("rate_limit", rules::rate_limit); // checked, then ignored
    let _ = (f.uint("max_memory"), f.flag("noreboot")); // accepted and ignored
    all_valid(f)?;
    auth.with(|mut ctx| {
        let mut vm = ctx.idle_vm(id)?.clone();
        if disk_size.is_some_and(|s| s < vm.primary_disk_size()) {
            return Err(field_error("primary_disk_size", "can't be decreased"));
        }
        // Resizing a running VM is work for the hypervisor: 202 and busy.
        let resize = memory.is_some_and(|m| m != vm.memory)
            || cpus.is_some_and(|c| c != vm.cpus)
            || disk_size.is_some_and(|s| s != vm.primary_disk_size())
            || cpu_type.as_ref().is_some_and(|t| *t != vm.cpu_type);
        vm.memory = memory.unwrap_or(vm.memory);
        vm.cpus = cpus.unwrap_or(vm.cpus);
        vm.label = label.unwrap_or(vm.label);
        vm.hostname = hostname.unwrap_or(vm.hostname);
        vm.cpu_type = cpu_type.unwrap_or(vm.cpu_type);
        vm.boot_type = boot_type.unwrap_or(vm.boot_type);
        if let Some(note) = note {
            vm.note = note;
        }
        if let (Some(size), Some(primary)) = (disk_size, vm.disks.iter_mut().find(|d| d.primary)) {
            primary.size = size;
        }
        vm.updated_at = timestamp_now();
        let status = if resize && vm.status == "online" {
            ctx.start_operation(&mut vm, Effect::Nothing);
            StatusCode::ACCEPTED
        } else {
            StatusCode::OK
        };
        let body = ctx.vm_json(&vm);
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(status, body))
    })
}
