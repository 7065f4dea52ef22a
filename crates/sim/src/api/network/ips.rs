//! IP addresses: attach one to an interface or take it off, list a VM's or
//! the account's.

use super::{hardware_change, idle_interface, remove_interface, Filters};
use crate::api::{
    all_valid, empty, field_error, filter, flag_filter, form, not_found, reply, Answer, Authed,
};
use crate::records::IpJoin;
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use serde_json::Value;

/// POST .../network_interface/:nic/ip_address — a new address, or a reserved
/// free one by `ip_address_id`; 200 (202 on a running VM) with the address
/// (OnApp: the join).
pub async fn add_ip(auth: Authed, Path((_, nic)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "ip_address")?;
    let reserved = f.uint("ip_address_id");
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        let (mut vm, pos) = idle_interface(&mut ctx, &nic)?;
        let network_id = vm.interfaces[pos].network_id;
        let ip_id = match reserved {
            Some(ip_id) => {
                let Some(ip) = ctx.account.ips.get(&ip_id) else {
                    return Err(field_error("ip_address_id", "is not an address of this account"));
                };
                if !ip.reserved {
                    return Err(field_error("ip_address_id", "was not reserved"));
                }
                if ctx.account.attachment(ip_id).is_some() {
                    return Err(field_error("ip_address_id", "is already in use"));
                }
                if ip.network_id != network_id {
                    return Err(field_error(
                        "ip_address_id",
                        "is on another network than the interface",
                    ));
                }
                ip_id
            }
            None => {
                let ip = ctx.ids.address(network_id, false, timestamp_now());
                let id = ip.id;
                ctx.account.ips.insert(id, ip);
                id
            }
        };
        let join = IpJoin { id: ctx.ids.join(), ip_address_id: ip_id, created_at: timestamp_now() };
        let body = join
            .shaped(&vm.interfaces[pos], ctx.account.ips.get(&ip_id), ctx.generation)
            .unwrap_or(Value::Null);
        vm.interfaces[pos].ips.push(join);
        let status = hardware_change(&ctx, &mut vm, StatusCode::OK);
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(status, body))
    })
}

/// DELETE .../network_interface/:nic/ip_address/:ip — 204. The id is the
/// address's (OnApp also takes its join's). The interface's only address
/// takes the interface with it.
pub async fn remove_ip(auth: Authed, Path((_, nic, ip)): Path<(String, String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let joins_too = ctx.generation.onapp_shapes();
        let (mut vm, pos) = idle_interface(&mut ctx, &nic)?;
        let found = vm.interfaces[pos].ips.iter().position(|j| {
            j.ip_address_id.to_string() == ip || (joins_too && j.id.to_string() == ip)
        });
        let Some(join_pos) = found else {
            return Err(not_found("IP address on this interface"));
        };
        let join = vm.interfaces[pos].ips.remove(join_pos);
        ctx.account.release_ip(&join);
        if vm.interfaces[pos].ips.is_empty() {
            remove_interface(ctx.account, &mut vm, pos);
        }
        ctx.account.vms.insert(vm.id, vm);
        Ok(empty(StatusCode::NO_CONTENT))
    })
}

/// Addresses of a VM, flat (OnApp: as joins) — filters network_id, interface_id, public.
pub async fn vm_ips(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<Filters>,
) -> Answer {
    let public = flag_filter(&q, "public")?;
    let network = filter(&q, "network_id").map(str::to_owned);
    let interface = filter(&q, "interface_id").map(str::to_owned);
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?.clone();
        let generation = ctx.generation;
        let items: Vec<Value> = vm
            .interfaces
            .iter()
            .filter(|nic| network.as_ref().is_none_or(|n| nic.network_id.to_string() == *n))
            .filter(|nic| interface.as_ref().is_none_or(|i| nic.id.to_string() == *i))
            .filter(|nic| public.is_none_or(|p| nic.is_public() == p))
            .flat_map(|nic| nic.ips.iter().map(move |join| (nic, join)))
            .filter_map(|(nic, join)| {
                join.shaped(nic, ctx.account.ips.get(&join.ip_address_id), generation)
            })
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/ip_addresses — every address of the account, flat; filter `ip`.
pub async fn account_ips(auth: Authed, Query(q): Query<Filters>) -> Answer {
    let wanted = filter(&q, "ip").map(str::to_owned);
    auth.with(|ctx| {
        let (account, generation) = (&*ctx.account, ctx.generation);
        let items: Vec<Value> = account
            .ips
            .values()
            .filter(|ip| wanted.as_ref().is_none_or(|w| ip.address == *w))
            .map(|ip| ip.to_account_json(account.attachment(ip.id), generation))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}
