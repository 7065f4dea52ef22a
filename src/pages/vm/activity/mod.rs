//! The VM's Activity tab: what this browser sent about this VM, from the
//! account's history.

use super::use_vm;
use crate::components::ActivityLog;
use leptos::prelude::*;

#[component]
pub fn ActivityTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    view! {
        <section class="panel">
            <h2>"Activity"</h2>
            <p class="muted small">"What was done to this VM from this browser, newest first. Other browsers and the provider's own work are not seen here."</p>
            <ActivityLog vm=ctx.id id="vm-activity"/>
        </section>
    }
    .into_any()
}
