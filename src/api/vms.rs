//! Virtual machine reads; the writes are `vmdeck_core::api::request`, sent with
//! [`Api::run`].

use super::{Api, ApiResult};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::api::paths::{self, VmPart};
use vmdeck_core::vm::query::VmQuery;
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
