//! A VM's snapshots: GET and DELETE …/snapshots.

use crate::api::{empty, reply, Answer, Authed};
use axum::extract::Path;
use axum::http::StatusCode;
use serde_json::Value;

/// GET .../snapshots
pub async fn snapshots(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let (now, generation) = (ctx.now, ctx.generation);
        let vm = ctx.vm(&id)?;
        Ok(reply(
            StatusCode::OK,
            Value::Array(vm.snapshots.iter().map(|s| s.to_json(vm, now, generation)).collect()),
        ))
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
