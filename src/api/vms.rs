//! Virtual machine endpoints.

use super::{Api, ApiResult, Outcome};
use gloo_net::http::Method;
use serde_json::{json, Map, Value};
use vmdeck_core::disk::Disk;
use vmdeck_core::paths::{self, VmPart};
use vmdeck_core::vm_query::VmQuery;
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

/// POST `/account/<id>/virtual_machine`: 202 with the new VM, busy while it builds.
pub async fn create_vm(api: &Api, body: &Value) -> ApiResult<Vm> {
    api.send(Method::POST, &paths::new_vm(api.account_id()), &[], Some(body)).await?.decode(Vm::from_json)
}

async fn put_vm(api: &Api, id: &str, body: Value) -> ApiResult<Outcome> {
    Ok(api.send(Method::PUT, &paths::vm(api.account_id(), id)?, &[], Some(&body)).await?.outcome())
}

async fn post_vm(api: &Api, id: &str, part: VmPart, body: Value) -> ApiResult<super::Reply> {
    api.send(Method::POST, &paths::vm_part(api.account_id(), id, part)?, &[], Some(&body)).await
}

/// PUT with `status: online`.
pub async fn start_vm(api: &Api, id: &str) -> ApiResult<Outcome> {
    put_vm(api, id, json!({"status": "online"})).await
}

/// PUT with `status: offline`; `force` pulls the plug instead of shutting down.
pub async fn stop_vm(api: &Api, id: &str, force: bool) -> ApiResult<Outcome> {
    put_vm(api, id, json!({"status": "offline", "force": force})).await
}

/// PUT with `template_id`: the disks are zeroed and the OS installed again.
pub async fn rebuild_vm(api: &Api, id: &str, template_id: &str, start_after: bool) -> ApiResult<Outcome> {
    let template_id = paths::checked_id(template_id, "template")?;
    put_vm(api, id, json!({"template_id": template_id, "required_startup": start_after})).await
}

/// PUT with the changed fields.
pub async fn edit_vm(api: &Api, id: &str, changes: Map<String, Value>) -> ApiResult<Outcome> {
    put_vm(api, id, Value::Object(changes)).await
}

/// DELETE: 202; the VM, its disks, interfaces, addresses and backups go.
pub async fn destroy_vm(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(api.send(Method::DELETE, &paths::vm(api.account_id(), id)?, &[], None).await?.outcome())
}

/// POST `reboot`; `force` kills the VM (only one kind of provider honours it).
pub async fn reboot_vm(api: &Api, id: &str, force: bool) -> ApiResult<Outcome> {
    Ok(post_vm(api, id, VmPart::Reboot, json!({"force": force})).await?.outcome())
}

pub async fn reset_password(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(post_vm(api, id, VmPart::ResetPassword, json!({})).await?.outcome())
}

pub async fn rebuild_network(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(post_vm(api, id, VmPart::RebuildNetwork, json!({})).await?.outcome())
}

pub async fn apply_firewall_rules(api: &Api, id: &str) -> ApiResult<Outcome> {
    Ok(post_vm(api, id, VmPart::ApplyFirewallRules, json!({})).await?.outcome())
}

/// POST `template`, with an optional label.
pub async fn create_template(api: &Api, id: &str, label: &str) -> ApiResult<Outcome> {
    let body = if label.trim().is_empty() { json!({}) } else { json!({"label": label.trim()}) };
    Ok(post_vm(api, id, VmPart::Template, body).await?.outcome())
}

/// POST `clone`: the new VM when the answer names it.
pub async fn clone_vm(api: &Api, id: &str, body: Value) -> ApiResult<(Outcome, Option<Vm>)> {
    let reply = post_vm(api, id, VmPart::Clone, body).await?;
    Ok((reply.outcome(), reply.decode(Vm::from_json).ok().filter(|vm| vm.id.is_some())))
}

/// GET `segregations`: the VMs this one is kept apart from.
pub async fn list_segregations(api: &Api, id: &str) -> ApiResult<Vec<Vm>> {
    let reply = api.get(&paths::vm_part(api.account_id(), id, VmPart::Segregations)?, &[]).await?;
    Ok(reply.decode(Vm::list_from_json)?.0)
}

/// PUT / DELETE `segregation/<target>`.
pub async fn set_segregation(api: &Api, id: &str, target: &str, keep_apart: bool) -> ApiResult<Outcome> {
    let path = paths::segregation(api.account_id(), id, target)?;
    let (method, body) = if keep_apart { (Method::PUT, Some(json!({}))) } else { (Method::DELETE, None) };
    Ok(api.send(method, &path, &[], body.as_ref()).await?.outcome())
}

/// GET `disks`.
pub async fn list_disks(api: &Api, id: &str) -> ApiResult<Vec<Disk>> {
    let reply = api.get(&paths::vm_part(api.account_id(), id, VmPart::Disks)?, &[]).await?;
    Ok(reply.decode(Disk::list_from_json)?.0)
}
