//! A VM's mounted ISO and snapshots.

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, VmPart};
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::snapshot::Snapshot;

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
