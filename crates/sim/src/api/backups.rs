//! The account's backups: GET `backups`, GET and DELETE `backup/:id`, POST
//! `backup/:id/restore` (written back onto its disk) and
//! `backup/:id/template` (made into a template of the account's own).
//!
//! A backup outlives its disk and its VM (see [`crate::records::Backup`]):
//! it is listed and may be made into a template, but there is nothing left
//! to restore it onto.

use crate::api::{
    all_valid, empty, error, field_error, filter, flag_filter, form_either, not_found, reply,
    Answer, Authed,
};
use crate::records::{Backup, Effect, OwnTemplate};
use crate::rules;
use crate::store::{timestamp_now, Account};
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;
use std::collections::HashMap;

fn find<'a>(account: &'a Account, id: &str) -> Result<&'a Backup, Response> {
    id.parse().ok().and_then(|id: u64| account.backups.get(&id)).ok_or_else(|| not_found("Backup"))
}

fn unprocessable(message: &str) -> Response {
    error(StatusCode::UNPROCESSABLE_ENTITY, message)
}

/// GET /account/:id/backups — filters min_disk_size (GB: the disk's size
/// now, or when the backup was made for a disk since gone), disk_id,
/// operating_system, operating_system_distro and locked.
pub async fn list(auth: Authed, Query(q): Query<HashMap<String, String>>) -> Answer {
    let locked = flag_filter(&q, "locked")?;
    let min_size = match filter(&q, "min_disk_size").map(str::parse::<u64>) {
        None => None,
        Some(Ok(gb)) => Some(gb),
        Some(Err(_)) => return Err(field_error("min_disk_size", "must be a whole number")),
    };
    let disk = filter(&q, "disk_id");
    let same = |wanted: Option<&str>, value: &Option<String>| {
        wanted.is_none_or(|w| value.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(w)))
    };
    auth.with(|ctx| {
        let account = &*ctx.account;
        let disk_size = |b: &Backup| {
            let on = account.locate_disk(b.disk_id);
            on.map_or(b.disk_size, |(vm, pos)| account.vms[&vm].disks[pos].size)
        };
        let items: Vec<Value> = account
            .backups
            .values()
            .filter(|b| {
                disk.is_none_or(|d| b.disk_id.to_string() == d)
                    && same(filter(&q, "operating_system"), &b.system.os)
                    && same(filter(&q, "operating_system_distro"), &b.system.distro)
                    && locked.is_none_or(|l| b.is_locked(ctx.now) == l)
                    && min_size.is_none_or(|min| disk_size(b) >= min)
            })
            .map(|b| b.to_json(ctx.now))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/backup/:backup
pub async fn show(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| Ok(reply(StatusCode::OK, find(ctx.account, &id)?.to_json(ctx.now))))
}

/// DELETE /account/:id/backup/:backup — 202, and it is gone at once (the
/// provider's queued work only frees the space); refused while it is being
/// restored.
pub async fn delete(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let backup = find(ctx.account, &id)?;
        if backup.is_restoring(ctx.now) {
            return Err(unprocessable(
                "The backup is being restored; try again when it has finished",
            ));
        }
        let id = backup.id;
        ctx.account.backups.remove(&id);
        Ok(empty(StatusCode::ACCEPTED))
    })
}

/// POST /account/:id/backup/:backup/restore — 202 with the backup, locked
/// as long as its VM is busy writing it back; the VM must be idle, the
/// backup not failed and its disk still there.
pub async fn restore(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let backup = find(ctx.account, &id)?;
        if backup.failed {
            return Err(unprocessable("A failed backup cannot be restored"));
        }
        let backup_id = backup.id;
        let Some((vm_id, _)) = ctx.account.locate_disk(backup.disk_id) else {
            return Err(unprocessable(
                "The backup's disk is gone: it can only be made into a template",
            ));
        };
        let mut vm = ctx.idle_vm(&vm_id.to_string())?.clone();
        ctx.start_operation(&mut vm, Effect::Nothing);
        let lock = vm.op.as_ref().map(|op| (op.start, op.until));
        ctx.account.vms.insert(vm.id, vm);
        let Some(backup) = ctx.account.backups.get_mut(&backup_id) else {
            return Err(not_found("Backup"));
        };
        backup.restoring = lock;
        Ok(reply(StatusCode::ACCEPTED, backup.to_json(ctx.now)))
    })
}

/// POST /account/:id/backup/:backup/template — `label` (wrapped as
/// `backup` or `template`); 202 with a template of the account's own,
/// pending until the work ends. A failed backup holds nothing to make one of.
pub async fn template(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form_either(&body, &["backup", "template"])?;
    let label = f.checked_text("label", rules::label);
    if label.is_none() && !f.errors.0.contains_key("label") {
        f.errors.add("label", "can't be blank");
    }
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let backup = find(ctx.account, &id)?;
        if backup.failed {
            return Err(unprocessable("A failed backup cannot be made into a template"));
        }
        let mut template = OwnTemplate::pending(
            ctx.ids.template(),
            label.unwrap_or_default(),
            backup.disk_size,
            backup.system.clone(),
            timestamp_now(),
            ctx.now + ctx.op_time,
        );
        template.backup_id = Some(backup.id);
        template.virtual_machine_id = Some(backup.virtual_machine_id);
        let body = template.to_json();
        ctx.account.templates.insert(template.id, template);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}
