//! The list's view read page by page: for an export, and for a tag, which
//! the API cannot filter by. A tag's VMs are read one by one when they are
//! few (several at once, `api::at_most`), else the view is read until they
//! are all found (so is a view known to be small:
//! `vm::tag_read::tag_reads`); read, they serve the view's other orders and
//! pages for a while (`vm::tag_read`).

use crate::api::vms::list_vms;
use crate::api::{at_most, Api, ApiResult, READS_AT_ONCE};
use crate::hooks::REFOCUS_AFTER_MS;
use futures::stream::TryStreamExt;
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::validate::is_id;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::tag_read::{is_tagged, tag_reads, TagRead, TagReads, ViewSize};
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
pub async fn each_page(
    api: &Api,
    query: &VmQuery,
    per_page: u64,
    mut take: impl FnMut(Vec<Vm>, Option<u64>, usize) -> bool,
) -> ApiResult<()> {
    let mut offset = 0;
    for _ in 0..MAX_PAGES {
        let page =
            list_vms(api, &VmQuery { offset, limit: per_page, tag: None, ..query.clone() }).await?;
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
/// it: cut from the tag's VMs as `last` read them when only the order or
/// page changed since and they are still fresh (no older than the data
/// hook's refocus, no write sent since: `last_sent_at`), else read again,
/// as `size` (the view's last known size, which a read of the view renews)
/// makes cheapest.
pub async fn tagged_page(
    api: &Api,
    query: &VmQuery,
    tagged: BTreeSet<String>,
    last: StoredValue<Option<TagRead>, LocalStorage>,
    size: StoredValue<Option<ViewSize>, LocalStorage>,
    last_sent_at: Option<f64>,
) -> ApiResult<Page<Vm>> {
    let asked_at = js_sys::Date::now();
    let kept = last.try_update_value(|read| {
        read.as_mut().and_then(|read| {
            read.page_for(query, &tagged, asked_at, REFOCUS_AFTER_MS, last_sent_at)
        })
    });
    if let Some(page) = kept.flatten() {
        return Ok(page);
    }
    let known = size.try_with_value(|size| size.as_ref().and_then(|size| size.of(query))).flatten();
    let (vms, skipped, total) = read_tagged(api, query, &tagged, known).await?;
    if let Some(total) = total {
        size.try_set_value(Some(ViewSize::new(query, total)));
    }
    let mut read = TagRead::new(query, tagged, vms, skipped, asked_at);
    let page = read.page(query);
    last.try_set_value(Some(read));
    Ok(page)
}

/// Every VM of the view that has a tag, how many answers could not be
/// read, and the view's size when the view itself was read. A few are
/// read one by one with the view's filters; more, a view that already
/// names one VM, or a view of `view_size` VMs small enough for one request,
/// are found by reading the view until every one of them is found, or to
/// its end.
async fn read_tagged(
    api: &Api,
    query: &VmQuery,
    tagged: &BTreeSet<String>,
    view_size: Option<u64>,
) -> ApiResult<(Vec<Vm>, usize, Option<u64>)> {
    let mut found = Vec::new();
    let mut skipped = 0;
    let mut size = None;
    if tagged.is_empty() {
        return Ok((found, skipped, size));
    }
    match tag_reads(query, tagged.len(), view_size, READS_AT_ONCE) {
        TagReads::ById => {
            let reads = tagged.iter().filter(|id| is_id(id)).map(|id| read_one(api, query, id));
            let pages: Vec<Page<Vm>> = at_most(READS_AT_ONCE, reads).try_collect().await?;
            for page in pages {
                skipped += page.skipped;
                found.extend(page.items);
            }
        }
        TagReads::View => {
            each_page(api, query, TAG_PAGE, |items, total, unread| {
                size = total;
                skipped += unread;
                found.extend(items.into_iter().filter(|vm| is_tagged(vm, tagged)));
                found.len() < tagged.len()
            })
            .await?;
        }
    }
    Ok((found, skipped, size))
}

/// The VM `id` if it is in the view (its filters, not its page or sort).
async fn read_one(api: &Api, query: &VmQuery, id: &str) -> ApiResult<Page<Vm>> {
    let one = VmQuery { offset: 0, limit: 1, sort: None, tag: None, ..query.with_filter("id", id) };
    let mut page = list_vms(api, &one).await?;
    // Only the VM asked for: a service that ignored the filter would answer another.
    page.items.retain(|vm| vm.id.as_deref() == Some(id));
    Ok(page)
}
