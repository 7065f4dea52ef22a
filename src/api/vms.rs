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

/// What an operation's answer says: done already (200/201/204), or
/// accepted (202) and going on while the VM is locked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Started,
}

impl Outcome {
    pub fn of(status: u16) -> Self {
        if status == 202 { Self::Started } else { Self::Done }
    }
}

fn vm_path(api: &Api, id: &str) -> ApiResult<String> {
    Ok(paths::vm(api.account_id(), paths::checked_id(id, "virtual machine")?))
}

async fn put_vm(api: &Api, id: &str, body: Value) -> ApiResult<Outcome> {
    let reply = api.send(Method::PUT, &vm_path(api, id)?, &[], Some(&body)).await?;
    Ok(Outcome::of(reply.status))
}

async fn post_vm(api: &Api, id: &str, action: &str, body: Value) -> ApiResult<super::client::Reply> {
    api.send(Method::POST, &format!("{}/{action}", vm_path(api, id)?), &[], Some(&body)).await
}

/// PUT with `status: online`.
pub async fn start_vm(api: &Api, id: &str) -> ApiResult<Outcome> {
    put_vm(api, id, serde_json::json!({"status": "online"})).await
}

/// PUT with `status: offline`; `force` pulls the plug instead of shutting down.
pub async fn stop_vm(api: &Api, id: &str, force: bool) -> ApiResult<Outcome> {
    put_vm(api, id, serde_json::json!({"status": "offline", "force": force})).await
}

/// PUT with `template_id`: the disks are zeroed and the OS installed again.
pub async fn rebuild_vm(api: &Api, id: &str, template_id: &str, start_after: bool) -> ApiResult<Outcome> {
    let template_id = paths::checked_id(template_id, "template")?;
    put_vm(api, id, serde_json::json!({"template_id": template_id, "required_startup": start_after})).await
}

/// PUT with the changed fields.
pub async fn edit_vm(api: &Api, id: &str, changes: serde_json::Map<String, Value>) -> ApiResult<Outcome> {
    put_vm(api, id, Value::Object(changes)).await
}

/// DELETE: 202; the VM, its disks, interfaces, addresses and backups go.
pub async fn destroy_vm(api: &Api, id: &str) -> ApiResult<Outcome> {
    let reply = api.send(Method::DELETE, &vm_path(api, id)?, &[], None).await?;
    Ok(Outcome::of(reply.status))
}

/// POST `reboot`; `force` kills the VM (only one kind of provider honours it).
pub async fn reboot_vm(api: &Api, id: &str, force: bool) -> ApiResult<Outcome> {
    Ok(Outcome::of(post_vm(api, id, "reboot", serde_json::json!({"force": force})).await?.status))
}

pub async fn reset_password(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(Outcome::of(post_vm(api, id, "reset_password", serde_json::json!({})).await?.status))
}

pub async fn rebuild_network(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(Outcome::of(post_vm(api, id, "rebuild_network", serde_json::json!({})).await?.status))
}

pub async fn apply_firewall_rules(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(Outcome::of(post_vm(api, id, "apply_firewall_rules", serde_json::json!({})).await?.status))
}

/// POST `template`, with an optional label.
pub async fn create_template(api: &Api, id: &str, label: &str) -> ApiResult<Outcome> {
    let body = if label.trim().is_empty() { serde_json::json!({}) } else { serde_json::json!({"label": label.trim()}) };
    Ok(Outcome::of(post_vm(api, id, "template", body).await?.status))
}

/// POST `clone`: the new VM when the answer names it.
pub async fn clone_vm(api: &Api, id: &str, body: Value) -> ApiResult<(Outcome, Option<Vm>)> {
    let reply = post_vm(api, id, "clone", body).await?;
    Ok((Outcome::of(reply.status), Vm::from_json(&reply.body).ok().filter(|vm| vm.id.is_some())))
}

/// GET `segregations`: the VMs this one is kept apart from.
pub async fn list_segregations(api: &Api, id: &str) -> ApiResult<Vec<Vm>> {
    let reply = api.get(&format!("{}/segregations", vm_path(api, id)?), &[]).await?;
    let (vms, _) = Vm::list_from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))?;
    Ok(vms)
}

/// PUT / DELETE `segregation/<target>`.
pub async fn set_segregation(api: &Api, id: &str, target: &str, keep_apart: bool) -> ApiResult<Outcome> {
    let target = paths::checked_id(target, "virtual machine")?;
    let path = format!("{}/segregation/{target}", vm_path(api, id)?);
    let (method, body) = if keep_apart { (Method::PUT, Some(serde_json::json!({}))) } else { (Method::DELETE, None) };
    let reply = api.send(method, &path, &[], body.as_ref()).await?;
    Ok(Outcome::of(reply.status))
}

/// GET `disks`.
pub async fn list_disks(api: &Api, id: &str) -> ApiResult<Vec<vmdeck_core::disk::Disk>> {
    let reply = api.get(&format!("{}/disks", vm_path(api, id)?), &[]).await?;
    let (disks, _) = vmdeck_core::disk::Disk::list_from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))?;
    Ok(disks)
}
