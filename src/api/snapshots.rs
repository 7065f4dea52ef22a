//! The snapshots of all the account's VMs; a VM's own are read with
//! `vms::snapshots`.

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, Resource};
use vmdeck_core::vm::snapshot::Snapshot;

/// GET `/account/<id>/snapshots` with `virtual_machine_id` (set filters only).
pub async fn account_snapshots(
    api: &Api,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<Snapshot>> {
    api.get(&paths::list(api.account_id(), Resource::Snapshot), filter)
        .await?
        .decode(Snapshot::list_from_json)
}
