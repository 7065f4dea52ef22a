//! A VM and what is done to it, a file per endpoint family (the paths are
//! under `/account/:id`):
//!
//! | file | endpoints |
//! |---|---|
//! | `list` | GET `virtual_machines` |
//! | `create` | POST `virtual_machine` |
//! | `show`, `update`, `destroy` | GET, PUT (start and stop, rebuild, edit), DELETE `virtual_machine/:vm` |
//! | `actions` | POST `…/:vm/reset_password`, `reboot`, `rebuild_network`, `apply_firewall_rules` |
//! | `template`, `clone` | POST `…/:vm/template`, `…/:vm/clone` |
//! | `segregation` | GET `…/:vm/segregations`, PUT and DELETE `…/:vm/segregation/:target` |
//! | `disks`, `snapshots`, `isos`, `stats` | `…/:vm/disks` and `apply_disks`, `snapshots`, `isos` and `iso`, `cpu_stats` and `bw_stats` |
//!
//! A VM's interfaces, addresses and firewall rules are in [`super::network`].
//! Here: what the operations on a built VM share.

pub mod actions;
pub mod clone;
pub mod create;
pub mod destroy;
pub mod disks;
pub mod isos;
pub mod list;
pub mod segregation;
pub mod show;
pub mod snapshots;
pub mod stats;
pub mod template;
pub mod update;

use super::{empty, error, Answer, Ctx};
use crate::records::{Effect, Vm};
use axum::http::StatusCode;
use axum::response::Response;

/// A copy of the VM to change and put back, refused while it is busy or not
/// built yet.
fn built_vm(ctx: &mut Ctx<'_>, id: &str) -> Result<Vm, Response> {
    let vm = ctx.idle_vm(id)?.clone();
    if vm.status == "unbuilt" {
        return Err(error(
            StatusCode::UNPROCESSABLE_ENTITY,
            "The virtual machine is not built yet",
        ));
    }
    Ok(vm)
}

/// Starts an operation on an idle, built VM: 202 with no body.
fn operation(
    ctx: &mut Ctx<'_>,
    id: &str,
    effect: impl FnOnce(&Vm) -> Result<Effect, Response>,
) -> Answer {
    let mut vm = built_vm(ctx, id)?;
    let effect = effect(&vm)?;
    ctx.start_operation(&mut vm, effect);
    ctx.account.vms.insert(vm.id, vm);
    Ok(empty(StatusCode::ACCEPTED))
}
