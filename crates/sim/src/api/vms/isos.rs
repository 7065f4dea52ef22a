//! The ISO mounted in a VM: GET …/isos, POST …/iso, DELETE …/iso/:join.

use crate::api::{all_valid, form, not_found, reply, Answer, Authed};
use crate::records::IsoJoin;
use crate::store::timestamp_now;
use crate::{catalogue, rules};
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;
use serde_json::json;

/// GET .../isos — the ISO join of the mounted ISO, `{}` when none is.
pub async fn mounted_iso(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        Ok(reply(
            StatusCode::OK,
            vm.iso.as_ref().map(|iso| iso.to_json(vm)).unwrap_or_else(|| json!({})),
        ))
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
    all_valid(&mut f)?;
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
pub async fn unmount_iso(
    auth: Authed,
    Path((_, id, join)): Path<(String, String, String)>,
) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.idle_vm(&id)?;
        if vm.iso.as_ref().is_none_or(|iso| iso.id.to_string() != join) {
            return Err(not_found("Mounted ISO"));
        }
        vm.iso = None;
        if vm.boot_type == "cdrom" {
            vm.boot_type = "default".into();
        }
        Ok(reply(StatusCode::OK, json!({})))
    })
}
