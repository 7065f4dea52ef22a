//! Exporting the list (in the list's actions part): every VM of the current
//! filters and sort, read page by page with the progress shown, as CSV or
//! JSON.

use super::actions::ListActions;
use crate::api::vms::list_vms;
use crate::api::Api;
use crate::components::Export;
use crate::session::Session;
use leptos::prelude::*;
use vmdeck_core::history::export;
use vmdeck_core::i18n::{integer, shell as t};
use vmdeck_core::ApiError;

/// VMs per request while exporting.
const EXPORT_PAGE: u64 = 100;

/// Reads every page of the list's view, then saves the file.
pub async fn export_list(session: Session, actions: ListActions, json: bool, include_secrets: bool) -> Result<(), ApiError> {
    let base = actions.query.get_untracked();
    let mut all = Vec::new();
    let mut offset = 0;
    loop {
        let page_query = base.clone().with_limit(EXPORT_PAGE).at_offset(offset);
        let page = Api::call(session, move |api| async move { list_vms(&api, &page_query).await }).await?;
        let more = page.has_next() && !page.items.is_empty();
        all.extend(page.items);
        let read = integer(all.len() as i64);
        let progress = match page.total {
            Some(total) => vmdeck_core::tf!(t::LIST_EXPORTING_N_OF, n = read, total = integer(total as i64)),
            None => vmdeck_core::tf!(t::LIST_EXPORTING_N, n = read),
        };
        actions.exporting.try_set(Some(progress));
        if !more {
            break;
        }
        offset += EXPORT_PAGE;
    }
    Export::of(&export::vms(&all), all.iter().map(|vm| &vm.raw)).save("virtual-machines", json, include_secrets).map_err(ApiError::Invalid)
}
