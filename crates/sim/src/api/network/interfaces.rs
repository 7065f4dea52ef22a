//! A VM's network interfaces: list them (under a VM or the whole account),
//! show, add, edit and delete one.

use super::{hardware_change, idle_interface, locate, remove_interface, Filters};
use crate::api::{
    all_valid, empty, error, field_error, filter, flag_filter, form, reply, Answer, Authed,
};
use crate::body::Form;
use crate::records::{Interface, Vm};
use crate::rng::Rng;
use crate::store::timestamp_now;
use crate::{catalogue, rules, seed};
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

/// Interfaces matching the spec's interface filters.
fn interfaces_matching<'a>(
    vm: &'a Vm,
    q: &Filters,
    public: Option<bool>,
) -> impl Iterator<Item = &'a Interface> + 'a {
    let label = filter(q, "interface_label").map(str::to_lowercase);
    let network = filter(q, "network_id").map(str::to_owned);
    vm.interfaces.iter().filter(move |nic| {
        label.as_ref().is_none_or(|l| nic.label.to_lowercase().contains(l))
            && network.as_ref().is_none_or(|n| nic.network_id.to_string() == *n)
            && public.is_none_or(|p| nic.is_public() == p)
    })
}

/// GET .../virtual_machine/:vm/network_interfaces — filters interface_label, network_id, public.
pub async fn vm_interfaces(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<Filters>,
) -> Answer {
    let public = flag_filter(&q, "public")?;
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        Ok(reply(
            StatusCode::OK,
            Value::Array(interfaces_matching(vm, &q, public).map(|nic| nic.to_json(vm)).collect()),
        ))
    })
}

/// GET /account/:id/network_interfaces — filters virtual_machine_id, network_id, public, interface_label.
pub async fn list_interfaces(auth: Authed, Query(q): Query<Filters>) -> Answer {
    let public = flag_filter(&q, "public")?;
    let vm_filter = filter(&q, "virtual_machine_id").map(str::to_owned);
    auth.with(|ctx| {
        let items: Vec<Value> = ctx
            .account
            .vms
            .values()
            .filter(|vm| vm_filter.as_ref().is_none_or(|v| vm.id.to_string() == *v))
            .flat_map(|vm| interfaces_matching(vm, &q, public).map(move |nic| nic.to_json(vm)))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/network_interface/:nic
pub async fn show_interface(auth: Authed, Path((_, nic)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let (vm, pos) = locate(&ctx, &nic)?;
        let vm = &ctx.account.vms[&vm];
        Ok(reply(StatusCode::OK, vm.interfaces[pos].to_json(vm)))
    })
}

/// What an interface body says, checked.
struct InterfaceFields {
    label: Option<String>,
    network_id: Option<u64>,
    primary: Option<bool>,
    rate_limit: Option<u64>,
    policy: Option<String>,
    mac: Option<String>,
}

fn interface_fields(f: &mut Form) -> InterfaceFields {
    let label = f.checked_text("label", rules::label);
    let network_id = f.uint("network_id");
    if network_id.is_some_and(|n| catalogue::network(n).is_none()) {
        f.errors.add("network_id", "is not a network");
    }
    let primary = f.flag("primary");
    let rate_limit = f.checked_uint("rate_limit", rules::rate_limit);
    let policy = f.text("default_firewall_policy").map(|p| p.to_ascii_uppercase());
    f.errors.check("default_firewall_policy", policy.as_deref(), rules::firewall_policy);
    let mac = f.text("mac_address").map(|m| m.to_ascii_lowercase());
    f.errors.check("mac_address", mac.as_deref(), rules::mac_address);
    InterfaceFields { label, network_id, primary, rate_limit, policy, mac }
}

/// 412 when the VM already has an interface on that public network.
fn public_network_taken(vm: &Vm, network_id: u64, except: Option<u64>) -> Option<Response> {
    let public = catalogue::network(network_id).is_some_and(|n| n.public);
    let taken =
        vm.interfaces.iter().any(|nic| Some(nic.id) != except && nic.network_id == network_id);
    (public && taken).then(|| {
        error(
            StatusCode::PRECONDITION_FAILED,
            "The virtual machine already has an interface on this public network",
        )
    })
}

/// POST .../virtual_machine/:vm/network_interface — 201 when the VM is offline, else 202.
pub async fn add_interface(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    body: Bytes,
) -> Answer {
    let mut f = form(&body, "network_interface")?;
    let fields = interface_fields(&mut f);
    let _related = f.uint("network_interface_id");
    if fields.network_id.is_none() && !f.errors.0.contains_key("network_id") {
        f.errors.add("network_id", "can't be blank");
    }
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        let mut vm = ctx.idle_vm(&id)?.clone();
        let network_id = fields.network_id.unwrap_or(1);
        if let Some(refused) = public_network_taken(&vm, network_id, None) {
            return Err(refused);
        }
        let primary = fields.primary.unwrap_or(false) || vm.interfaces.is_empty();
        if primary {
            vm.interfaces.iter_mut().for_each(|nic| nic.primary = false);
        }
        let nic = Interface {
            id: ctx.ids.interface(),
            label: fields.label.unwrap_or_else(|| format!("eth{}", vm.interfaces.len())),
            network_id,
            primary,
            rate_limit: fields.rate_limit.unwrap_or(if network_id == 1 { 1000 } else { 0 }),
            default_firewall_policy: fields.policy.unwrap_or_else(|| "ACCEPT".into()),
            mac_address: fields
                .mac
                .unwrap_or_else(|| seed::mac(&mut Rng::new(ctx.ids.interface ^ 0xAC))),
            created_at: timestamp_now(),
            ips: Vec::new(),
            rules: Vec::new(),
        };
        let body = nic.to_json(&vm);
        vm.interfaces.push(nic);
        let status = hardware_change(&ctx, &mut vm, StatusCode::CREATED);
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(status, body))
    })
}

/// PUT /account/:id/network_interface/:nic — an edit (200, or 202 on a
/// running VM), or only `default_firewall_policy` (200).
pub async fn update_interface(
    auth: Authed,
    Path((_, nic)): Path<(String, String)>,
    body: Bytes,
) -> Answer {
    let mut f = form(&body, "network_interface")?;
    let fields = interface_fields(&mut f);
    all_valid(&mut f)?;
    let policy_only = fields.policy.is_some()
        && fields.label.is_none()
        && fields.network_id.is_none()
        && fields.primary.is_none()
        && fields.rate_limit.is_none()
        && fields.mac.is_none();
    auth.with(|mut ctx| {
        let (mut vm, pos) = idle_interface(&mut ctx, &nic)?;
        let nic_id = vm.interfaces[pos].id;
        if let Some(network_id) = fields.network_id {
            if let Some(refused) = public_network_taken(&vm, network_id, Some(nic_id)) {
                return Err(refused);
            }
        }
        if let Some(mac) = &fields.mac {
            let in_use = ctx
                .account
                .vms
                .values()
                .flat_map(|v| &v.interfaces)
                .any(|i| i.id != nic_id && i.mac_address == *mac);
            if in_use {
                return Err(field_error("mac_address", "is already used by another interface"));
            }
        }
        if fields.primary == Some(true) {
            vm.interfaces.iter_mut().for_each(|i| i.primary = false);
        }
        let nic = &mut vm.interfaces[pos];
        if let Some(label) = fields.label {
            nic.label = label;
        }
        nic.network_id = fields.network_id.unwrap_or(nic.network_id);
        nic.primary = fields.primary.unwrap_or(nic.primary);
        nic.rate_limit = fields.rate_limit.unwrap_or(nic.rate_limit);
        nic.default_firewall_policy = fields.policy.unwrap_or(nic.default_firewall_policy.clone());
        nic.mac_address = fields.mac.unwrap_or(nic.mac_address.clone());
        let status = if policy_only {
            StatusCode::OK
        } else {
            hardware_change(&ctx, &mut vm, StatusCode::OK)
        };
        let body = vm.interfaces[pos].to_json(&vm);
        ctx.account.vms.insert(vm.id, vm);
        Ok(reply(status, body))
    })
}

/// DELETE /account/:id/network_interface/:nic — 204 (202 on a running VM);
/// its addresses and firewall rules go with it.
pub async fn delete_interface(auth: Authed, Path((_, nic)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let (mut vm, pos) = idle_interface(&mut ctx, &nic)?;
        remove_interface(ctx.account, &mut vm, pos);
        let status = hardware_change(&ctx, &mut vm, StatusCode::NO_CONTENT);
        ctx.account.vms.insert(vm.id, vm);
        Ok(empty(status))
    })
}
