//! Exporting the list: every VM of the current filters and sort, read page
//! by page with the progress shown, as CSV or JSON.

use crate::api::vms::list_vms;
use crate::api::Api;
use crate::components::{ErrorView, Export};
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use vmdeck_core::export;
use vmdeck_core::vm_query::VmQuery;
use vmdeck_core::ApiError;

/// VMs per request while exporting.
const EXPORT_PAGE: u64 = 100;

#[component]
pub fn ExportList(query: Memo<VmQuery>) -> impl IntoView {
    let session = use_session();
    let progress = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<ApiError>);
    let run = move |json: bool| {
        // One export at a time: a second click while one runs does nothing.
        if progress.with_untracked(Option::is_some) {
            return;
        }
        problem.set(None);
        progress.set(Some("Exporting…".to_owned()));
        let base = query.get_untracked();
        spawn_local(async move {
            let mut all = Vec::new();
            let mut offset = 0;
            let result = loop {
                let page_query = base.with_limit(EXPORT_PAGE).at_offset(offset);
                match Api::call(session, move |api| async move { list_vms(&api, &page_query).await }).await {
                    Ok(page) => {
                        let more = page.has_next() && !page.items.is_empty();
                        all.extend(page.items);
                        let of = page.total.map(|t| format!(" of {t}")).unwrap_or_default();
                        progress.try_set(Some(format!("Exporting… {}{of}", all.len())));
                        if !more {
                            break Ok(());
                        }
                        offset += EXPORT_PAGE;
                    }
                    Err(e) => break Err(e),
                }
            };
            progress.try_set(None);
            match result {
                Ok(()) => {
                    if let Err(message) = Export::of(&export::vms(&all), all.iter().map(|vm| &vm.raw)).save("virtual-machines", json) {
                        problem.try_set(Some(ApiError::Invalid(message)));
                    }
                }
                Err(e) => {
                    problem.try_set(Some(e));
                }
            }
        });
    };
    let busy = move || progress.with(Option::is_some);
    view! {
        <span class="export-buttons" aria-busy=move || busy().to_string()>
            <button type="button" class="button button-small" id="vms-export-csv" disabled=busy on:click=move |_| run(false)>"Export CSV"</button>
            <button type="button" class="button button-small" id="vms-export-json" disabled=busy on:click=move |_| run(true)>"Export JSON"</button>
            <span class="muted small" id="vms-export-progress" role="status">{move || progress.get()}</span>
        </span>
        {move || problem.get().map(|e| view! { <ErrorView error=e doing="Exporting the virtual machines"/> })}
    }
}
