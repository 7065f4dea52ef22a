//! The account's virtual machines: search, filters, sort and paging, all of
//! it in the URL, and busy VMs refreshed until they are free.

use crate::api::vms::list_vms;
use crate::api::Api;
use crate::components::{EmptyState, ErrorView, StatusBadge};
use crate::deploy::use_deploy;
use crate::hooks::{use_poll, BUSY_POLL_MS};
use crate::session::use_session;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use vmdeck_core::vm::format_memory;
use vmdeck_core::vm_query::{search_field, Order, VmQuery, PAGE_SIZES, SORT_FIELDS};
use vmdeck_core::{ApiError, Page, Vm};

/// While typing, at most one search per this many milliseconds: a key after
/// a pause is searched for at once, and the text typed since the last search
/// goes out when the interval is up, so the table is never more than this
/// behind the keyboard.
const SEARCH_INTERVAL_MS: u32 = 100;
/// Searches this close together are one search being typed: they replace
/// each other in the browser's history instead of adding an entry per key.
const SEARCH_TYPING_MS: f64 = 1_500.0;

/// One row of the table. Its VM is a signal of its own, so that a change
/// to one VM redraws one row.
#[derive(Clone)]
struct Row {
    key: String,
    vm: ArcRwSignal<Vm>,
}

/// What the table shows besides its rows: the view it came from and the paging.
#[derive(Clone, PartialEq)]
struct Shown {
    query: VmQuery,
    total: Option<u64>,
    range: String,
    has_previous: bool,
    has_next: bool,
    skipped: usize,
}

/// Puts a new page into the rows: rows of the same VMs in the same order
/// keep their signals and are only told what changed. True when the list of
/// rows itself was replaced.
fn reconcile(rows: RwSignal<Vec<Row>>, items: Vec<Vm>) -> bool {
    let key = |vm: &Vm, i: usize| vm.id.clone().unwrap_or_else(|| format!("row-{i}"));
    let same_rows = rows.with_untracked(|rows| {
        rows.len() == items.len() && rows.iter().zip(&items).enumerate().all(|(i, (row, vm))| row.key == key(vm, i))
    });
    if same_rows {
        rows.with_untracked(|rows| {
            for (row, vm) in rows.iter().zip(items) {
                if row.vm.with_untracked(|old| *old != vm) {
                    row.vm.set(vm);
                }
            }
        });
        false
    } else {
        let existing = rows.get_untracked();
        let next = items
            .into_iter()
            .enumerate()
            .map(|(i, vm)| {
                let key = key(&vm, i);
                match existing.iter().find(|row| row.key == key) {
                    Some(row) => {
                        if row.vm.with_untracked(|old| *old != vm) {
                            row.vm.set(vm);
                        }
                        row.clone()
                    }
                    None => Row { key, vm: ArcRwSignal::new(vm) },
                }
            })
            .collect();
        rows.set(next);
        true
    }
}

#[component]
pub fn VmListPage() -> impl IntoView {
    let session = use_session();
    let navigate = StoredValue::new_local(use_navigate());
    let url = use_query_map();
    let query = Memo::new(move |_| url.with(|q| VmQuery::from_params(|k| q.get_str(k))));
    let go = Callback::new(move |next: VmQuery| navigate.with_value(|nav| nav(&next.href(), NavigateOptions::default())));

    let result = LocalResource::new(move || {
        let query = query.get();
        let api = Api::from_session(session);
        async move {
            let page = match api {
                Ok(api) => list_vms(&api, &query).await,
                Err(e) => Err(e),
            };
            (query, page)
        }
    });

    let rows = RwSignal::new(Vec::<Row>::new());
    let shown = RwSignal::new(None::<Shown>);
    let error = RwSignal::new(None::<ApiError>);
    Effect::new(move || match result.get() {
        None => {}
        Some((query, Ok(page))) => {
            let Page { items, .. } = &page;
            let meta = Shown {
                total: page.total,
                range: page.range_label(),
                has_previous: page.has_previous(),
                has_next: page.has_next(),
                skipped: page.skipped,
                query,
            };
            if !reconcile(rows, items.clone()) {
                // The same rows: the table is up to date now (the table marks a new set itself).
                crate::perf::mark(crate::perf::VM_TABLE_RENDERED);
            }
            shown.set(Some(meta));
            error.set(None);
        }
        Some((_, Err(e))) => error.set(Some(e)),
    });
    // The rows on screen are of another view than the URL's: a new one is on its way.
    let loading = Memo::new(move |_| shown.with(|s| s.as_ref().is_none_or(|s| s.query != query.get())) && error.with(Option::is_none));

    let layout = Memo::new(move |_| (shown.with(Option::is_some), rows.with(Vec::is_empty)));
    let busy = Memo::new(move |_| rows.with(|rows| rows.iter().any(|row| row.vm.with(|vm| vm.locked))));
    use_poll(busy, BUSY_POLL_MS, move || result.refetch());
    let retry = Callback::new(move |()| result.refetch());

    view! {
        <section class="page">
            <header class="page-header">
                <div class="title-with-count">
                    <h1>"Virtual machines"</h1>
                    {move || shown.with(|s| s.as_ref().and_then(|s| s.total)).map(|total| view! {
                        <span class="count" id="vm-total" title="In this view">{total}</span>
                    })}
                </div>
                <A href="/vms/new" attr:class="button button-primary" attr:id="create-vm">"Create VM"</A>
            </header>
            <Toolbar query=query go=go/>
            {move || error.get().map(|e| view! {
                <ErrorView error=e doing="Loading the virtual machines" on_retry=retry/>
            })}
            <div class="list-body" class:is-loading=loading aria-busy=move || loading.get().to_string()>
                {move || {
                    // Only the kind of content decides what is drawn here: new data
                    // for the same kind updates rows in place instead of redrawing.
                    let (loaded, empty) = layout.get();
                    match (loaded, empty) {
                        (false, _) if error.with(Option::is_none) => view! { <TableSkeleton/> }.into_any(),
                        (false, _) => ().into_any(),
                        // The pager comes with the rows, in the same frame: shown
                        // before them, it would jump down when they arrive.
                        (true, true) => view! { <EmptyList query=query go=go/><Pager shown=shown query=query go=go/> }.into_any(),
                        (true, false) => view! { <VmTable rows=rows query=query go=go/><Pager shown=shown query=query go=go/> }.into_any(),
                    }
                }}
            </div>
        </section>
    }
}

/// Search, the filter bar and the sort choice.
#[component]
fn Toolbar(query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    let deploy = use_deploy();
    let navigate = StoredValue::new_local(use_navigate());
    // Which text filter the search box writes: host names unless the URL says labels.
    let by_label = RwSignal::new(query.with_untracked(|q| q.filter("label").is_some() && q.filter("hostname").is_none()));
    let draft = RwSignal::new(None::<String>);
    let pending = StoredValue::new_local(None::<Timeout>);
    let search_text = move || {
        draft.get().unwrap_or_else(|| {
            query.with(|q| {
                let field = if by_label.get() { "label" } else { "hostname" };
                q.filter("ip_address").or_else(|| q.filter(field)).unwrap_or_default().to_owned()
            })
        })
    };
    let last_search = StoredValue::new_local(f64::NEG_INFINITY);
    // `typing`: sent while the text is being typed, so it takes the place of
    // the search before it in the history if that was typed too.
    let search = move |text: String, typing: bool| {
        pending.set_value(None);
        let mut next = query.get_untracked();
        for field in ["hostname", "label", "ip_address"] {
            next = next.with_filter(field, "");
        }
        next = next.with_filter(search_field(&text, by_label.get_untracked()), &text);
        draft.set(None);
        let now = js_sys::Date::now();
        let replace = typing && now - last_search.get_value() < SEARCH_TYPING_MS;
        last_search.set_value(now);
        if next != query.get_untracked() {
            navigate.with_value(|nav| nav(&next.href(), NavigateOptions { replace, ..Default::default() }));
        }
    };
    let apply = move |text: String| search(text, false);
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let wait = f64::from(SEARCH_INTERVAL_MS) - (js_sys::Date::now() - last_search.get_value());
        if wait <= 0.0 {
            search(text, true);
        } else {
            draft.set(Some(text.clone()));
            // Replacing the pending search drops (and so cancels) the one before.
            pending.set_value(Some(Timeout::new(wait.ceil() as u32, move || search(text, true))));
        }
    };
    let filter_count = move || query.with(|q| q.filters.iter().filter(|(n, _)| !matches!(*n, "hostname" | "label" | "ip_address")).count());
    let show_filters = RwSignal::new(filter_count() > 0);
    let locations = move || deploy.with(|d| d.catalogue.locations.iter().map(|c| (c.id.clone(), c.label.clone())).collect::<Vec<_>>());

    view! {
        <div class="toolbar">
            <form class="search" role="search" on:submit=move |ev| { ev.prevent_default(); apply(search_text()); }>
                <label class="visually-hidden" for="vm-search">"Search virtual machines"</label>
                <input
                    id="vm-search"
                    type="search"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=move || if by_label.get() { "Search labels or IP addresses" } else { "Search hostnames or IP addresses" }
                    prop:value=search_text
                    on:input=on_input
                />
                <select
                    id="vm-search-field"
                    aria-label="Search in"
                    on:change=move |ev| {
                        by_label.set(event_target_value(&ev) == "label");
                        let text = search_text();
                        if !text.is_empty() { apply(text); }
                    }
                >
                    <option value="hostname" selected=move || !by_label.get()>"Hostname"</option>
                    <option value="label" selected=move || by_label.get()>"Label"</option>
                </select>
            </form>
            <button
                type="button"
                class="button"
                id="vm-filters-toggle"
                aria-expanded=move || show_filters.get().to_string()
                aria-controls="vm-filters"
                on:click=move |_| show_filters.update(|s| *s = !*s)
            >
                "Filters"
                {move || (filter_count() > 0).then(|| view! { <span class="count">{filter_count()}</span> })}
            </button>
            <label class="inline-select">
                <span>"Sort"</span>
                <select id="vm-sort" on:change=move |ev| {
                    let value = event_target_value(&ev);
                    let mut next = query.get_untracked();
                    next.sort = SORT_FIELDS.iter().find(|(f, _)| *f == value).map(|(f, _)| *f);
                    next.offset = 0;
                    go.run(next);
                }>
                    <option value="" selected=move || query.with(|q| q.sort.is_none())>"Newest last"</option>
                    {SORT_FIELDS.iter().map(|(field, label)| view! {
                        <option value=*field selected=move || query.with(|q| q.sort == Some(*field))>{*label}</option>
                    }).collect_view()}
                </select>
                <button
                    type="button"
                    class="button button-quiet"
                    id="vm-order"
                    disabled=move || query.with(|q| q.sort.is_none())
                    title="Reverse the order"
                    on:click=move |_| {
                        let mut next = query.get_untracked();
                        next.order = if next.order == Order::Asc { Order::Desc } else { Order::Asc };
                        next.offset = 0;
                        go.run(next);
                    }
                >
                    {move || if query.with(|q| q.order == Order::Desc) { "↓ descending" } else { "↑ ascending" }}
                </button>
            </label>
        </div>
        <div class="filter-bar" id="vm-filters" hidden=move || !show_filters.get()>
            <FilterSelect query=query go=go name="status" label="Status" options=owned(&[("online", "online"), ("offline", "offline"), ("unbuilt", "unbuilt"), ("recovery", "recovery")])/>
            <FilterSelect query=query go=go name="type" label="Type" options=owned(&[("standard", "standard"), ("autoscaled", "autoscaled"), ("balancer", "balancer"), ("balancer_failover", "balancer failover"), ("firewall", "firewall")])/>
            <FilterSelect query=query go=go name="cpu_type" label="CPU type" options=owned(&[("intel", "Intel"), ("amd", "AMD")])/>
            <FilterSelect query=query go=go name="disk_type" label="Disk type" options=owned(&[("vd", "vd"), ("sd", "sd")])/>
            <FilterSelect query=query go=go name="locked" label="Busy" options=owned(&[("1", "busy"), ("0", "idle")])/>
            <FilterSelect query=query go=go name="suspended" label="Suspended" options=owned(&[("1", "suspended"), ("0", "not suspended")])/>
            {move || {
                let choices = locations();
                if choices.is_empty() {
                    view! { <FilterText query=query go=go name="location_id" label="Location id" numeric=true/> }.into_any()
                } else {
                    view! { <FilterSelect query=query go=go name="location_id" label="Location" options=choices/> }.into_any()
                }
            }}
            <FilterText query=query go=go name="id" label="VM id" numeric=true/>
            <FilterText query=query go=go name="ip_address" label="IP address" numeric=false/>
            <button
                type="button"
                class="button button-quiet"
                id="vm-clear-filters"
                disabled=move || query.with(|q| !q.has_filters())
                on:click=move |_| go.run(query.get_untracked().without_filters())
            >"Clear all"</button>
        </div>
    }
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(v, t)| ((*v).to_owned(), (*t).to_owned())).collect()
}

#[component]
fn FilterSelect(
    query: Memo<VmQuery>,
    go: Callback<VmQuery>,
    name: &'static str,
    label: &'static str,
    options: Vec<(String, String)>,
) -> impl IntoView {
    let id = format!("filter-{name}");
    let label_for = id.clone();
    view! {
        <label class="filter" for=label_for>
            <span>{label}</span>
            <select id=id on:change=move |ev| go.run(query.get_untracked().with_filter(name, &event_target_value(&ev)))>
                <option value="" selected=move || query.with(|q| q.filter(name).is_none())>"any"</option>
                {options.into_iter().map(|(value, text)| {
                    let current = value.clone();
                    view! { <option value=value selected=move || query.with(|q| q.filter(name) == Some(current.as_str()))>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// A typed filter, applied on Enter or when the field is left.
#[component]
fn FilterText(query: Memo<VmQuery>, go: Callback<VmQuery>, name: &'static str, label: &'static str, numeric: bool) -> impl IntoView {
    let id = format!("filter-{name}");
    let label_for = id.clone();
    let apply = move |value: String| {
        let next = query.get_untracked().with_filter(name, &value);
        if next != query.get_untracked() {
            go.run(next);
        }
    };
    view! {
        <label class="filter" for=label_for>
            <span>{label}</span>
            <input
                id=id
                type="text"
                inputmode=if numeric { "numeric" } else { "text" }
                size="10"
                prop:value=move || query.with(|q| q.filter(name).unwrap_or_default().to_owned())
                on:change=move |ev| apply(event_target_value(&ev))
                on:keydown=move |ev| if ev.key() == "Enter" { apply(event_target_value(&ev)) }
            />
        </label>
    }
}

/// The columns, with the sort field each header sorts by.
const COLUMNS: [(&str, Option<&str>, &str); 9] = [
    ("Name", Some("label"), ""),
    ("Status", Some("status"), ""),
    ("Memory", Some("memory"), "num"),
    ("CPUs", Some("cpus"), "num"),
    ("Disk", Some("disks_size"), "num"),
    ("Operating system", Some("operating_system_distro"), ""),
    ("IP addresses", None, ""),
    ("Location", Some("location_id"), ""),
    ("Type", None, ""),
];

#[component]
fn VmTable(rows: RwSignal<Vec<Row>>, query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    let headers = COLUMNS
        .iter()
        .map(|(title, sort, class)| {
            let Some(field) = *sort else {
                return view! { <th scope="col" class=*class>{*title}</th> }.into_any();
            };
            let state = move || query.with(|q| (q.sort == Some(field)).then_some(q.order));
            view! {
                <th
                    scope="col"
                    class=*class
                    aria-sort=move || match state() {
                        Some(Order::Asc) => "ascending",
                        Some(Order::Desc) => "descending",
                        None => "none",
                    }
                >
                    <button type="button" class="sort" id=format!("sort-{field}") on:click=move |_| go.run(query.get_untracked().sorted_by(field))>
                        {*title}
                        <span class="sort-mark" aria-hidden="true">{move || match state() {
                            Some(Order::Asc) => "▲",
                            Some(Order::Desc) => "▼",
                            None => "↕",
                        }}</span>
                    </button>
                </th>
            }
            .into_any()
        })
        .collect_view();
    // Effects run after the view is in the document: the rows are there by then.
    Effect::new(move || {
        rows.track();
        crate::perf::mark(crate::perf::VM_TABLE_RENDERED);
    });
    view! {
        <div class="table-wrap">
            <table class="table" id="vm-table">
                <thead><tr>{headers}</tr></thead>
                <tbody>
                    <For each=move || rows.get() key=|row| row.key.clone() let:row>
                        <VmRow vm=RwSignal::from(row.vm)/>
                    </For>
                </tbody>
            </table>
        </div>
    }
}

#[component]
fn VmRow(vm: RwSignal<Vm>) -> impl IntoView {
    let row_id = move || vm.with(|vm| vm.id.as_ref().map(|id| format!("vm-row-{id}")));
    view! {
        <tr id=row_id class:is-busy=move || vm.with(|vm| vm.locked)>
            {move || vm.with(|vm| {
                let dash = || "—".to_owned();
                let name = vm.display_name();
                let hostname = vm.hostname.clone().unwrap_or_default();
                let link = vm.id.as_ref().map(|id| format!("/vms/{id}"));
                view! {
                    <td class="cell-name">
                        // A plain link: the router follows it all the same, and a thousand
                        // rows need no thousand watchers of the current location.
                        {match link {
                            Some(href) => view! { <a href=href class="vm-link">{name}</a> }.into_any(),
                            None => view! { <span>{name}</span> }.into_any(),
                        }}
                        <div class="muted small mono">{hostname}</div>
                    </td>
                    <td data-label="Status"><StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/></td>
                    <td class="num" data-label="Memory">{vm.memory_mb.map(format_memory).unwrap_or_else(dash)}</td>
                    <td class="num" data-label="CPUs">{vm.cpus.map(|c| c.to_string()).unwrap_or_else(dash)}</td>
                    <td class="num" data-label="Disk">{vm.disks_size_gb.map(|gb| format!("{gb} GB")).unwrap_or_else(dash)}</td>
                    <td data-label="OS">{vm.os_name().unwrap_or_else(dash)}</td>
                    <td class="mono small" data-label="IP">{if vm.ip_addresses.is_empty() { dash() } else { vm.ip_addresses.join(", ") }}</td>
                    <td data-label="Location">{vm.location_id.clone().map(|l| format!("Location {l}")).unwrap_or_else(dash)}</td>
                    <td data-label="Type">{vm.vm_type.as_ref().map(|t| t.label().to_owned()).unwrap_or_else(dash)}</td>
                }
            })}
        </tr>
    }
}

/// Why the list is empty, and the way out.
#[component]
fn EmptyList(query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    move || {
        let q = query.get();
        if q.has_filters() {
            view! {
                <EmptyState id="vm-list-no-match" title="No virtual machines match" text="Nothing in this account matches these filters.">
                    <button type="button" class="button" on:click=move |_| go.run(query.get_untracked().without_filters())>"Clear filters"</button>
                </EmptyState>
            }
            .into_any()
        } else if q.offset > 0 {
            view! {
                <EmptyState id="vm-list-past-end" title="Nothing on this page" text="The list ends before this page.">
                    <button type="button" class="button" on:click=move |_| go.run(query.get_untracked().at_offset(0))>"Go to the first page"</button>
                </EmptyState>
            }
            .into_any()
        } else {
            view! {
                <EmptyState id="vm-list-empty" title="No virtual machines yet" text="This account has no virtual machines. Create the first one.">
                    <A href="/vms/new" attr:class="button button-primary">"Create VM"</A>
                </EmptyState>
            }
            .into_any()
        }
    }
}

#[component]
fn Pager(shown: RwSignal<Option<Shown>>, query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    // Saturating: the offset comes from the URL and may be anything.
    let page = move |forward: bool| {
        let q = query.get_untracked();
        let offset = if forward { q.offset.saturating_add(q.limit) } else { q.offset.saturating_sub(q.limit) };
        go.run(q.at_offset(offset));
    };
    let last = move || {
        shown.with(|s| s.as_ref().and_then(|s| s.total)).map(|total| {
            let limit = query.with(|q| q.limit);
            total.saturating_sub(1) / limit.max(1) * limit
        })
    };
    view! {
        <nav class="pager" aria-label="Pages" hidden=move || shown.with(|s| s.as_ref().is_none_or(|s| s.range == "none" && !s.has_previous))>
            <span class="pager-range" id="vm-list-range">{move || shown.with(|s| s.as_ref().map(|s| s.range.clone()).unwrap_or_default())}</span>
            {move || shown.with(|s| s.as_ref().filter(|s| s.skipped > 0).map(|s| format!("({} unreadable entries left out)", s.skipped)))}
            <label class="inline-select">
                <span>"Per page"</span>
                <select id="vm-page-size" on:change=move |ev| {
                    if let Ok(limit) = event_target_value(&ev).parse::<u64>() {
                        go.run(query.get_untracked().with_limit(limit));
                    }
                }>
                    {PAGE_SIZES.iter().map(|size| view! {
                        <option value=size.to_string() selected=move || query.with(|q| q.limit == *size)>{size.to_string()}</option>
                    }).collect_view()}
                </select>
            </label>
            <button type="button" class="button" id="page-first" disabled=move || query.with(|q| q.offset == 0) on:click=move |_| go.run(query.get_untracked().at_offset(0))>"First"</button>
            <button type="button" class="button" id="page-prev" disabled=move || !shown.with(|s| s.as_ref().is_some_and(|s| s.has_previous)) on:click=move |_| page(false)>"Previous"</button>
            <button type="button" class="button" id="page-next" disabled=move || !shown.with(|s| s.as_ref().is_some_and(|s| s.has_next)) on:click=move |_| page(true)>"Next"</button>
            {move || last().map(|offset| view! {
                <button type="button" class="button" id="page-last" disabled=move || query.with(|q| q.offset >= offset) on:click=move |_| go.run(query.get_untracked().at_offset(offset))>"Last"</button>
            })}
        </nav>
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
