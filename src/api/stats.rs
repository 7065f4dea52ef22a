//! Usage statistics endpoints.

use super::{Api, ApiResult};
use vmdeck_core::stats::{Bandwidth, CpuUsage};
use vmdeck_core::{paths, ApiError};

/// GET `cpu_stats?period=-1H|-30days`
pub async fn cpu_stats(api: &Api, vm_id: &str, period: &str) -> ApiResult<CpuUsage> {
    let path = format!("{}/cpu_stats", paths::vm(api.account_id(), paths::checked_id(vm_id, "virtual machine")?));
    let reply = api.get(&path, &[("period", period.to_owned())]).await?;
    CpuUsage::from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}

/// GET `bw_stats?period=-1H|-1day|-1M|-1Y`
pub async fn bw_stats(api: &Api, vm_id: &str, period: &str) -> ApiResult<Bandwidth> {
    let path = format!("{}/bw_stats", paths::vm(api.account_id(), paths::checked_id(vm_id, "virtual machine")?));
    let reply = api.get(&path, &[("period", period.to_owned())]).await?;
    Bandwidth::from_json(&reply.body).map_err(|e| ApiError::from_decode(reply.status, e))
}
