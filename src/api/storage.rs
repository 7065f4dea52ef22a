//! A VM's disks (apply), ISOs and snapshots.

use super::{Api, ApiResult, Outcome};
use gloo_net::http::Method;
use serde_json::json;
use vmdeck_core::paths::{self, VmPart};
use vmdeck_core::storage::{IsoJoin, Snapshot};

/// POST `apply_disks`; `format` erases the disks.
pub async fn apply_disks(api: &Api, vm_id: &str, format: bool) -> ApiResult<Outcome> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::ApplyDisks)?;
    Ok(api.send(Method::POST, &path, &[], Some(&json!({"required_format_disk": format}))).await?.outcome())
}

/// GET `isos`: the mounted ISO, if any.
pub async fn mounted_iso(api: &Api, vm_id: &str) -> ApiResult<Option<IsoJoin>> {
    api.get(&paths::vm_part(api.account_id(), vm_id, VmPart::Isos)?, &[]).await?.decode(IsoJoin::mounted_from_json)
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
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::Iso)?;
    Ok(api.send(Method::POST, &path, &[], Some(&body)).await?.outcome())
}

/// DELETE `iso/<join>`.
pub async fn unmount_iso(api: &Api, vm_id: &str, join_id: &str) -> ApiResult<Outcome> {
    Ok(api.send(Method::DELETE, &paths::mounted_iso(api.account_id(), vm_id, join_id)?, &[], None).await?.outcome())
}

/// GET `snapshots`.
pub async fn snapshots(api: &Api, vm_id: &str) -> ApiResult<Vec<Snapshot>> {
    api.get(&paths::vm_part(api.account_id(), vm_id, VmPart::Snapshots)?, &[]).await?.decode(Snapshot::list_from_json)
}

/// DELETE `snapshots`: the pending changes are merged into the disks.
pub async fn delete_snapshots(api: &Api, vm_id: &str) -> ApiResult<Outcome> {
    Ok(api.send(Method::DELETE, &paths::vm_part(api.account_id(), vm_id, VmPart::Snapshots)?, &[], None).await?.outcome())
}
