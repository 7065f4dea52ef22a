//! A VM's disks, snapshots, ISOs and statistics.

use super::{empty, error, field_error, form, invalid, reply, Answer, Authed};
use crate::records::IsoJoin;
use crate::store::timestamp_now;
use crate::{catalogue, rules, stats};
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

/// GET .../disks
pub async fn disks(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let now = ctx.now;
        let vm = ctx.vm(&id)?;
        Ok(reply(StatusCode::OK, Value::Array(vm.disks.iter().map(|d| d.to_json(vm, now)).collect())))
    })
}

/// POST .../apply_disks — 200 with no data.
pub async fn apply_disks(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let _format = f.flag("required_format_disk");
    if !f.errors.is_empty() {
        return Err(invalid(f.errors));
    }
    auth.with(|mut ctx| {
        ctx.idle_vm(&id)?;
        Ok(empty(StatusCode::OK))
    })
}

/// GET .../snapshots
pub async fn snapshots(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        Ok(reply(StatusCode::OK, Value::Array(vm.snapshots.iter().map(|s| s.to_json(vm)).collect())))
    })
}

/// DELETE .../snapshots — 200 with empty content; the pending changes are
/// merged into the disks.
pub async fn delete_snapshots(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.idle_vm(&id)?;
        vm.snapshots.clear();
        Ok(empty(StatusCode::OK))
    })
}

/// GET .../isos — the ISO join of the mounted ISO, `{}` when none is.
pub async fn mounted_iso(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        Ok(reply(StatusCode::OK, vm.iso.as_ref().map(|iso| iso.to_json(vm)).unwrap_or_else(|| json!({}))))
    })
}

/// POST .../iso — one of `iso_id` and `iso_url`; 200 with the join. A newly
/// mounted ISO takes the place of the one before.
pub async fn mount_iso(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "iso")?;
    let iso_id = f.uint("iso_id");
    let iso_url = f.text("iso_url");
    match (iso_id, &iso_url) {
        (Some(_), Some(_)) | (None, None) if f.errors.is_empty() => {
            f.errors.add("base", "Give exactly one of iso_id and iso_url");
        }
        _ => {}
    }
    if iso_id.is_some_and(|i| catalogue::iso(i).is_none()) {
        f.errors.add("iso_id", "is not an ISO of this account");
    }
    f.errors.check("iso_url", iso_url.as_deref(), rules::iso_url);
    if !f.errors.is_empty() {
        return Err(invalid(f.errors));
    }
    auth.with(|mut ctx| {
        let join_id = ctx.ids.iso_join();
        let vm = ctx.idle_vm(&id)?;
        let join = IsoJoin { id: join_id, iso_id, iso_url, created_at: timestamp_now() };
        let body = join.to_json(vm);
        vm.iso = Some(join);
        Ok(reply(StatusCode::OK, body))
    })
}

/// DELETE .../iso/:join — 200.
pub async fn unmount_iso(auth: Authed, Path((_, id, join)): Path<(String, String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.idle_vm(&id)?;
        if vm.iso.as_ref().is_none_or(|iso| iso.id.to_string() != join) {
            return Err(super::not_found("Mounted ISO"));
        }
        vm.iso = None;
        if vm.boot_type == "cdrom" {
            vm.boot_type = "default".into();
        }
        Ok(reply(StatusCode::OK, json!({})))
    })
}

fn epoch_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// GET .../cpu_stats?period=-1H|-30days
pub async fn cpu_stats(auth: Authed, Path((_, id)): Path<(String, String)>, Query(q): Query<HashMap<String, String>>) -> Answer {
    let period = q.get("period").map(String::as_str).unwrap_or("");
    if stats::cpu_period(period).is_none() {
        return Err(field_error("period", "must be -1H or -30days"));
    }
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        stats::cpu(vm, period, epoch_secs())
            .map(|body| reply(StatusCode::OK, body))
            .ok_or_else(|| error(StatusCode::UNPROCESSABLE_ENTITY, "Unknown period"))
    })
}

/// GET .../bw_stats?period=-1H|-1day|-1M|-1Y
pub async fn bw_stats(auth: Authed, Path((_, id)): Path<(String, String)>, Query(q): Query<HashMap<String, String>>) -> Answer {
    let period = q.get("period").map(String::as_str).unwrap_or("");
    if stats::bandwidth_period(period).is_none() {
        return Err(field_error("period", "must be -1H, -1day, -1M or -1Y"));
    }
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        stats::bandwidth(vm, period, epoch_secs())
            .map(|body| reply(StatusCode::OK, body))
            .ok_or_else(|| error(StatusCode::UNPROCESSABLE_ENTITY, "Unknown period"))
    })
}
