//! DELETE /account/:id/virtual_machine/:vm.

use crate::api::{empty, Answer, Authed};
use crate::records::Effect;
use axum::extract::Path;
use axum::http::StatusCode;

/// DELETE /account/:id/virtual_machine/:vm — 202; the VM goes when the work ends.
pub async fn destroy(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let mut vm = ctx.idle_vm(&id)?.clone();
        ctx.start_operation(&mut vm, Effect::Destroy);
        ctx.account.vms.insert(vm.id, vm);
        Ok(empty(StatusCode::ACCEPTED))
    })
}
