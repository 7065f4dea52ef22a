//! Virtual machine endpoints.

use super::{Api, ApiResult};
use gloo_net::http::Method;
use serde_json::Value;
use vmdeck_core::vm_query::VmQuery;
use vmdeck_core::{paths, ApiError, Page, PageInfo, Vm};

/// GET `/account/<id>/virtual_machines` with the view's filters, sort and page.
pub async fn list_vms(api: &Api, query: &VmQuery) -> ApiResult<Page<Vm>> {
    let reply = api.get(&paths::vms(api.account_id()), &query.params()).await?;
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

/// POST `/account/<id>/virtual_machine`: 202 with the new VM, busy while it builds.
pub async fn create_vm(api: &Api, body: &Value) -> ApiResult<Vm> {
    let path = format!("/account/{}/virtual_machine", api.account_id());
    let reply = api.send(Method::POST, &path, &[], Some(body)).await?;
    Vm::from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}
