//! A VM's statistics: GET …/cpu_stats and …/bw_stats for a period.

use crate::api::{error, field_error, reply, Answer, Authed};
use crate::records::Vm;
use crate::stats;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

fn epoch_secs() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// GET .../cpu_stats?period=-1H|-30days
pub async fn cpu_stats(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Answer {
    let known = |period: &str| stats::cpu_period(period).is_some();
    statistics(auth, &id, &q, known, "must be -1H or -30days", stats::cpu)
}

/// GET .../bw_stats?period=-1H|-1day|-1M|-1Y
pub async fn bw_stats(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<HashMap<String, String>>,
) -> Answer {
    let known = |period: &str| stats::bandwidth_period(period).is_some();
    statistics(auth, &id, &q, known, "must be -1H, -1day, -1M or -1Y", stats::bandwidth)
}

/// The statistics `read` gives for the VM over the query's `period`; a
/// period that is not `known` is a 422 on that field, saying which are.
fn statistics(
    auth: Authed,
    id: &str,
    q: &HashMap<String, String>,
    known: impl Fn(&str) -> bool,
    periods: &str,
    read: fn(&Vm, &str, u64) -> Option<Value>,
) -> Answer {
    let period = q.get("period").map(String::as_str).unwrap_or("");
    if !known(period) {
        return Err(field_error("period", periods));
    }
    auth.with(|mut ctx| {
        let vm = ctx.vm(id)?;
        read(vm, period, epoch_secs())
            .map(|body| reply(StatusCode::OK, body))
            .ok_or_else(|| error(StatusCode::UNPROCESSABLE_ENTITY, "Unknown period"))
    })
}
