//! Usage statistics endpoints.

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, VmPart};
use vmdeck_core::stats::{Bandwidth, CpuUsage};

/// GET `cpu_stats?period=-1H|-30days`
pub async fn cpu_stats(api: &Api, vm_id: &str, period: &str) -> ApiResult<CpuUsage> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::CpuStats)?;
    api.get(&path, &[("period", period.to_owned())]).await?.decode(CpuUsage::from_json)
}

/// GET `bw_stats?period=-1H|-1day|-1M|-1Y`
pub async fn bw_stats(api: &Api, vm_id: &str, period: &str) -> ApiResult<Bandwidth> {
    let path = paths::vm_part(api.account_id(), vm_id, VmPart::BwStats)?;
    api.get(&path, &[("period", period.to_owned())]).await?.decode(Bandwidth::from_json)
}
