//! The networks interfaces and addresses are on: GET `networks`, GET
//! `network/:id`, the account's addresses on one (GET
//! `network/:id/ip_addresses`) and a new one given by hand (POST
//! `network/:id/ip_address`).

use crate::api::{all_valid, field_error, filter, form, not_found, reply, Answer, Authed};
use crate::catalogue::{self, Network};
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::Ipv4Addr;

type Filters = HashMap<String, String>;

fn to_json(n: &Network) -> Value {
    json!({
        "id": n.id.to_string(),
        "label": n.label,
        "vlan": n.vlan,
        "network_group_id": n.network_group_id.to_string(),
        "status": "active",
        "multidatacenter": n.multidatacenter,
        "public": n.public,
    })
}

fn network(id: &str) -> Result<&'static Network, Response> {
    id.parse().ok().and_then(catalogue::network).ok_or_else(|| not_found("Network"))
}

/// GET /account/:id/networks — filters vlan, network_group_id, id and type
/// (public or private); `console_id` is taken and ignored (no consoles here).
pub async fn list(_auth: Authed, Query(q): Query<Filters>) -> Answer {
    let public = match filter(&q, "type").map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("public") => Some(true),
        Some("private") => Some(false),
        Some(_) => return Err(field_error("type", "must be public or private")),
    };
    let is = |key: &str, value: u64| filter(&q, key).is_none_or(|v| v == value.to_string());
    let items: Vec<Value> = catalogue::NETWORKS
        .iter()
        .filter(|n| {
            is("id", n.id)
                && is("vlan", n.vlan)
                && is("network_group_id", n.network_group_id)
                && public.is_none_or(|p| n.public == p)
        })
        .map(to_json)
        .collect();
    Ok(reply(StatusCode::OK, Value::Array(items)))
}

/// GET /account/:id/network/:network
pub async fn show(_auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    Ok(reply(StatusCode::OK, to_json(network(&id)?)))
}

/// GET /account/:id/network/:network/ip_addresses — the account's addresses
/// on it, as the account's list writes them.
pub async fn addresses(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    let network = network(&id)?;
    auth.with(|ctx| {
        let (account, generation) = (&*ctx.account, ctx.generation);
        let items: Vec<Value> = account
            .ips
            .values()
            .filter(|ip| ip.network_id == network.id)
            .map(|ip| ip.to_account_json(account.attachment(ip.id), generation))
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// POST /account/:id/network/:network/ip_address — `address`; 201 with it,
/// reserved by the account and attached to nothing. It must lie in the
/// network's blocks and be no one's yet, in any account.
pub async fn add_address(
    auth: Authed,
    Path((_, id)): Path<(String, String)>,
    body: Bytes,
) -> Answer {
    let mut f = form(&body, "ip_address")?;
    let address = f.text("address");
    let parsed = address.as_deref().and_then(|a| a.parse::<Ipv4Addr>().ok());
    match (&address, parsed) {
        (None, _) if !f.errors.0.contains_key("address") => {
            f.errors.add("address", "can't be blank")
        }
        (Some(_), None) => f.errors.add("address", "is not an IPv4 address"),
        _ => {}
    }
    all_valid(&mut f)?;
    let network = network(&id)?;
    let Some(parsed) = parsed else { return Err(field_error("address", "can't be blank")) };
    if !network.contains(parsed) {
        let ranges: Vec<String> = network
            .ranges
            .iter()
            .map(|(first, prefix)| format!("{}/{prefix}", Ipv4Addr::from(*first)))
            .collect();
        let message = format!("is outside the network ({})", ranges.join(", "));
        return Err(field_error("address", &message));
    }
    let address = parsed.to_string();
    auth.with_others(|ctx, others| {
        let used = std::iter::once(&*ctx.account)
            .chain(others.iter().copied())
            .any(|account| account.ips.values().any(|ip| ip.address == address));
        if used {
            return Err(field_error("address", "is already in use"));
        }
        let ip = ctx.ids.address_by_hand(address, network.id, timestamp_now());
        let body = ip.to_account_json(None, ctx.generation);
        ctx.account.ips.insert(ip.id, ip);
        Ok(reply(StatusCode::CREATED, body))
    })
}
