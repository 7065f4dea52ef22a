//! Network interface, IP address and firewall rule endpoints, and a VM's
//! firewall (`vm_firewall`: its interfaces, then each one's rules).

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, NicPart, VmPart};
use vmdeck_core::network::{FirewallRule, Interface, IpAddress};

/// Filters as query parameters, empty ones left out.
fn filters(pairs: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
    pairs
        .iter()
        .filter(|(_, v)| !v.trim().is_empty())
        .map(|(k, v)| (*k, v.trim().to_owned()))
        .collect()
}

/// GET `.../virtual_machine/<vm>/network_interfaces` with `interface_label`, `network_id`, `public`.
pub async fn vm_interfaces(
    api: &Api,
    vm_id: &str,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<Interface>> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::NetworkInterfaces)?;
    api.get(&path, &filters(filter)).await?.decode(Interface::list_from_json)
}

/// GET `/account/<id>/network_interfaces` with `virtual_machine_id`, `network_id`, `public`, `interface_label`.
pub async fn account_interfaces(
    api: &Api,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<Interface>> {
    api.get(&paths::account_interfaces(api.account_id()), &filters(filter))
        .await?
        .decode(Interface::list_from_json)
}

/// GET `.../virtual_machine/<vm>/ip_addresses` with `network_id`, `interface_id`, `public`.
pub async fn vm_ips(
    api: &Api,
    vm_id: &str,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<IpAddress>> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::IpAddresses)?;
    api.get(&path, &filters(filter)).await?.decode(IpAddress::list_from_json)
}

/// GET `/account/<id>/ip_addresses` with `ip`.
pub async fn account_ips(api: &Api, ip: &str) -> ApiResult<Vec<IpAddress>> {
    api.get(&paths::account_ips(api.account_id()), &filters(&[("ip", ip.to_owned())]))
        .await?
        .decode(IpAddress::list_from_json)
}

/// The account's addresses with their VMs: the documented address names
/// only its interface, so the VM is found through the account's interfaces.
pub async fn account_ips_with_vms(api: &Api, ip: &str) -> ApiResult<Vec<IpAddress>> {
    let mut ips = account_ips(api, ip).await?;
    if ips.iter().any(|ip| ip.vm_id.is_none() && ip.interface_id.is_some()) {
        vmdeck_core::network::address::attach_vms(&mut ips, &account_interfaces(api, &[]).await?);
    }
    Ok(ips)
}

/// GET `/network_interface/<id>/firewall_rules` with `command`, `port`, `address`.
pub async fn interface_rules(
    api: &Api,
    nic_id: &str,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<FirewallRule>> {
    let path = paths::nic_part(api.account_id(), nic_id, NicPart::FirewallRules)?;
    api.get(&path, &filters(filter)).await?.decode(FirewallRule::list_from_json)
}

/// A VM's firewall: each of its interfaces that has an id, with its rules,
/// read interface by interface after the list.
pub async fn vm_firewall(api: &Api, vm_id: &str) -> ApiResult<Vec<(Interface, Vec<FirewallRule>)>> {
    let mut firewall = Vec::new();
    for nic in vm_interfaces(api, vm_id, &[]).await? {
        let Some(id) = nic.id.clone() else { continue };
        let rules = interface_rules(api, &id, &[]).await?;
        firewall.push((nic, rules));
    }
    Ok(firewall)
}
