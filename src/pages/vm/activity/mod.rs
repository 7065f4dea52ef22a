//! The VM's Activity tab: what this browser sent about this VM, from the
//! account's history.

use super::use_vm;
use crate::tasks::activity::ActivityLog;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, vm as t};

#[component]
pub fn ActivityTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    view! {
        <section class="panel">
            <h2>{c::ACTIVITY.get()}</h2>
            <p class="muted small">{t::VM_ACTIVITY_INTRO.get()}</p>
            <ActivityLog vm=ctx.id id="vm-activity"/>
        </section>
    }
    .into_any()
}
