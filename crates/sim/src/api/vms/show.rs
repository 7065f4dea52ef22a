//! GET /account/:id/virtual_machine/:vm: one VM.

use crate::api::{reply, Answer, Authed};
use axum::extract::Path;
use axum::http::StatusCode;

/// GET /account/:id/virtual_machine/:vm
pub async fn show(auth: Authed, Path((_, vm)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let vm = ctx.vm(&vm)?.clone();
        Ok(reply(StatusCode::OK, ctx.vm_json(&vm)))
    })
}
