//! The table of VMs, one row per VM with a signal of its own, and what is
//! shown instead when the view is empty or still loading.

use super::actions::{Ask, ListActions};
use super::Row;
use vmdeck_core::vm::bulk::BulkAction;
use std::collections::BTreeSet;
use crate::components::{use_pins, use_protection, use_tags, ActionButton, PinStore, TagStore, EmptyState, PinButton, ProtectedBadge, Protection, StatusBadge, VmTags};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::vm::format_memory;
use vmdeck_core::vm::query::{Order, VmQuery};
use vmdeck_core::i18n::{common as c, integer, shell as t, Text};
use vmdeck_core::route::VmTab;
use vmdeck_core::Vm;

/// The columns, with the sort field each header sorts by.
const COLUMNS: [(Text, Option<&str>, &str); 9] = [
    (vmdeck_core::i18n::common::NAME, Some("label"), ""),
    (c::STATUS, Some("status"), ""),
    (c::MEMORY, Some("memory"), "num"),
    (c::CPUS, Some("cpus"), "num"),
    (c::DISK, Some("disks_size"), "num"),
    (c::OPERATING_SYSTEM, Some("operating_system_distro"), ""),
    (c::IP_ADDRESSES, None, ""),
    (c::LOCATION, Some("location_id"), ""),
    (c::TYPE, None, ""),
];

#[component]
pub fn VmTable(rows: RwSignal<Vec<Row>>, query: Memo<VmQuery>, go: Callback<VmQuery>, actions: ListActions, page_ids: Memo<Vec<String>>) -> impl IntoView {
    let marks = RowMarks { protection: use_protection(), pins: use_pins(), tags: use_tags() };
    let headers = COLUMNS
        .iter()
        .map(|(title, sort, class)| {
            let Some(field) = *sort else {
                return view! { <th scope="col" class=*class>{title.get()}</th> }.into_any();
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
                        {title.get()}
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
                <thead><tr>
                    <th scope="col" class="cell-select">
                        <input type="checkbox" id="select-page" aria-label=t::LIST_SELECT_PAGE.get()
                            prop:checked=move || actions.selection.with(|s| page_ids.with(|p| s.all_of(p)))
                            on:change=move |_| actions.selection.update(|s| page_ids.with_untracked(|p| s.toggle_page(p)))/>
                    </th>
                    {headers}
                    <th scope="col" class="cell-actions"><span class="visually-hidden">{t::LIST_COL_ACTIONS.get()}</span></th>
                </tr></thead>
                {move || if query.with(|q| q.group_by_tag) {
                    view! { <GroupedRows rows=rows actions=actions page_ids=page_ids marks=marks/> }.into_any()
                } else {
                    view! {
                        <tbody>
                            <For each=move || rows.get() key=|row| row.key.clone() let:row>
                                <VmRow vm=RwSignal::from(row.vm) actions=actions page_ids=page_ids marks=marks/>
                            </For>
                        </tbody>
                    }.into_any()
                }}
            </table>
        </div>
    }
}

/// What the panel itself marks VMs with, looked up once for every row.
#[derive(Clone, Copy)]
struct RowMarks {
    protection: Option<Protection>,
    pins: Option<PinStore>,
    tags: Option<TagStore>,
}

/// The page's rows in a group per tag (`vmdeck_core::vm::tags::group_by_tag`),
/// each opened and closed by its heading; a VM of two tags shows in both,
/// its ids on the first only.
#[component]
fn GroupedRows(rows: RwSignal<Vec<Row>>, actions: ListActions, page_ids: Memo<Vec<String>>, marks: RowMarks) -> impl IntoView {
    let closed = RwSignal::new(BTreeSet::<String>::new());
    let groups = Memo::new(move |_| {
        let ids = page_ids.get();
        marks.tags.map(|store| store.grouped(&ids)).unwrap_or_else(|| vec![(None, (0..ids.len()).map(|at| (at, true)).collect())])
    });
    let span = (COLUMNS.len() + 2).to_string();
    view! {
        <For each=move || groups.get() key=|group| group.clone() let:group>
            {
                let (tag, members) = group;
                let key = tag.as_ref().map(|t| t.as_str().to_owned()).unwrap_or_default();
                let open = Memo::new({ let key = key.clone(); move |_| !closed.with(|c| c.contains(&key)) });
                let title = tag.as_ref().map(|t| t.as_str().to_owned()).unwrap_or_else(|| t::LIST_NO_TAG.get().to_owned());
                let class = tag.as_ref().map(|t| format!("group-name tag tag-c{}", t.colour())).unwrap_or_else(|| "group-name".to_owned());
                let count = members.len();
                let group_id = format!("group-{}", if key.is_empty() { "none".to_owned() } else { key.replace(' ', "-") });
                let members = StoredValue::new(members);
                view! {
                    <tbody class="group" id=group_id>
                        <tr class="group-row">
                            <th scope="rowgroup" colspan=span.clone()>
                                <button type="button" class="group-toggle" aria-expanded=move || open.get().to_string()
                                    on:click=move |_| closed.update(|c| if !c.remove(&key) { c.insert(key.clone()); })>
                                    <span class="group-mark" aria-hidden="true">{move || if open.get() { "▾" } else { "▸" }}</span>
                                    <span class=class>{title}</span>
                                    <span class="count">{vmdeck_core::i18n::integer(count as i64)}</span>
                                </button>
                            </th>
                        </tr>
                        {move || open.get().then(|| rows.with(|rows| members.with_value(|members| members.iter().filter_map(|(at, first)| {
                            let row = rows.get(*at)?;
                            Some(view! { <VmRow vm=RwSignal::from(row.vm.clone()) actions=actions page_ids=page_ids marks=marks again=!*first/> })
                        }).collect_view())))}
                    </tbody>
                }
            }
        </For>
    }
}

#[component]
fn VmRow(vm: RwSignal<Vm>, actions: ListActions, page_ids: Memo<Vec<String>>, marks: RowMarks, #[prop(optional)] again: bool) -> impl IntoView {
    // A VM shown a second time (in another tag's group) has no ids of its own.
    let row_id = move || vm.with(|vm| vm.id.as_ref().filter(|_| !again).map(|id| format!("vm-row-{id}")));
    view! {
        <tr id=row_id class:is-busy=move || vm.with(|vm| vm.locked)>
            {move || vm.with(|vm| {
                let dash = || "—".to_owned();
                let name = vm.display_name();
                let hostname = vm.hostname.clone().unwrap_or_default();
                let link = vm.id.as_ref().map(|id| format!("/vms/{id}"));
                let id = vm.id.clone().unwrap_or_default();
                let select = {
                    let (id, checked) = (id.clone(), id.clone());
                    view! {
                        <td class="cell-select">
                            <input type="checkbox" class="row-select" id=(!again).then(|| format!("select-{id}")) aria-label=vmdeck_core::tf!(t::LIST_SELECT_VM, name = name)
                                prop:checked=move || actions.selection.with(|s| s.contains(&checked))
                                on:click=move |ev| {
                                    let id = id.clone();
                                    if ev.shift_key() {
                                        actions.selection.update(|s| page_ids.with_untracked(|p| s.extend(&id, p)));
                                    } else {
                                        actions.selection.update(|s| s.toggle(&id));
                                    }
                                }/>
                        </td>
                    }
                };
                let menu = view! { <td class="cell-actions"><RowMenu id=id.clone() name=name.clone() locked=vm.locked actions=actions/></td> };
                view! {
                    {select}
                    <td class="cell-name">
                        <PinButton vm=id.clone() name=name.clone() store=marks.pins/>
                        // A plain link: the router follows it all the same, and a thousand
                        // rows need no thousand watchers of the current location.
                        {match link {
                            Some(href) => view! { <a href=href class="vm-link">{name}</a> }.into_any(),
                            None => view! { <span>{name}</span> }.into_any(),
                        }}
                        {marks.protection.is_some_and(|p| p.is_protected(&id)).then(|| view! { " " <ProtectedBadge/> })}
                        <VmTags vm=id.clone() store=marks.tags/>
                        <div class="muted small mono">{hostname}</div>
                    </td>
                    <td data-label=c::STATUS.get()><StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/></td>
                    <td class="num" data-label=c::MEMORY.get()>{vm.memory_mb.map(format_memory).unwrap_or_else(dash)}</td>
                    <td class="num" data-label=c::CPUS.get()>{vm.cpus.map(integer).unwrap_or_else(dash)}</td>
                    <td class="num" data-label=c::DISK.get()>{vm.disks_size_gb.map(|gb| format!("{} GB", integer(gb))).unwrap_or_else(dash)}</td>
                    <td data-label=t::LIST_OS.get()>{vm.os_name().unwrap_or_else(dash)}</td>
                    <td class="mono small" data-label="IP">{if vm.ip_addresses.is_empty() { dash() } else { vm.ip_addresses.join(", ") }}</td>
                    <td data-label=c::LOCATION.get()>{vm.location_id.clone().map(|l| vmdeck_core::tf!(t::LIST_LOCATION_N, id = l)).unwrap_or_else(dash)}</td>
                    <td data-label=c::TYPE.get()>{vm.vm_type.as_ref().map(|kind| kind.label().to_owned()).unwrap_or_else(dash)}</td>
                    {menu}
                }
            })}
        </tr>
    }
}

/// A row's own actions, in a menu that is drawn when opened (a thousand
/// rows draw a thousand closed menus). Start, stop and reboot go at once,
/// destroy asks first; all of them through the list's bulk runner.
#[component]
fn RowMenu(id: String, name: String, locked: bool, actions: ListActions) -> impl IntoView {
    let open = RwSignal::new(false);
    let menu = NodeRef::<leptos::html::Details>::new();
    let close = move || {
        if let Some(details) = menu.get_untracked() {
            details.set_open(false);
        }
    };
    let label = vmdeck_core::tf!(t::LIST_ACTIONS_FOR, name = name);
    let protection = use_protection();
    view! {
        <details class="row-menu" node_ref=menu
            on:toggle=move |_| open.set(menu.get_untracked().is_some_and(|d| d.open()))
            on:keydown=move |ev| if ev.key() == "Escape" {
                close();
                if let Some(summary) = menu.get_untracked().and_then(|d| d.first_element_child()) {
                    if let Ok(summary) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(summary) {
                        let _ = summary.focus();
                    }
                }
            }>
            <summary class="button button-quiet button-small" aria-label=label.clone()>"⋯"</summary>
            {move || open.get().then(|| {
                // A busy VM says why; while a bulk action runs, the bar says so.
                let blocked = Signal::derive(move || locked.then(|| vmdeck_core::i18n::vm::VM_OP_BUSY.get()));
                let running = Signal::derive(move || actions.running());
                let protected = {
                    let id = id.clone();
                    Signal::derive(move || protection.is_some_and(|p| p.is_protected(&id)))
                };
                let destroy_blocked = Signal::derive(move || blocked.get().or_else(|| protected.get().then(|| vmdeck_core::i18n::vm::PROTECTION_REFUSES.get())));
                let act = {
                    let id = id.clone();
                    move |action: BulkAction| {
                        let id = id.clone();
                        move |_| {
                            close();
                            actions.ask(Ask::Bulk(action, vec![id.clone()]));
                        }
                    }
                };
                view! {
                    <div class="row-menu-list" role="group" aria-label=label.clone()>
                        {[BulkAction::Start, BulkAction::Stop, BulkAction::Reboot].into_iter().map(|action| view! {
                            <ActionButton blocked=blocked held=running class="button button-quiet button-small" attr:data-action=action.id() on:click=act(action)>{action.label()}</ActionButton>
                        }).collect_view()}
                        {[("", t::LIST_OPEN.get()), ("/network", VmTab::Network.label()), ("/firewall", VmTab::Firewall.label()), ("/settings", VmTab::Settings.label())].into_iter().map(|(tab, text)| view! {
                            <a class="button button-quiet button-small" href=format!("/vms/{id}{tab}")>{text}</a>
                        }).collect_view()}
                        <ActionButton blocked=destroy_blocked held=running class="button button-quiet button-small danger-text" attr:data-action="destroy" on:click=act(BulkAction::Destroy)>{vmdeck_core::i18n::common::DESTROY_ELLIPSIS.get()}</ActionButton>
                    </div>
                }
            })}
        </details>
    }
}

/// Why the list is empty, and the way out.
#[component]
pub fn EmptyList(query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    move || {
        let q = query.get();
        if q.has_filters() {
            view! {
                <EmptyState id="vm-list-no-match" title=t::LIST_NO_MATCH_TITLE.get() text=t::LIST_NO_MATCH_TEXT.get()>
                    <button type="button" class="button" on:click=move |_| go.run(query.get_untracked().without_filters())>{t::LIST_CLEAR_FILTERS.get()}</button>
                </EmptyState>
            }
            .into_any()
        } else if q.offset > 0 {
            view! {
                <EmptyState id="vm-list-past-end" title=t::LIST_PAST_END_TITLE.get() text=t::LIST_PAST_END_TEXT.get()>
                    <button type="button" class="button" on:click=move |_| go.run(query.get_untracked().at_offset(0))>{t::LIST_GO_FIRST_PAGE.get()}</button>
                </EmptyState>
            }
            .into_any()
        } else {
            view! {
                <EmptyState id="vm-list-empty" title=t::LIST_EMPTY_TITLE.get() text=t::LIST_EMPTY_TEXT.get()>
                    <A href="/vms/new" attr:class="button button-primary">{c::CREATE_VM.get()}</A>
                </EmptyState>
            }
            .into_any()
        }
    }
}

/// Grey bars in the table's place while the first page loads.
#[component]
pub fn TableSkeleton() -> impl IntoView {
    view! {
        <div class="table-skeleton" aria-busy="true" aria-label=t::LIST_LOADING_SHORT.get()>
            {(0..6).map(|_| view! { <div class="skeleton skeleton-row"></div> }).collect_view()}
        </div>
    }
}
