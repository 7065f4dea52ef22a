//! POST …/virtual_machine/:vm/template: a template made from a VM.

use super::operation;
use crate::api::{all_valid, form, reply, Answer, Authed};
use crate::records::Effect;
use crate::rules;
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;
use serde_json::json;

/// POST .../template — 202 with the template being made.
pub async fn template(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "template")?;
    let label = f.checked_text("label", rules::label);
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        let accepted = operation(&mut ctx, &id, |_| Ok(Effect::Nothing))?;
        let Some(vm) = id.parse().ok().and_then(|id: u64| ctx.account.vms.get(&id)) else {
            return Ok(accepted);
        };
        let template_id = 100 + ctx.ids.snapshot();
        Ok(reply(
            StatusCode::ACCEPTED,
            json!({
                "id": template_id.to_string(),
                "label": label.clone().unwrap_or_else(|| format!("{} template", vm.label)),
                "virtual_machine_id": vm.id.to_string(),
                "operating_system": vm.template().map(|t| t.os),
                "operating_system_distro": vm.template().map(|t| t.distro),
                "state": "pending",
                "created_at": timestamp_now(),
            }),
        ))
    })
}
