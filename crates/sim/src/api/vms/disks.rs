//! A VM's disks: GET …/disks, POST …/apply_disks.

use crate::api::{all_valid, empty, form, reply, Answer, Authed};
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;
use serde_json::Value;

/// GET .../disks
pub async fn disks(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let (now, generation) = (ctx.now, ctx.generation);
        let vm = ctx.vm(&id)?;
        Ok(reply(
            StatusCode::OK,
            Value::Array(vm.disks.iter().map(|d| d.to_json(vm, now, generation)).collect()),
        ))
    })
}

/// POST .../apply_disks — 200 with no data.
pub async fn apply_disks(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    body: Bytes,
) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let _format = f.flag("required_format_disk");
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        ctx.idle_vm(&id)?;
        Ok(empty(StatusCode::OK))
    })
}
