//! The account's virtual machines.

use crate::api::vms::{list_vms, VmListQuery};
use crate::api::Api;
use crate::components::{Loaded, StatusBadge};
use crate::session::use_session;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_query_map;
use vmdeck_core::vm::format_memory;
use vmdeck_core::{Page, Vm};

const DEFAULT_LIMIT: u64 = 50;
const MAX_LIMIT: u64 = 1000;

/// The list window from the URL (`?offset=50&limit=50`); nonsense falls back
/// to the first page of the default size.
fn query_from_url(offset: Option<String>, limit: Option<String>) -> VmListQuery {
    let offset = offset.and_then(|o| o.parse::<u64>().ok()).unwrap_or(0);
    let limit = limit
        .and_then(|l| l.parse::<u64>().ok())
        .filter(|l| (1..=MAX_LIMIT).contains(l))
        .unwrap_or(DEFAULT_LIMIT);
    VmListQuery { offset, limit }
}

fn page_href(offset: u64, limit: u64) -> String {
    format!("/vms?offset={offset}&limit={limit}")
}

#[component]
pub fn VmListPage() -> impl IntoView {
    let session = use_session();
    let url_query = use_query_map();
    let query = Memo::new(move |_| url_query.with(|q| query_from_url(q.get("offset"), q.get("limit"))));
    let vms = LocalResource::new(move || {
        let query = query.get();
        let api = Api::from_session(session);
        async move { list_vms(&api?, &query).await }
    });

    view! {
        <section class="page">
            <header class="page-header">
                <h1>"Virtual machines"</h1>
            </header>
            <Loaded
                resource=vms
                doing="Loading the virtual machines"
                fallback=|| view! { <TableSkeleton/> }
                render=|page| view! { <VmTable page=page/> }
            />
        </section>
    }
}

#[component]
fn VmTable(page: Page<Vm>) -> impl IntoView {
    if page.items.is_empty() && page.offset == 0 {
        return view! {
            <div class="empty-state" id="vm-list-empty">
                <p class="empty-title">"No virtual machines yet"</p>
                <p class="muted">"This account has no virtual machines."</p>
            </div>
        }
        .into_any();
    }
    let range = page.range_label();
    let prev = page.has_previous().then(|| page_href(page.offset.saturating_sub(page.limit), page.limit));
    let next = page.has_next().then(|| page_href(page.offset + page.limit, page.limit));
    let skipped = page.skipped;
    let rows = page.items.into_iter().map(|vm| view! { <VmRow vm=vm/> }).collect_view();
    view! {
        <div class="table-wrap">
            <table class="table" id="vm-table">
                <thead>
                    <tr>
                        <th scope="col">"Name"</th>
                        <th scope="col">"Status"</th>
                        <th scope="col" class="num">"Memory"</th>
                        <th scope="col" class="num">"CPUs"</th>
                        <th scope="col">"Operating system"</th>
                        <th scope="col">"IP addresses"</th>
                        <th scope="col">"Location"</th>
                        <th scope="col">"Type"</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
        {(skipped > 0).then(|| view! {
            <p class="hint">{format!("{skipped} entries of this page could not be read and are not shown.")}</p>
        })}
        <nav class="pager" aria-label="Pages">
            <span class="pager-range" id="vm-list-range">{range}</span>
            {match prev {
                Some(href) => view! { <A href=href attr:class="button" attr:rel="prev">"Previous"</A> }.into_any(),
                None => view! { <span class="button" aria-disabled="true">"Previous"</span> }.into_any(),
            }}
            {match next {
                Some(href) => view! { <A href=href attr:class="button" attr:rel="next">"Next"</A> }.into_any(),
                None => view! { <span class="button" aria-disabled="true">"Next"</span> }.into_any(),
            }}
        </nav>
    }
    .into_any()
}

#[component]
fn VmRow(vm: Vm) -> impl IntoView {
    let dash = || "—".to_owned();
    let name = vm.display_name();
    let hostname = vm.hostname.clone().unwrap_or_default();
    let link = vm.id.as_ref().map(|id| format!("/vms/{id}"));
    let row_id = vm.id.as_ref().map(|id| format!("vm-row-{id}"));
    view! {
        <tr id=row_id>
            <td class="cell-name">
                {match link {
                    Some(href) => view! { <A href=href attr:class="vm-link">{name}</A> }.into_any(),
                    None => view! { <span>{name}</span> }.into_any(),
                }}
                <div class="muted small mono">{hostname}</div>
            </td>
            <td data-label="Status"><StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/></td>
            <td class="num" data-label="Memory">{vm.memory_mb.map(format_memory).unwrap_or_else(dash)}</td>
            <td class="num" data-label="CPUs">{vm.cpus.map(|c| c.to_string()).unwrap_or_else(dash)}</td>
            <td data-label="OS">{vm.os_name().unwrap_or_else(dash)}</td>
            <td class="mono small" data-label="IP">{if vm.ip_addresses.is_empty() { dash() } else { vm.ip_addresses.join(", ") }}</td>
            <td data-label="Location">{vm.location_id.clone().map(|l| format!("Location {l}")).unwrap_or_else(dash)}</td>
            <td data-label="Type">{vm.vm_type.as_ref().map(|t| t.label().to_owned()).unwrap_or_else(dash)}</td>
        </tr>
    }
}

/// Grey bars in the table's place while the first page loads.
#[component]
pub fn TableSkeleton() -> impl IntoView {
    view! {
        <div class="table-skeleton" aria-busy="true" aria-label="Loading">
            {(0..6).map(|_| view! { <div class="skeleton skeleton-row"></div> }).collect_view()}
        </div>
    }
}
