//! Virtual machine reads; the writes are `vmdeck_core::api::request`, sent with
//! [`Api::run`].

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, VmPart};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::snapshot::Snapshot;
use vmdeck_core::{Page, PageInfo, Vm};

/// GET `/account/<id>/virtual_machines` with the view's filters, sort and page.
pub async fn list_vms(api: &Api, query: &VmQuery) -> ApiResult<Page<Vm>> {
    let reply = api.get(&paths::vms(api.account_id()), &query.params()).await?;
    let (items, skipped) = reply.decode(Vm::list_from_json)?;
    let info = PageInfo::from_headers(|name| reply.headers.get(name));
    Ok(Page { items, offset: query.offset, limit: query.limit, total: info.total, skipped })
}

/// GET `/account/<id>/virtual_machine/<vm>`
pub async fn get_vm(api: &Api, id: &str) -> ApiResult<Vm> {
    api.get(&paths::vm(api.account_id(), id)?, &[]).await?.decode(Vm::from_json)
}

/// A VM with its addresses: the documented VM does not list them, so
/// they are read from the VM's addresses (GET `ip_addresses`) then.
pub async fn get_vm_with_addresses(api: &Api, id: &str) -> ApiResult<Vm> {
    let mut vm = get_vm(api, id).await?;
    if !vm.addresses_known {
        vm.ip_addresses = super::network::vm_ips(api, id, &[])
            .await?
            .into_iter()
            .filter_map(|ip| ip.address)
            .collect();
        vm.addresses_known = true;
    }
    Ok(vm)
}

/// Fills in the addresses of VMs whose resource does not list them, from
/// the account's addresses and interfaces: two reads for the whole page.
pub async fn fill_addresses(api: &Api, vms: &mut [Vm]) -> ApiResult<()> {
    if vms.iter().all(|vm| vm.addresses_known) {
        return Ok(());
    }
    let (ips, interfaces) = futures::future::join(
        super::network::account_ips(api, ""),
        super::network::account_interfaces(api, &[]),
    )
    .await;
    let mut by_vm = vmdeck_core::network::addresses_by_vm(ips?, &interfaces?);
    for vm in vms.iter_mut().filter(|vm| !vm.addresses_known) {
        vm.ip_addresses = vm.id.as_ref().and_then(|id| by_vm.remove(id)).unwrap_or_default();
        vm.addresses_known = true;
    }
    Ok(())
}

/// GET `segregations`: the VMs this one is kept apart from.
pub async fn list_segregations(api: &Api, id: &str) -> ApiResult<Vec<Vm>> {
    let reply = api.get(&paths::vm_part(api.account_id(), id, VmPart::Segregations)?, &[]).await?;
    Ok(reply.decode(Vm::list_from_json)?.0)
}

/// GET `disks`.
pub async fn list_disks(api: &Api, id: &str) -> ApiResult<Vec<Disk>> {
    let reply = api.get(&paths::vm_part(api.account_id(), id, VmPart::Disks)?, &[]).await?;
    Ok(reply.decode(Disk::list_from_json)?.0)
}

/// GET `isos`: the mounted ISO, if any.
pub async fn mounted_iso(api: &Api, vm_id: &str) -> ApiResult<Option<IsoJoin>> {
    api.get(&paths::vm_part(api.account_id(), vm_id, VmPart::Isos)?, &[])
        .await?
        .decode(IsoJoin::mounted_from_json)
}

/// GET `snapshots`.
pub async fn snapshots(api: &Api, vm_id: &str) -> ApiResult<Vec<Snapshot>> {
    api.get(&paths::vm_part(api.account_id(), vm_id, VmPart::Snapshots)?, &[])
        .await?
        .decode(Snapshot::list_from_json)
}
