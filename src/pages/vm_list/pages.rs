//! The list's view read page by page: for an export, and for a tag, which
//! the API cannot filter by (the panel reads the view and keeps the VMs
//! with the tag).

use crate::api::vms::list_vms;
use crate::api::{Api, ApiResult};
use std::collections::BTreeSet;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::tags::{is_tagged, page_of_tagged};
use vmdeck_core::{Page, Vm};

/// VMs per request when the list is read for a tag: the most the list
/// offers, so that most accounts take one request.
const TAG_PAGE: u64 = 1000;
/// A service that always says there is more is not followed past this.
const MAX_PAGES: usize = 10_000;

/// One page of the view's VMs: read page by page, `per_page` each, from
/// the first; each page's VMs go to `take` with the total the service
/// gave and the count it could not read. Stops at the end of the list or
/// when `take` answers false. The view's tag is not the API's: it is left
/// to `take`.
pub async fn each_page(api: &Api, query: &VmQuery, per_page: u64, mut take: impl FnMut(Vec<Vm>, Option<u64>, usize) -> bool) -> ApiResult<()> {
    let mut offset = 0;
    for _ in 0..MAX_PAGES {
        let page = list_vms(api, &VmQuery { offset, limit: per_page, tag: None, ..query.clone() }).await?;
        let read = page.items.len() as u64;
        let more = page.has_next() && read > 0;
        if !take(page.items, page.total, page.skipped) || !more {
            break;
        }
        offset += read;
    }
    Ok(())
}

/// The page of the view's VMs that have a tag, `tagged` being the VMs with
/// it: the view is read until every one of them is found, or to its end.
pub async fn list_tagged(api: &Api, query: &VmQuery, tagged: &BTreeSet<String>) -> ApiResult<Page<Vm>> {
    let mut found = Vec::new();
    let mut skipped = 0;
    if !tagged.is_empty() {
        each_page(api, query, TAG_PAGE, |items, _, unread| {
            skipped += unread;
            found.extend(items.into_iter().filter(|vm| is_tagged(vm, tagged)));
            found.len() < tagged.len()
        })
        .await?;
    }
    Ok(page_of_tagged(found, tagged, query.offset, query.limit, skipped))
}
