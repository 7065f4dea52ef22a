//! The operations a VM is sent on paths of their own: POST …/reset_password,
//! …/reboot, …/rebuild_network and …/apply_firewall_rules.

use super::operation;
use crate::api::{all_valid, error, form, Answer, Authed};
use crate::records::Effect;
use crate::rng::Rng;
use crate::seed;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::StatusCode;

/// POST .../reset_password — 202; a new root password is set.
pub async fn reset_password(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| {
        let password = seed::password(&mut Rng::new(
            ctx.ids.join ^ ctx.now.elapsed().as_nanos() as u64 ^ 0x5EED,
        ));
        operation(&mut ctx, &id, |_| Ok(Effect::NewPassword(password)))
    })
}

/// POST .../reboot — 202; only a running VM can be rebooted.
pub async fn reboot(auth: Authed, Path((_, id)): Path<(String, String)>, body: Bytes) -> Answer {
    let mut f = form(&body, "virtual_machine")?;
    let _force = f.flag("force"); // applies to one kind of provider only
    all_valid(&mut f)?;
    auth.with(|mut ctx| {
        operation(&mut ctx, &id, |vm| {
            if vm.status == "online" || vm.status == "recovery" {
                Ok(Effect::Status("online"))
            } else {
                Err(error(StatusCode::UNPROCESSABLE_ENTITY, "The virtual machine is not running"))
            }
        })
    })
}

/// POST .../rebuild_network — 202.
pub async fn rebuild_network(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| operation(&mut ctx, &id, |_| Ok(Effect::Nothing)))
}

/// POST .../apply_firewall_rules — 202.
pub async fn apply_firewall_rules(auth: Authed, Path((_, id)): Path<(String, String)>) -> Answer {
    auth.with(|mut ctx| operation(&mut ctx, &id, |_| Ok(Effect::Nothing)))
}
