//! Firewall rules: a VM's or an interface's, filtered, a new rule on an
//! interface, and a rule deleted by its own id (the provider's documented
//! `DELETE /account/:id/firewall_rule/:rule`, which the spec leaves out).

use super::{locate, Filters};
use crate::api::{all_valid, empty, filter, form, not_found, reply, Answer, Authed};
use crate::records::FirewallRule;
use crate::rules;
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
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

/// POST .../network_interface/:nic/firewall_rule — 201 with the rule.
pub async fn add_rule(auth: Authed, Path((_, nic)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "firewall_rule")?;
    let command = f.text("command").map(|c| c.to_ascii_uppercase());
    match command.as_deref() {
        None => f.errors.add("command", "can't be blank"),
        Some("ACCEPT" | "DROP") => {}
        Some(_) => f.errors.add("command", "must be ACCEPT or DROP"),
    }
    let protocol = f.text("protocol").map(|p| p.to_ascii_uppercase());
    match protocol.as_deref() {
        None => f.errors.add("protocol", "can't be blank"),
        Some("TCP" | "UDP") => {}
        Some(_) => f.errors.add("protocol", "must be TCP or UDP"),
    }
    let address = f.checked_text("address", rules::address);
    let port = f.checked_text("port", rules::port);
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
            command: command.unwrap_or_default(),
            protocol: protocol.unwrap_or_default(),
            address: address.filter(|a| a != "0.0.0.0"),
            port,
            description,
            position: nic.rules.iter().map(|r| r.position).max().unwrap_or(0) + 1,
            created_at: timestamp_now(),
        };
        let body = rule.to_json(nic);
        nic.rules.push(rule);
        Ok(reply(StatusCode::CREATED, body))
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
