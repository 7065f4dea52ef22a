//! POST …/virtual_machine/:vm/template: a template made from a VM.

use super::operation;
use crate::api::{all_valid, form, reply, Answer, Authed};
use crate::records::{Effect, OwnTemplate};
use crate::rules;
use crate::store::timestamp_now;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;

/// POST .../template — 202 with the template being made: one of the
/// account's own, pending while the VM is busy with it, then active.
pub async fn template(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "template")?;
    let label = f.checked_text("label", rules::label);
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        let accepted = operation(&mut ctx, &id, |_| Ok(Effect::Nothing))?;
        let Some(vm) = id.parse().ok().and_then(|id: u64| ctx.account.vms.get(&id)) else {
            return Ok(accepted);
        };
        let system = vm
            .template_id
            .and_then(|t| ctx.account.template_system(t))
            .map(|(system, _)| system)
            .unwrap_or_default();
        let ready_at = vm.op.as_ref().map_or(ctx.now + ctx.op_time, |op| op.until);
        let mut template = OwnTemplate::pending(
            ctx.ids.template(),
            label.clone().unwrap_or_else(|| format!("{} template", vm.label)),
            vm.primary_disk_size(),
            system,
            timestamp_now(),
            ready_at,
        );
        template.virtual_machine_id = Some(vm.id);
        let body = template.to_json();
        ctx.account.templates.insert(template.id, template);
        Ok(reply(StatusCode::ACCEPTED, body))
    })
}
