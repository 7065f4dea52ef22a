//! Exporting the list (in the list's actions part): every VM of the current
//! filters and sort, read page by page with the progress shown, as CSV (the
//! list's columns) or JSON (every field).

use super::actions::ListActions;
use super::pages::each_page;
use crate::api::vms::fill_addresses;
use crate::api::Api;
use crate::components::Export;
use crate::marks::tags::TagStore;
use crate::session::Session;
use leptos::prelude::*;
use vmdeck_core::history::export;
use vmdeck_core::i18n::{integer, shell as t};
use vmdeck_core::vm::columns::Column;
use vmdeck_core::vm::tag_read::is_tagged;
use vmdeck_core::ApiError;

/// VMs per request while exporting.
const EXPORT_PAGE: u64 = 100;

/// Reads every page of the list's view (the VMs with its tag, if it has
/// one), then saves the file.
pub async fn export_list(
    session: Session,
    actions: ListActions,
    json: bool,
    include_secrets: bool,
) -> Result<(), ApiError> {
    let base = actions.query.get_untracked();
    let columns = base.shown_columns();
    let with_addresses = columns.list().contains(&Column::Addresses);
    let tagged = actions.tagged.get_untracked();
    let tags = actions.tags.map(TagStore::untracked).unwrap_or_default();
    let all = Api::call(session, move |api| async move {
        let mut all = Vec::new();
        let mut read = 0;
        each_page(&api, &base, EXPORT_PAGE, |items, total, _| {
            read += items.len();
            all.extend(
                items
                    .into_iter()
                    .filter(|vm| tagged.as_ref().is_none_or(|tagged| is_tagged(vm, tagged))),
            );
            let read = integer(read as i64);
            let progress = match total {
                Some(total) => vmdeck_core::tf!(
                    t::LIST_EXPORTING_N_OF,
                    n = read,
                    total = integer(total as i64)
                ),
                None => vmdeck_core::tf!(t::LIST_EXPORTING_N, n = read),
            };
            actions.exporting.try_set(Some(progress));
            true
        })
        .await?;
        if with_addresses {
            fill_addresses(&api, &mut all).await?;
        }
        Ok(all)
    })
    .await?;
    Export::of(&export::vms(&all, &tags, &columns), all.iter().map(|vm| &vm.raw))
        .save("virtual-machines", json, include_secrets)
        .map_err(ApiError::Invalid)
}
