//! The snapshots of all the account's VMs: GET `snapshots`, GET
//! `snapshot/:id`. Taking and deleting them is per VM, in
//! [`super::vms::snapshots`].

use crate::api::{filter, not_found, reply, Answer, Authed};
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use serde_json::Value;
use std::collections::HashMap;

/// GET /account/:id/snapshots — filter virtual_machine_id; each names its VM.
pub async fn list(auth: Authed, Query(q): Query<HashMap<String, String>>) -> Answer {
    let vm_id = filter(&q, "virtual_machine_id");
    auth.with(|ctx| {
        let items: Vec<Value> = ctx
            .account
            .vms
            .values()
            .filter(|vm| vm_id.is_none_or(|v| vm.id.to_string() == v))
            .flat_map(|vm| vm.snapshots.iter().map(move |s| (vm, s)))
            .map(|(vm, s)| s.to_json(vm, ctx.now, ctx.generation))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/snapshot/:snapshot
pub async fn show(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let id: u64 = id.parse().map_err(|_| not_found("Snapshot"))?;
        ctx.account
            .vms
            .values()
            .find_map(|vm| vm.snapshots.iter().find(|s| s.id == id).map(|s| (vm, s)))
            .map(|(vm, s)| reply(StatusCode::OK, s.to_json(vm, ctx.now, ctx.generation)))
            .ok_or_else(|| not_found("Snapshot"))
    })
}
