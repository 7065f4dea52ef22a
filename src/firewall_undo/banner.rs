//! The banner of a firewall change with undo, on every page: the time left
//! with "Keep the change" and "Undo now", the restore under way, what is
//! left after a failure, and that it is done.

use super::{use_firewall_undo, Phase};
use crate::components::ErrorView;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, firewall as t};

#[component]
pub fn UndoBanner() -> impl IntoView {
    let undo = use_firewall_undo();
    let vm = move || undo.pending.with(|p| p.as_ref().map(|p| p.vm_name.clone())).unwrap_or_default();
    // Minutes and seconds, as a countdown is read.
    let left = move || {
        let seconds = undo.pending.with(|p| p.as_ref().map(|p| p.until.saturating_sub(undo.now.get()).div_ceil(1000))).unwrap_or_default();
        format!("{}:{:02}", seconds / 60, seconds % 60)
    };
    view! {
        {move || match undo.phase.get() {
            Phase::Restored => undo.restored_vm.get().map(|name| view! {
                <div class="notice notice-info undo-bar" role="status" id="undo-bar">
                    <p id="undo-restored">{vmdeck_core::tf!(t::FW_UNDO_DONE, vm = name)}</p>
                    <button type="button" class="button" id="undo-dismiss" on:click=move |_| undo.restored_vm.set(None)>{c::CLOSE.get()}</button>
                </div>
            }.into_any()),
            _ if !undo.busy() => None,
            Phase::Counting => Some(view! {
                <div class="notice notice-warning undo-bar" role="status" id="undo-bar">
                    <p id="undo-countdown" aria-live="off">{move || vmdeck_core::tf!(t::FW_UNDO_COUNTING, vm = vm(), time = left())}</p>
                    <div class="undo-actions">
                        <button type="button" class="button button-primary" id="undo-keep" on:click=move |_| undo.keep()>{t::FW_UNDO_KEEP.get()}</button>
                        <button type="button" class="button" id="undo-now" on:click=move |_| undo.restore()>{t::FW_UNDO_NOW.get()}</button>
                    </div>
                </div>
            }.into_any()),
            Phase::Waiting | Phase::Restoring => Some(view! {
                <div class="notice notice-info undo-bar" role="status" id="undo-bar">
                    <p id="undo-restoring">{move || vmdeck_core::tf!(t::FW_UNDO_RESTORING, vm = vm())}</p>
                </div>
            }.into_any()),
            Phase::Failed { error, left, .. } => Some(view! {
                <div class="undo-bar undo-failed" id="undo-bar">
                    <ErrorView error=error doing=vmdeck_core::tf!(t::FW_UNDO_FAILED, vm = vm()) on_retry=Callback::new(move |()| undo.restore())/>
                    <p>{vmdeck_core::tf!(t::FW_UNDO_LEFT, seconds = super::RETRY_MS / 1000)}</p>
                    <ul id="undo-left">{left.into_iter().map(|step| view! { <li class="mono">{step}</li> }).collect_view()}</ul>
                </div>
            }.into_any()),
        }}
    }
}
