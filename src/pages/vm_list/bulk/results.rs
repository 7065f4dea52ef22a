//! The results of the last bulk action, VM by VM, as its requests go.

use super::Runner;
use leptos::prelude::*;
use vmdeck_core::i18n::{integer, shell as t};
use vmdeck_core::vm::bulk::ItemResult;

/// The results of the last bulk action, VM by VM.
#[component]
pub(super) fn Results(runner: Runner) -> impl IntoView {
    let running = runner.actions.running;
    move || {
        runner.action.get().filter(|_| runner.items.with(|i| !i.is_empty())).map(|action| view! {
        <div class="notice notice-info bulk-results" id="bulk-results">
            <p class="notice-title" role="status">{move || {
                let (done, refused, total) = runner.items.with(|items| (
                    items.iter().filter(|i| i.result == ItemResult::Done).count(),
                    items.iter().filter(|i| matches!(i.result, ItemResult::Refused(_))).count(),
                    items.len(),
                ));
                if running.get() {
                    vmdeck_core::tf!(t::BULK_SENT, action = action.label(), n = integer((done + refused) as i64), total = integer(total as i64))
                } else {
                    vmdeck_core::tf!(t::BULK_RESULT, action = action.label(), done = integer(done as i64), refused = integer(refused as i64))
                }
            }}</p>
            <ul>
                {move || runner.items.get().into_iter().map(|item| {
                    let (class, text) = match &item.result {
                        ItemResult::Waiting => ("bulk-waiting", vmdeck_core::i18n::common::WAITING.get().to_owned()),
                        ItemResult::Sending => ("bulk-sending", t::BULK_SENDING.get().to_owned()),
                        ItemResult::Done => ("bulk-done", t::BULK_ACCEPTED.get().to_owned()),
                        ItemResult::Refused(why) => ("bulk-refused", vmdeck_core::tf!(t::BULK_REFUSED, why = why)),
                        ItemResult::Protected => ("bulk-protected", t::BULK_PROTECTED.get().to_owned()),
                    };
                    view! { <li class=class data-vm=item.id.clone()><strong>{item.name}</strong>" — "{text}</li> }
                }).collect_view()}
            </ul>
            <button type="button" class="button button-quiet button-small" id="bulk-dismiss" disabled=move || running.get() on:click=move |_| runner.items.set(Vec::new())>{t::SHELL_DISMISS.get()}</button>
        </div>
    })
    }
}
