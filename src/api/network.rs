//! Network interface, IP address and firewall rule endpoints.

use super::vms::Outcome;
use super::{Api, ApiResult};
use gloo_net::http::Method;
use serde_json::{Map, Value};
use vmdeck_core::network::{FirewallRule, Interface, IpAddress};
use vmdeck_core::{paths, ApiError};

fn account(api: &Api) -> String {
    format!("/account/{}", api.account_id())
}

fn vm(api: &Api, vm_id: &str) -> ApiResult<String> {
    Ok(format!("{}/virtual_machine/{}", account(api), paths::checked_id(vm_id, "virtual machine")?))
}

fn nic(api: &Api, nic_id: &str) -> ApiResult<String> {
    Ok(format!("{}/network_interface/{}", account(api), paths::checked_id(nic_id, "network interface")?))
}

/// Filters as query parameters, empty ones left out.
fn filters(pairs: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
    pairs.iter().filter(|(_, v)| !v.trim().is_empty()).map(|(k, v)| (*k, v.trim().to_owned())).collect()
}

fn decoded<T>(status: u16, result: Result<T, vmdeck_core::decode::DecodeError>) -> ApiResult<T> {
    result.map_err(|e| ApiError::from_decode(status, e))
}

/// GET `.../virtual_machine/<vm>/network_interfaces` with `interface_label`, `network_id`, `public`.
pub async fn vm_interfaces(api: &Api, vm_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<Interface>> {
    let reply = api.get(&format!("{}/network_interfaces", vm(api, vm_id)?), &filters(filter)).await?;
    decoded(reply.status, Interface::list_from_json(&reply.body))
}

/// GET `/account/<id>/network_interfaces` with `virtual_machine_id`, `network_id`, `public`, `interface_label`.
pub async fn account_interfaces(api: &Api, filter: &[(&'static str, String)]) -> ApiResult<Vec<Interface>> {
    let reply = api.get(&format!("{}/network_interfaces", account(api)), &filters(filter)).await?;
    decoded(reply.status, Interface::list_from_json(&reply.body))
}

/// POST `.../network_interface`: 201 when the VM is offline, 202 otherwise.
pub async fn add_interface(api: &Api, vm_id: &str, body: Value) -> ApiResult<Outcome> {
    let reply = api.send(Method::POST, &format!("{}/network_interface", vm(api, vm_id)?), &[], Some(&body)).await?;
    Ok(Outcome::of(reply.status))
}

/// PUT `/network_interface/<id>`: an edit, or the default policy alone.
pub async fn edit_interface(api: &Api, nic_id: &str, changes: Map<String, Value>) -> ApiResult<Outcome> {
    let reply = api.send(Method::PUT, &nic(api, nic_id)?, &[], Some(&Value::Object(changes))).await?;
    Ok(Outcome::of(reply.status))
}

/// DELETE `/network_interface/<id>`: its addresses and rules go with it.
pub async fn delete_interface(api: &Api, nic_id: &str) -> ApiResult<Outcome> {
    let reply = api.send(Method::DELETE, &nic(api, nic_id)?, &[], None).await?;
    Ok(Outcome::of(reply.status))
}

/// GET `.../virtual_machine/<vm>/ip_addresses` with `network_id`, `interface_id`, `public`.
pub async fn vm_ips(api: &Api, vm_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<IpAddress>> {
    let reply = api.get(&format!("{}/ip_addresses", vm(api, vm_id)?), &filters(filter)).await?;
    decoded(reply.status, IpAddress::list_from_json(&reply.body))
}

/// GET `/account/<id>/ip_addresses` with `ip`.
pub async fn account_ips(api: &Api, ip: &str) -> ApiResult<Vec<IpAddress>> {
    let reply = api.get(&format!("{}/ip_addresses", account(api)), &filters(&[("ip", ip.to_owned())])).await?;
    decoded(reply.status, IpAddress::list_from_json(&reply.body))
}

/// POST `/network_interface/<id>/ip_address`: a new address, or a reserved one by id.
pub async fn add_ip(api: &Api, nic_id: &str, reserved_id: Option<&str>) -> ApiResult<Outcome> {
    let body = match reserved_id {
        Some(id) => serde_json::json!({"ip_address_id": paths::checked_id(id, "IP address")?}),
        None => serde_json::json!({}),
    };
    let reply = api.send(Method::POST, &format!("{}/ip_address", nic(api, nic_id)?), &[], Some(&body)).await?;
    Ok(Outcome::of(reply.status))
}

/// DELETE `/network_interface/<id>/ip_address/<ip>`: the only address takes the interface with it.
pub async fn remove_ip(api: &Api, nic_id: &str, ip_id: &str) -> ApiResult<Outcome> {
    let path = format!("{}/ip_address/{}", nic(api, nic_id)?, paths::checked_id(ip_id, "IP address")?);
    let reply = api.send(Method::DELETE, &path, &[], None).await?;
    Ok(Outcome::of(reply.status))
}

/// GET `/network_interface/<id>/firewall_rules` with `command`, `port`, `address`.
pub async fn interface_rules(api: &Api, nic_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<FirewallRule>> {
    let reply = api.get(&format!("{}/firewall_rules", nic(api, nic_id)?), &filters(filter)).await?;
    decoded(reply.status, FirewallRule::list_from_json(&reply.body))
}

/// POST `/network_interface/<id>/firewall_rule`: 201 with the rule.
pub async fn create_rule(api: &Api, nic_id: &str, body: Value) -> ApiResult<Outcome> {
    let reply = api.send(Method::POST, &format!("{}/firewall_rule", nic(api, nic_id)?), &[], Some(&body)).await?;
    Ok(Outcome::of(reply.status))
}
