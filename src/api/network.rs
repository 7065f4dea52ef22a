//! Network interface, IP address and firewall rule endpoints.

use super::{Api, ApiResult, Outcome};
use gloo_net::http::Method;
use serde_json::{Map, Value};
use vmdeck_core::network::{FirewallRule, Interface, IpAddress};
use vmdeck_core::paths::{self, NicPart, VmPart};

/// Filters as query parameters, empty ones left out.
fn filters(pairs: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
    pairs.iter().filter(|(_, v)| !v.trim().is_empty()).map(|(k, v)| (*k, v.trim().to_owned())).collect()
}

/// GET `.../virtual_machine/<vm>/network_interfaces` with `interface_label`, `network_id`, `public`.
pub async fn vm_interfaces(api: &Api, vm_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<Interface>> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::NetworkInterfaces)?;
    api.get(&path, &filters(filter)).await?.decode(Interface::list_from_json)
}

/// GET `/account/<id>/network_interfaces` with `virtual_machine_id`, `network_id`, `public`, `interface_label`.
pub async fn account_interfaces(api: &Api, filter: &[(&'static str, String)]) -> ApiResult<Vec<Interface>> {
    api.get(&paths::account_interfaces(api.account_id()), &filters(filter)).await?.decode(Interface::list_from_json)
}

/// POST `.../network_interface`: 201 when the VM is offline, 202 otherwise.
pub async fn add_interface(api: &Api, vm_id: &str, body: Value) -> ApiResult<Outcome> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::NetworkInterface)?;
    Ok(api.send(Method::POST, &path, &[], Some(&body)).await?.outcome())
}

/// PUT `/network_interface/<id>`: an edit, or the default policy alone.
pub async fn edit_interface(api: &Api, nic_id: &str, changes: Map<String, Value>) -> ApiResult<Outcome> {
    Ok(api.send(Method::PUT, &paths::nic(api.account_id(), nic_id)?, &[], Some(&Value::Object(changes))).await?.outcome())
}

/// DELETE `/network_interface/<id>`: its addresses and rules go with it.
pub async fn delete_interface(api: &Api, nic_id: &str) -> ApiResult<Outcome> {
    Ok(api.send(Method::DELETE, &paths::nic(api.account_id(), nic_id)?, &[], None).await?.outcome())
}

/// GET `.../virtual_machine/<vm>/ip_addresses` with `network_id`, `interface_id`, `public`.
pub async fn vm_ips(api: &Api, vm_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<IpAddress>> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::IpAddresses)?;
    api.get(&path, &filters(filter)).await?.decode(IpAddress::list_from_json)
}

/// GET `/account/<id>/ip_addresses` with `ip`.
pub async fn account_ips(api: &Api, ip: &str) -> ApiResult<Vec<IpAddress>> {
    api.get(&paths::account_ips(api.account_id()), &filters(&[("ip", ip.to_owned())])).await?.decode(IpAddress::list_from_json)
}

/// POST `/network_interface/<id>/ip_address`: a new address, or a reserved one by id.
pub async fn add_ip(api: &Api, nic_id: &str, reserved_id: Option<&str>) -> ApiResult<Outcome> {
    let body = match reserved_id {
        Some(id) => serde_json::json!({"ip_address_id": paths::checked_id(id, "IP address")?}),
        None => serde_json::json!({}),
    };
    let path = paths::nic_part(api.account_id(), nic_id, NicPart::IpAddress)?;
    Ok(api.send(Method::POST, &path, &[], Some(&body)).await?.outcome())
}

/// DELETE `/network_interface/<id>/ip_address/<ip>`: the only address takes the interface with it.
pub async fn remove_ip(api: &Api, nic_id: &str, ip_id: &str) -> ApiResult<Outcome> {
    Ok(api.send(Method::DELETE, &paths::nic_ip(api.account_id(), nic_id, ip_id)?, &[], None).await?.outcome())
}

/// GET `/network_interface/<id>/firewall_rules` with `command`, `port`, `address`.
pub async fn interface_rules(api: &Api, nic_id: &str, filter: &[(&'static str, String)]) -> ApiResult<Vec<FirewallRule>> {
    let path = paths::nic_part(api.account_id(), nic_id, NicPart::FirewallRules)?;
    api.get(&path, &filters(filter)).await?.decode(FirewallRule::list_from_json)
}

/// POST `/network_interface/<id>/firewall_rule`: 201 with the rule.
pub async fn create_rule(api: &Api, nic_id: &str, body: Value) -> ApiResult<Outcome> {
    let path = paths::nic_part(api.account_id(), nic_id, NicPart::FirewallRule)?;
    Ok(api.send(Method::POST, &path, &[], Some(&body)).await?.outcome())
}
