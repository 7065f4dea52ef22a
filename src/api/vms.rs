//! Virtual machine endpoints.

use super::{Api, ApiResult};
use vmdeck_core::{paths, ApiError, Page, PageInfo, Vm};

/// A window of the VM list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VmListQuery {
    pub offset: u64,
    pub limit: u64,
}

/// GET `/account/<id>/virtual_machines`
pub async fn list_vms(api: &Api, query: &VmListQuery) -> ApiResult<Page<Vm>> {
    let params = [("offset", query.offset.to_string()), ("limit", query.limit.to_string())];
    let reply = api.get(&paths::vms(api.account_id()), &params).await?;
    let (items, skipped) = Vm::list_from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))?;
    let info = PageInfo::from_headers(|name| reply.headers.get(name));
    Ok(Page { items, offset: query.offset, limit: query.limit, total: info.total, skipped })
}

/// GET `/account/<id>/virtual_machine/<vm>`
pub async fn get_vm(api: &Api, id: &str) -> ApiResult<Vm> {
    let id = paths::checked_id(id, "virtual machine")?;
    let reply = api.get(&paths::vm(api.account_id(), id), &[]).await?;
    Vm::from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}
