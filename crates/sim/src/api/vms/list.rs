//! GET /account/:id/virtual_machines: the account's VMs, filtered, sorted
//! and paged.

use crate::api::{field_error, filter, flag_filter, reply, Answer, Authed};
use crate::records::Vm;
use axum::extract::Query;
use axum::http::{HeaderValue, StatusCode};
use serde_json::Value;
use std::cmp::Ordering;
use std::collections::HashMap;

const SORT_FIELDS: [&str; 9] = [
    "identifier",
    "label",
    "memory",
    "cpus",
    "operating_system",
    "operating_system_distro",
    "status",
    "location_id",
    "disks_size",
];

/// GET /account/:id/virtual_machines — the spec's filters, `sort`/`order`,
/// `offset`/`limit` and the paging headers.
pub async fn list(auth: Authed, Query(query): Query<HashMap<String, String>>) -> Answer {
    let q = |key: &str| filter(&query, key);
    let offset = match q("offset").map(str::parse::<usize>) {
        None => 0,
        Some(Ok(n)) => n,
        Some(Err(_)) => return Err(field_error("offset", "must be a whole number")),
    };
    let limit = match q("limit").map(str::parse::<usize>) {
        None => None,
        Some(Ok(n)) if (1..=1000).contains(&n) => Some(n),
        Some(_) => return Err(field_error("limit", "must be a whole number from 1 to 1000")),
    };
    let sort = q("sort");
    if let Some(field) = sort.filter(|f| !SORT_FIELDS.contains(f)) {
        return Err(field_error("sort", &format!("“{field}” is not a sort field")));
    }
    let descending = match q("order") {
        None | Some("asc") => false,
        Some("desc") => true,
        Some(_) => return Err(field_error("order", "must be asc or desc")),
    };
    let (locked, suspended) = (flag_filter(&query, "locked")?, flag_filter(&query, "suspended")?);
    // Read once, not once per VM: this runs over every VM of the account.
    let hostname = q("hostname").map(str::to_lowercase);
    let label = q("label").map(str::to_lowercase);
    let id = q("id").map(|id| id.parse::<u64>().unwrap_or(0));
    let location = q("location_id").map(|l| l.parse::<u64>().unwrap_or(0));
    let (vm_type, cpu_type, status, disk_type) =
        (q("type"), q("cpu_type"), q("status"), q("disk_type"));

    auth.with(|ctx| {
        let (now, generation) = (ctx.now, ctx.generation);
        let account = &*ctx.account;
        // An address filter is an id filter on the joins: find the id once.
        let ip_id = q("ip_address")
            .map(|wanted| account.ips.values().find(|ip| ip.address == wanted).map(|ip| ip.id));
        let mut vms: Vec<&Vm> = account
            .vms
            .values()
            .filter(|vm| {
                id.is_none_or(|id| vm.id == id)
                    && vm_type.is_none_or(|t| vm.vm_type == t)
                    && cpu_type.is_none_or(|t| vm.cpu_type == t)
                    && status.is_none_or(|s| vm.status == s)
                    && hostname.as_deref().is_none_or(|h| contains_ignoring_case(&vm.hostname, h))
                    && label.as_deref().is_none_or(|l| contains_ignoring_case(&vm.label, l))
                    && ip_id.is_none_or(|ip| {
                        ip.is_some_and(|ip| {
                            vm.interfaces.iter().flat_map(|n| &n.ips).any(|j| j.ip_address_id == ip)
                        })
                    })
                    && locked.is_none_or(|l| vm.is_locked(now) == l)
                    && suspended.is_none_or(|s| vm.suspended == s)
                    && location.is_none_or(|l| vm.location_id == l)
                    && disk_type.is_none_or(|d| vm.disk_type == d)
            })
            .collect();
        match sort {
            // Case-insensitive: fold each label once rather than in every comparison.
            Some("label") => vms.sort_by_cached_key(|vm| (vm.label.to_lowercase(), vm.id)),
            Some(field) => vms.sort_by(|a, b| compare(field, a, b).then(a.id.cmp(&b.id))),
            None => {}
        }
        if descending {
            vms.reverse();
        }
        let total = vms.len();
        let per_page = limit.unwrap_or(total.max(1));
        let body: Vec<Value> = vms
            .iter()
            .skip(offset)
            .take(per_page)
            .map(|vm| vm.to_json(now, generation, |id| account.address_of(id)))
            .collect();
        let mut response = reply(StatusCode::OK, Value::Array(body));
        let headers = response.headers_mut();
        for (name, value) in [
            ("x-total", total),
            ("x-total-pages", total.div_ceil(per_page).max(1)),
            ("x-page", offset / per_page + 1),
            ("x-per-page", per_page),
        ] {
            headers.insert(name, HeaderValue::from(value));
        }
        Ok(response)
    })
}

/// Whether `hay` contains `needle` (already lower case), ignoring case,
/// without allocating for ASCII text.
fn contains_ignoring_case(hay: &str, needle: &str) -> bool {
    if hay.is_ascii() && needle.is_ascii() {
        let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
        needle.is_empty() || hay.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
    } else {
        hay.to_lowercase().contains(needle)
    }
}

fn compare(field: &str, a: &Vm, b: &Vm) -> Ordering {
    let os = |vm: &Vm| vm.template().map(|t| t.os).unwrap_or("");
    let distro = |vm: &Vm| vm.template().map(|t| t.distro).unwrap_or("");
    match field {
        "identifier" => a.identifier.cmp(&b.identifier),
        "memory" => a.memory.cmp(&b.memory),
        "cpus" => a.cpus.cmp(&b.cpus),
        "operating_system" => os(a).cmp(os(b)),
        "operating_system_distro" => distro(a).cmp(distro(b)),
        "status" => a.status.cmp(b.status),
        "location_id" => a.location_id.cmp(&b.location_id),
        _ => a.disks_size().cmp(&b.disks_size()),
    }
}
