//! Network interfaces, their IP addresses and firewall rules, a file per
//! endpoint family: `interfaces` (`…/network_interfaces`,
//! `…/network_interface/:nic`), `ips` (`…/ip_address(es)`) and `firewall`
//! (`…/firewall_rule(s)`), whether under a VM, an interface or the account.
//! Here: how they find an interface and what a change to one costs.

pub mod firewall;
pub mod interfaces;
pub mod ips;

use super::{not_found, Ctx};
use crate::records::{Effect, Vm};
use crate::store::Account;
use axum::http::StatusCode;
use axum::response::Response;
use std::collections::HashMap;

type Filters = HashMap<String, String>;

/// The VM holding an interface, and the interface's place in it.
fn locate(ctx: &Ctx<'_>, nic: &str) -> Result<(u64, usize), Response> {
    let id: u64 = nic.parse().map_err(|_| not_found("Network interface"))?;
    ctx.account
        .vms
        .values()
        .find_map(|vm| vm.interfaces.iter().position(|i| i.id == id).map(|pos| (vm.id, pos)))
        .ok_or_else(|| not_found("Network interface"))
}

/// A copy of the VM holding an interface, to change and put back, and the
/// interface's place in it; refused while the VM is busy.
fn idle_interface(ctx: &mut Ctx<'_>, nic: &str) -> Result<(Vm, usize), Response> {
    let (vm_id, pos) = locate(ctx, nic)?;
    let vm = ctx.idle_vm(&vm_id.to_string())?.clone();
    Ok((vm, pos))
}

/// Changes to a running VM's hardware are work: 202 and busy; otherwise done at once.
fn hardware_change(ctx: &Ctx<'_>, vm: &mut Vm, done_now: StatusCode) -> StatusCode {
    if vm.status == "online" {
        ctx.start_operation(vm, Effect::Nothing);
        StatusCode::ACCEPTED
    } else {
        done_now
    }
}

/// Takes an interface off its VM with its addresses and firewall rules; the
/// next one becomes primary in place of a primary one.
fn remove_interface(account: &mut Account, vm: &mut Vm, pos: usize) {
    let removed = vm.interfaces.remove(pos);
    account.release_ips(&removed);
    if removed.primary {
        if let Some(next) = vm.interfaces.first_mut() {
            next.primary = true;
        }
    }
}
