//! A VM kept apart from another (not on the same hypervisor): GET
//! …/segregations, PUT and DELETE …/segregation/:target.

use crate::api::{field_error, not_found, reply, Answer, Authed};
use crate::store::timestamp_now;
use axum::extract::Path;
use axum::http::StatusCode;
use serde_json::Value;

/// GET .../segregations — the VMs this one is kept apart from, either way round.
pub async fn segregations(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?.clone();
        let items: Vec<Value> = ctx
            .account
            .vms
            .values()
            .filter(|other| {
                other.id != vm.id
                    && (vm.strict_virtual_machine_id == Some(other.id)
                        || other.strict_virtual_machine_id == Some(vm.id))
            })
            .map(|other| ctx.vm_json(other))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// PUT .../segregation/:target — 200; takes effect at the next reboot.
pub async fn segregate(
    auth: Authed,
    Path((_, id, target)): Path<(String, String, String)>,
) -> Answer {
    auth.with(|mut ctx| {
        let Some(target_id) =
            target.parse::<u64>().ok().filter(|t| ctx.account.vms.contains_key(t))
        else {
            return Err(not_found("Target virtual machine"));
        };
        let vm = ctx.vm(&id)?;
        if vm.id == target_id {
            return Err(field_error(
                "target",
                "A virtual machine cannot be kept apart from itself",
            ));
        }
        vm.strict_virtual_machine_id = Some(target_id);
        vm.updated_at = timestamp_now();
        let vm = vm.clone();
        Ok(reply(StatusCode::OK, ctx.vm_json(&vm)))
    })
}

/// DELETE .../segregation/:target — 200.
pub async fn unsegregate(
    auth: Authed,
    Path((_, id, target)): Path<(String, String, String)>,
) -> Answer {
    auth.with(|mut ctx| {
        let target_id = target.parse::<u64>().ok();
        let vm = ctx.vm(&id)?;
        if target_id.is_none() || vm.strict_virtual_machine_id != target_id {
            return Err(not_found("Segregation"));
        }
        vm.strict_virtual_machine_id = None;
        vm.updated_at = timestamp_now();
        let vm = vm.clone();
        Ok(reply(StatusCode::OK, ctx.vm_json(&vm)))
    })
}
