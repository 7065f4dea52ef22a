//! The templates VMs are built from: the catalogue's (public, everyone's)
//! and the account's own (made from a VM, from a backup or as a copy). GET
//! `templates`, GET, PUT and DELETE `template/:id`, POST `template/:id/clone`.

use crate::api::{
    all_valid, empty, error, filter, flag_filter, form, not_found, reply, Answer, Authed,
};
use crate::records::{catalogue_json, OwnTemplate, System};
use crate::store::{timestamp_now, Account};
use crate::{catalogue, rules};
use axum::body::Bytes;
use axum::extract::{Path, Query};
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::Value;
use std::collections::HashMap;

type Filters = HashMap<String, String>;

/// Filters that match a field exactly (ignoring case).
const EXACT: [&str; 6] = [
    "operating_system",
    "operating_system_distro",
    "operating_system_edition",
    "operating_system_arch",
    "status",
    "clone_id",
];

/// The system of a template a VM may be built from now, or why not (the
/// message for `template_id`): it must be the catalogue's or the account's
/// own, and active.
pub fn usable(account: &Account, id: u64) -> Result<System, &'static str> {
    match account.template_system(id) {
        None => Err("is not a template of this account"),
        Some((_, false)) => Err("is not active: only active templates are offered"),
        Some((system, true)) => Ok(system),
    }
}

/// Every template the account sees, the catalogue's first.
fn every(account: &Account) -> impl Iterator<Item = Value> + '_ {
    catalogue::TEMPLATES
        .iter()
        .map(catalogue_json)
        .chain(account.templates.values().map(OwnTemplate::to_json))
}

/// GET /account/:id/templates — filters label (a part of it), public,
/// operating_system, operating_system_distro, operating_system_edition,
/// operating_system_arch, status and clone_id.
pub async fn list(auth: Authed, Query(q): Query<Filters>) -> Answer {
    let public = flag_filter(&q, "public")?;
    let label = filter(&q, "label").map(str::to_lowercase);
    auth.with(|ctx| {
        let items: Vec<Value> = every(ctx.account)
            .filter(|t| {
                let text = |key: &str| t[key].as_str().unwrap_or("").to_owned();
                label.as_ref().is_none_or(|l| text("label").to_lowercase().contains(l))
                    && public.is_none_or(|p| t["public"] == p)
                    && EXACT.iter().all(|key| {
                        filter(&q, key).is_none_or(|v| text(key).eq_ignore_ascii_case(v))
                    })
            })
            .collect();
        Ok(reply(StatusCode::OK, Value::Array(items)))
    })
}

/// GET /account/:id/template/:template
pub async fn show(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let id: u64 = id.parse().map_err(|_| not_found("Template"))?;
        match (catalogue::template(id), ctx.account.templates.get(&id)) {
            (Some(t), _) => Ok(reply(StatusCode::OK, catalogue_json(t))),
            (None, Some(t)) => Ok(reply(StatusCode::OK, t.to_json())),
            (None, None) => Err(not_found("Template")),
        }
    })
}

/// One of the account's own templates; the catalogue's are 403: they are
/// the provider's to change.
fn own<'a>(account: &'a mut Account, id: &str) -> Result<&'a mut OwnTemplate, Response> {
    let id: u64 = id.parse().map_err(|_| not_found("Template"))?;
    if catalogue::template(id).is_some() {
        return Err(error(
            StatusCode::FORBIDDEN,
            "This template is the provider's, not yours: only your own can be changed",
        ));
    }
    account.templates.get_mut(&id).ok_or_else(|| not_found("Template"))
}

/// PUT /account/:id/template/:template — `label`; 200 with the template.
pub async fn update(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "template")?;
    let label = f.checked_text("label", rules::label);
    if label.is_none() && !f.errors.0.contains_key("label") {
        f.errors.add("label", "can't be blank");
    }
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let template = own(ctx.account, &id)?;
        if let Some(label) = label {
            template.label = label;
        }
        Ok(reply(StatusCode::OK, template.to_json()))
    })
}

/// DELETE /account/:id/template/:template — 202; refused while a VM of the
/// account is built from it. It is gone at once: the provider's queued work
/// only frees the space it took.
pub async fn delete(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|ctx| {
        let template_id = own(ctx.account, &id)?.id;
        let user = ctx.account.vms.values().find(|vm| vm.template_id == Some(template_id));
        if let Some(vm) = user {
            return Err(error(
                StatusCode::UNPROCESSABLE_ENTITY,
                &format!("The template is in use by {}", vm.label),
            ));
        }
        ctx.account.templates.remove(&template_id);
        Ok(empty(StatusCode::ACCEPTED))
    })
}

/// POST /account/:id/template/:template/clone — `user_id`, `location_id`;
/// 202 with the copy, pending until the work ends. Only an active template
/// can be copied.
pub async fn clone(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "template")?;
    let user_id = f.uint("user_id");
    let location_id = f.uint("location_id");
    for (key, value) in [("user_id", user_id), ("location_id", location_id)] {
        if value.is_none() && !f.errors.0.contains_key(key) {
            f.errors.add(key, "can't be blank");
        }
    }
    if location_id.is_some_and(|l| !catalogue::LOCATIONS.contains(&l)) {
        f.errors.add("location_id", "is not a location");
    }
    all_valid(&mut f)?;
    auth.with(|ctx| {
        let source: u64 = id.parse().map_err(|_| not_found("Template"))?;
        let (label, size) = match (catalogue::template(source), ctx.account.templates.get(&source))
        {
            (Some(t), _) => (t.label.to_owned(), t.size),
            (None, Some(t)) => (t.label.clone(), t.size),
            (None, None) => return Err(not_found("Template")),
        };
        let system = usable(ctx.account, source).map_err(|_| {
            error(StatusCode::UNPROCESSABLE_ENTITY, "Only an active template can be copied")
        })?;
        let ready_at = ctx.now + ctx.op_time;
        let mut copy = OwnTemplate::pending(
            ctx.ids.template(),
            label,
            size,
            system,
            timestamp_now(),
            ready_at,
        );
        copy.clone_id = Some(source);
        let body = copy.to_json();
        ctx.account.templates.insert(copy.id, copy);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}
