//! Firewall rules: a VM's or an interface's, filtered, a new rule on an
//! interface, and a rule read, edited and deleted by its own id (the
//! provider's documented `GET`, `PUT` and `DELETE
//! /account/:id/firewall_rule/:rule`, which the spec leaves out).

use super::{locate, Filters};
use crate::api::{all_valid, empty, field_error, filter, form, not_found, reply, Answer, Authed};
use crate::body::Form;
use crate::records::{FirewallRule, Interface};
use crate::rules;
use crate::store::{timestamp_now, Account};
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;

/// The spec's rule filters: command (accept or drop), port, address.
fn rule_matches(rule: &FirewallRule, q: &Filters) -> bool {
    filter(q, "command").is_none_or(|c| rule.command.eq_ignore_ascii_case(c))
        && filter(q, "port").is_none_or(|p| rule.port.as_deref() == Some(p))
        && filter(q, "address").is_none_or(|a| rule.address.as_deref() == Some(a))
}

/// GET .../virtual_machine/:vm/firewall_rules
pub async fn vm_rules(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<Filters>,
) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&id)?;
        Ok(reply(
            StatusCode::OK,
            Value::Array(
                vm.interfaces
                    .iter()
                    .flat_map(|nic| {
                        nic.rules
                            .iter()
                            .filter(|r| rule_matches(r, &q))
                            .map(move |r| r.to_json(nic))
                    })
                    .collect(),
            ),
        ))
    })
}

/// GET .../network_interface/:nic/firewall_rules
pub async fn interface_rules(
    auth: Authed,
    Path((_, nic)): Path<(String, String)>,
    Query(q): Query<Filters>,
) -> Answer {
    auth.with(|ctx| {
        let (vm, pos) = locate(&ctx, &nic)?;
        let nic = &ctx.account.vms[&vm].interfaces[pos];
        Ok(reply(
            StatusCode::OK,
            Value::Array(
                nic.rules.iter().filter(|r| rule_matches(r, &q)).map(|r| r.to_json(nic)).collect(),
            ),
        ))
    })
}

/// What a rule's body says, checked the same for a new rule and an edit;
/// a new rule must say `command` and `protocol`.
struct RuleFields {
    command: Option<String>,
    protocol: Option<String>,
    /// `Some(None)`: given empty (or 0.0.0.0), meaning any.
    address: Option<Option<String>>,
    port: Option<Option<String>>,
    interface: Option<u64>,
}

fn rule_fields(f: &mut Form, new: bool) -> RuleFields {
    let one_of = |f: &mut Form, key: &str, allowed: [&str; 2]| {
        let value = f.text(key).map(|v| v.to_ascii_uppercase());
        match value.as_deref() {
            None if new => f.errors.add(key, "can't be blank"),
            None => {}
            Some(v) if allowed.contains(&v) => {}
            Some(_) => f.errors.add(key, format!("must be {} or {}", allowed[0], allowed[1])),
        }
        value
    };
    let command = one_of(f, "command", ["ACCEPT", "DROP"]);
    let protocol = one_of(f, "protocol", ["TCP", "UDP"]);
    let address = f
        .has("address")
        .then(|| f.checked_text("address", rules::address).filter(|a| a != "0.0.0.0"));
    let port = f.has("port").then(|| f.checked_text("port", rules::port));
    let interface = f.uint("network_interface_id");
    RuleFields { command, protocol, address, port, interface }
}

/// POST .../network_interface/:nic/firewall_rule — 201 with the rule.
pub async fn add_rule(auth: Authed, Path((_, nic)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "firewall_rule")?;
    let fields = rule_fields(&mut f, true);
    let description = f.raw_text("description");
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let (vm_id, pos) = locate(&ctx, &nic)?;
        let rule_id = ctx.ids.rule();
        let Some(vm) = ctx.account.vms.get_mut(&vm_id) else {
            return Err(not_found("Network interface"));
        };
        let nic = &mut vm.interfaces[pos];
        let rule = FirewallRule {
            id: rule_id,
            command: fields.command.unwrap_or_default(),
            protocol: fields.protocol.unwrap_or_default(),
            address: fields.address.flatten(),
            port: fields.port.flatten(),
            description,
            position: next_position(nic),
            created_at: timestamp_now(),
        };
        let body = rule.to_json(nic);
        nic.rules.push(rule);
        Ok(reply(StatusCode::CREATED, body))
    })
}

fn next_position(nic: &Interface) -> u64 {
    nic.rules.iter().map(|r| r.position).max().unwrap_or(0) + 1
}

/// The VM, interface and place in it of the rule in the path.
fn find_rule(account: &Account, rule: &str) -> Result<(u64, usize, usize), Response> {
    let id: u64 = rule.parse().map_err(|_| not_found("Firewall rule"))?;
    account
        .vms
        .values()
        .find_map(|vm| {
            vm.interfaces.iter().enumerate().find_map(|(n, nic)| {
                nic.rules.iter().position(|r| r.id == id).map(|r| (vm.id, n, r))
            })
        })
        .ok_or_else(|| not_found("Firewall rule"))
}

/// GET /account/:id/firewall_rule/:rule
pub async fn show_rule(auth: Authed, Path((_, rule)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let (vm, n, r) = find_rule(ctx.account, &rule)?;
        let nic = &ctx.account.vms[&vm].interfaces[n];
        Ok(reply(StatusCode::OK, nic.rules[r].to_json(nic)))
    })
}

/// PUT /account/:id/firewall_rule/:rule — any of `network_interface_id`,
/// `command`, `protocol`, `address`, `port`, checked as for a new rule; 200
/// with the rule, not queued. Moved to another interface of the account, it
/// keeps its id and comes last there.
pub async fn update_rule(
    auth: Authed,
    Path((_, rule)): Path<(String, String)>,
    body: Bytes,
) -> Answer {
    let mut f = form(&body, "firewall_rule")?;
    let fields = rule_fields(&mut f, false);
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let (vm_id, n, r) = find_rule(ctx.account, &rule)?;
        let target = match fields.interface {
            None => (vm_id, n),
            Some(id) => ctx
                .account
                .vms
                .values()
                .find_map(|vm| vm.interfaces.iter().position(|i| i.id == id).map(|p| (vm.id, p)))
                .ok_or_else(|| {
                    field_error("network_interface_id", "is not an interface of this account")
                })?,
        };
        let Some(vm) = ctx.account.vms.get_mut(&vm_id) else {
            return Err(not_found("Firewall rule"));
        };
        let mut changed = vm.interfaces[n].rules.remove(r);
        changed.command = fields.command.unwrap_or(changed.command);
        changed.protocol = fields.protocol.unwrap_or(changed.protocol);
        changed.address = fields.address.unwrap_or(changed.address);
        changed.port = fields.port.unwrap_or(changed.port);
        if target == (vm_id, n) {
            let body = changed.to_json(&vm.interfaces[n]);
            vm.interfaces[n].rules.insert(r, changed);
            return Ok(reply(StatusCode::OK, body));
        }
        let Some(nic) = ctx.account.vms.get_mut(&target.0).map(|vm| &mut vm.interfaces[target.1])
        else {
            return Err(not_found("Network interface"));
        };
        changed.position = next_position(nic);
        let body = changed.to_json(nic);
        nic.rules.push(changed);
        Ok(reply(StatusCode::OK, body))
    })
}

/// DELETE /account/:id/firewall_rule/:rule — 204; the rule is gone from its
/// interface (it stops deciding once the rules are applied).
pub async fn delete_rule(auth: Authed, Path((_, rule)): Path<(String, String)>) -> Answer {
    let id: u64 = rule.parse().map_err(|_| not_found("Firewall rule"))?;
    auth.with(|ctx| {
        let found = ctx
            .account
            .vms
            .values_mut()
            .flat_map(|vm| vm.interfaces.iter_mut())
            .find(|nic| nic.rules.iter().any(|r| r.id == id));
        let Some(nic) = found else { return Err(not_found("Firewall rule")) };
        nic.rules.retain(|r| r.id != id);
        Ok(empty(StatusCode::NO_CONTENT))
    })
}
