//! A VM's disks (apply), ISOs and snapshots.

use super::vms::Outcome;
use super::{Api, ApiResult};
use gloo_net::http::Method;
use serde_json::json;
use vmdeck_core::storage::{IsoJoin, Snapshot};
use vmdeck_core::{paths, ApiError};

fn vm(api: &Api, vm_id: &str) -> ApiResult<String> {
    Ok(paths::vm(api.account_id(), paths::checked_id(vm_id, "virtual machine")?))
}

/// POST `apply_disks`; `format` erases the disks.
pub async fn apply_disks(api: &Api, vm_id: &str, format: bool) -> ApiResult<Outcome> {
    let reply = api.send(Method::POST, &format!("{}/apply_disks", vm(api, vm_id)?), &[], Some(&json!({"required_format_disk": format}))).await?;
    Ok(Outcome::of(reply.status))
}

/// GET `isos`: the mounted ISO, if any.
pub async fn mounted_iso(api: &Api, vm_id: &str) -> ApiResult<Option<IsoJoin>> {
    let reply = api.get(&format!("{}/isos", vm(api, vm_id)?), &[]).await?;
    IsoJoin::mounted_from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}

/// What to mount: an uploaded ISO or one at a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsoSource {
    Id(String),
    Url(String),
}

/// POST `iso`.
pub async fn mount_iso(api: &Api, vm_id: &str, source: IsoSource) -> ApiResult<Outcome> {
    let body = match source {
        IsoSource::Id(id) => json!({"iso_id": paths::checked_id(&id, "ISO")?}),
        IsoSource::Url(url) => json!({"iso_url": url.trim()}),
    };
    let reply = api.send(Method::POST, &format!("{}/iso", vm(api, vm_id)?), &[], Some(&body)).await?;
    Ok(Outcome::of(reply.status))
}

/// DELETE `iso/<join>`.
pub async fn unmount_iso(api: &Api, vm_id: &str, join_id: &str) -> ApiResult<Outcome> {
    let path = format!("{}/iso/{}", vm(api, vm_id)?, paths::checked_id(join_id, "mounted ISO")?);
    let reply = api.send(Method::DELETE, &path, &[], None).await?;
    Ok(Outcome::of(reply.status))
}

/// GET `snapshots`.
pub async fn snapshots(api: &Api, vm_id: &str) -> ApiResult<Vec<Snapshot>> {
    let reply = api.get(&format!("{}/snapshots", vm(api, vm_id)?), &[]).await?;
    Snapshot::list_from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}

/// DELETE `snapshots`: the pending changes are merged into the disks.
pub async fn delete_snapshots(api: &Api, vm_id: &str) -> ApiResult<Outcome> {
    let reply = api.send(Method::DELETE, &format!("{}/snapshots", vm(api, vm_id)?), &[], None).await?;
    Ok(Outcome::of(reply.status))
}
