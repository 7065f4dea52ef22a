//! The account's virtual machines: search, filters, sort and paging, all of
//! it in the URL, and busy VMs refreshed until they are free.

mod actions;
pub mod bulk;
mod columns;
mod export;
mod grouped;
mod pager;
mod pages;
mod pinned;
mod row;
mod since;
mod table;
mod toolbar;
mod transfer;
mod views;

use crate::api::vms::{fill_addresses, list_vms};
use crate::components::{ErrorView, Freshness};
use crate::hooks::{use_data_with_options, UseDataOptions};
use crate::marks::tags::use_tags;
use crate::shell::title::use_vm_count_in_title;
use crate::storage::kept::Kept;
use crate::storage::keys;
use crate::tasks::use_tasks;
use actions::{use_list_actions, BulkBar, ExportListButtons};
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use pager::Pager;
use since::SinceLastVisit;
use table::{EmptyList, TableSkeleton, VmTable};
use toolbar::Toolbar;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::route::href;
use vmdeck_core::vm::columns::{Column, Columns};
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::tag_read::ViewSize;
use vmdeck_core::{Page, Vm};

/// One row of the table. Its VM is a signal of its own, so that a change
/// to one VM redraws one row.
#[derive(Clone)]
struct Row {
    key: String,
    vm: ArcRwSignal<Vm>,
}

/// Puts a new page into the rows: rows of the same VMs in the same order
/// keep their signals and are only told what changed. True when the list of
/// rows itself was replaced.
fn reconcile(rows: RwSignal<Vec<Row>>, items: &[Vm]) -> bool {
    let key = |vm: &Vm, i: usize| vm.id.clone().unwrap_or_else(|| format!("row-{i}"));
    let update = |row: &Row, vm: &Vm| {
        if row.vm.with_untracked(|old| old != vm) {
            row.vm.set(vm.clone());
        }
    };
    let same_rows = rows.with_untracked(|rows| {
        rows.len() == items.len()
            && rows.iter().zip(items).enumerate().all(|(i, (row, vm))| row.key == key(vm, i))
    });
    if same_rows {
        rows.with_untracked(|rows| rows.iter().zip(items).for_each(|(row, vm)| update(row, vm)));
        return false;
    }
    let existing = rows.get_untracked();
    let next = items
        .iter()
        .enumerate()
        .map(|(i, vm)| {
            let key = key(vm, i);
            match existing.iter().find(|row| row.key == key) {
                Some(row) => {
                    update(row, vm);
                    row.clone()
                }
                None => Row { key, vm: ArcRwSignal::new(vm.clone()) },
            }
        })
        .collect();
    rows.set(next);
    true
}

#[component]
pub fn VmListPage() -> impl IntoView {
    let navigate = StoredValue::new_local(use_navigate());
    let url = use_query_map();
    // The columns remembered for the account show where the URL names none.
    let remembered = Kept::<Columns>::new(keys::columns);
    let query = Memo::new(move |_| {
        remembered.with(|columns| {
            url.with(|q| VmQuery::from_params(|k| q.get_str(k))).or_columns(columns)
        })
    });
    let columns = Memo::new(move |_| query.with(VmQuery::shown_columns));
    // Grouping and columns change what is drawn, not what is read.
    let read = Memo::new(move |_| query.with(VmQuery::read_part));
    let go = Callback::new(move |next: VmQuery| {
        navigate.with_value(|nav| nav(&next.href(), NavigateOptions::default()))
    });

    let tags = use_tags();
    // The VMs with the view's tag: the API cannot filter by one.
    let tagged = Memo::new(move |_| {
        read.with(|q| q.tag.clone())
            .map(|tag| tags.map(|store| store.vms_with(&tag)).unwrap_or_default())
    });
    // The tag's VMs as last read: the view's other orders and pages are cut
    // from them. A view without the tag lets them go: back to the tag, they
    // are read again.
    let tag_read = StoredValue::new_local(None);
    // How many VMs the view held when last read without a tag: a small
    // view gives its tag's VMs in one request rather than one per VM.
    let view_size = StoredValue::new_local(None);
    let tasks = use_tasks();
    // The documented VM does not list its addresses: with their column
    // shown, the page's are read from the account's (two reads a page).
    let addresses_shown =
        Memo::new(move |_| columns.with(|c| c.list().contains(&Column::Addresses)));
    let list = use_data_with_options(
        move || (read.get(), tagged.get(), addresses_shown.get()),
        move |api, (query, tagged, addresses)| async move {
            let mut page = match tagged {
                Some(tagged) => {
                    pages::tagged_page(
                        &api,
                        &query,
                        tagged,
                        tag_read,
                        view_size,
                        tasks.last_sent_at(),
                    )
                    .await?
                }
                None => {
                    tag_read.try_set_value(None);
                    let page = list_vms(&api, &query).await?;
                    if let Some(total) = page.total {
                        view_size.try_set_value(Some(ViewSize::new(&query, total)));
                    }
                    page
                }
            };
            if addresses {
                fill_addresses(&api, &mut page.items).await?;
            }
            Ok(page)
        },
        UseDataOptions::default().poll_while(move |page: &Page<Vm>| {
            page.items
                .iter()
                .any(|vm| vm.locked || vm.id.as_deref().is_some_and(|id| tasks.running_on(id)))
        }),
    );
    // The panel's own work on a VM shown here was seen to end (by the task
    // tray, maybe between two reads of the list): read the list again.
    let working = Memo::new(move |_| {
        list.data.with(|page| {
            page.as_ref().is_some_and(|p| {
                p.items.iter().any(|vm| vm.id.as_deref().is_some_and(|id| tasks.running_on(id)))
            })
        })
    });
    Effect::new(move |before: Option<bool>| {
        let now = working.get();
        if before == Some(true) && !now {
            list.refresh();
        }
        now
    });
    use_vm_count_in_title(move || list.data.with(|page| page.as_ref().and_then(|page| page.total)));
    let rows = RwSignal::new(Vec::<Row>::new());
    Effect::new(move || {
        list.data.with(|page| {
            if let Some(page) = page {
                if !reconcile(rows, &page.items) {
                    // The same rows: the table is up to date now (the table marks a new set itself).
                    crate::start::perf::mark(crate::start::perf::VM_TABLE_RENDERED);
                }
            }
        })
    });
    // The rows on screen are of another view than the URL's: a new one is on its way.
    let loading = Memo::new(move |_| {
        list.stale.get() && list.data.with(Option::is_some) && list.error.with(Option::is_none)
    });
    let layout = Memo::new(move |_| (list.data.with(Option::is_some), rows.with(Vec::is_empty)));
    let transfer = transfer::ListTransfer::provide(list.data, columns);
    let retry = Callback::new(move |()| {
        list.refresh();
        transfer.refresh();
    });
    let actions = use_list_actions(list, query, tagged, &bulk::LIST_ACTIONS);
    let page_ids = Memo::new(move |_| {
        rows.with(|rows| {
            rows.iter().filter_map(|r| r.vm.with_untracked(|vm| vm.id.clone())).collect::<Vec<_>>()
        })
    });

    view! {
        <section class="page">
            <header class="page-header">
                <div class="title-with-count">
                    <h1>{c::VIRTUAL_MACHINES.get()}</h1>
                    {move || list.data.with(|p| p.as_ref().and_then(|p| p.total)).map(|total| view! {
                        <span class="count" id="vm-total" title=t::LIST_IN_THIS_VIEW.get()>{vmdeck_core::i18n::integer(total as i64)}</span>
                    })}
                </div>
                <div class="page-actions">
                    <Freshness updated_at=list.updated_at loading=list.loading on_refresh=retry/>
                    <A href=href::new_vm() attr:class="button button-primary" attr:id="create-vm">{c::CREATE_VM.get()}</A>
                </div>
            </header>
            <SinceLastVisit list=list query=query/>
            <pinned::PinnedVms query=query/>
            <Toolbar query=query go=go columns=columns remembered=remembered/>
            {move || list.error.get().map(|e| view! {
                <ErrorView error=e doing=t::LIST_LOADING.get() on_retry=retry/>
            })}
            <BulkBar actions=actions page_ids=page_ids/>
            <div class="list-body" class:is-loading=loading aria-busy=move || loading.get().to_string()>
                {move || {
                    // Only the kind of content decides what is drawn here: new data
                    // for the same kind updates rows in place instead of redrawing.
                    let (loaded, empty) = layout.get();
                    match (loaded, empty) {
                        (false, _) if list.error.with(Option::is_none) => view! { <TableSkeleton/> }.into_any(),
                        (false, _) => ().into_any(),
                        // The pager comes with the rows, in the same frame: shown
                        // before them, it would jump down when they arrive.
                        (true, true) => view! { <EmptyList query=query go=go/><Pager page=list.data query=query go=go/> }.into_any(),
                        (true, false) => view! { <VmTable rows=rows query=query columns=columns go=go actions=actions page_ids=page_ids/><Pager page=list.data query=query go=go/> }.into_any(),
                    }
                }}
            </div>
            // After the table: a keyboard user reaches the VMs before the whole view's export.
            <div class="list-export"><ExportListButtons actions=actions/></div>
        </section>
    }
}
