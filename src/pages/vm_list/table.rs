//! The table of VMs, one row per VM with a signal of its own, and what is
//! shown instead when the view is empty or still loading.

use super::actions::ListActions;
use super::row::{RowMarks, VmRow};
use super::Row;
use crate::components::{move_in_row, DataTable, EmptyState, TableId};
use crate::marks::pins::use_pins;
use crate::marks::protection::use_protection;
use crate::marks::tags::use_tags;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::route::href;
use vmdeck_core::vm::columns::{Column, Columns};
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::sort::Order;

/// The table with `columns` after the name. A change of columns draws it
/// anew: the rows then need not each watch which columns there are.
#[component]
pub fn VmTable(
    rows: RwSignal<Vec<Row>>,
    query: Memo<VmQuery>,
    columns: Memo<Columns>,
    go: Callback<VmQuery>,
    actions: ListActions,
    page_ids: Memo<Vec<String>>,
) -> impl IntoView {
    let marks = RowMarks { protection: use_protection(), pins: use_pins(), tags: use_tags() };
    let grouped = Memo::new(move |_| query.with(|q| q.group_by_tag));
    // Effects run after the view is in the document: the rows are there by then.
    Effect::new(move || {
        rows.track();
        columns.track();
        grouped.track();
        crate::start::perf::mark(crate::start::perf::VM_TABLE_RENDERED);
    });
    move || {
        let columns = StoredValue::new(columns.get().list().to_vec());
        view! { <TableOf rows=rows query=query grouped=grouped columns=columns go=go actions=actions page_ids=page_ids marks=marks/> }
    }
}

/// The sort heading that the Tab key reaches: the one last focused, else
/// the sorted one, else "Name" (the others by ←/→).
#[derive(Clone, Copy)]
struct SortStop {
    focused: RwSignal<Option<&'static str>>,
    query: Memo<VmQuery>,
    shown: StoredValue<Vec<&'static str>>,
}

impl SortStop {
    fn is(self, field: &'static str) -> bool {
        match self.focused.get() {
            Some(focused) => focused == field,
            None => match self.query.with(|q| q.sort) {
                Some(sorted) if self.shown.with_value(|s| s.contains(&sorted)) => sorted == field,
                _ => field == "label",
            },
        }
    }
}

fn heading(
    title: &'static str,
    sort: Option<&'static str>,
    class: Option<&'static str>,
    go: Callback<VmQuery>,
    stop: SortStop,
) -> AnyView {
    let Some(field) = sort else {
        return view! { <th scope="col" class=class>{title}</th> }.into_any();
    };
    let query = stop.query;
    let state = move || query.with(|q| (q.sort == Some(field)).then_some(q.order));
    let keys = move |ev: leptos::ev::KeyboardEvent| {
        if move_in_row(&ev, "button.sort") {
            ev.prevent_default();
        }
    };
    view! {
        <th
            scope="col"
            class=class
            aria-sort=move || match state() {
                Some(Order::Asc) => "ascending",
                Some(Order::Desc) => "descending",
                None => "none",
            }
        >
            <button type="button" class="sort" id=format!("sort-{field}")
                tabindex=move || if stop.is(field) { "0" } else { "-1" }
                on:focus=move |_| stop.focused.set(Some(field))
                on:keydown=keys
                on:click=move |_| go.run(query.get_untracked().sorted_by(field))>
                {title}
                <span class="sort-mark" aria-hidden="true">{move || match state() {
                    Some(Order::Asc) => "▲",
                    Some(Order::Desc) => "▼",
                    None => "↕",
                }}</span>
            </button>
        </th>
    }
    .into_any()
}

#[component]
fn TableOf(
    rows: RwSignal<Vec<Row>>,
    query: Memo<VmQuery>,
    grouped: Memo<bool>,
    columns: StoredValue<Vec<Column>>,
    go: Callback<VmQuery>,
    actions: ListActions,
    page_ids: Memo<Vec<String>>,
    marks: RowMarks,
) -> impl IntoView {
    let shown = columns.with_value(|columns| {
        std::iter::once("label").chain(columns.iter().filter_map(|c| c.sort_field())).collect()
    });
    let stop = SortStop { focused: RwSignal::new(None), query, shown: StoredValue::new(shown) };
    let headers = columns.with_value(|columns| {
        columns
            .iter()
            .map(|column| {
                heading(
                    column.title().get(),
                    column.sort_field(),
                    column.numeric().then_some("num"),
                    go,
                    stop,
                )
            })
            .collect_view()
    });
    // Sortable headings and the box that selects the page.
    let head = move || {
        view! {
            <th scope="col" class="cell-select">
                <input type="checkbox" id="select-page" aria-label=t::LIST_SELECT_PAGE.get()
                    prop:checked=move || actions.selection.with(|s| page_ids.with(|p| s.all_of(p)))
                    on:change=move |_| actions.selection.update(|s| page_ids.with_untracked(|p| s.toggle_page(p)))/>
            </th>
            {heading(c::NAME.get(), Some("label"), None, go, stop)}
            {headers}
            <th scope="col" class="cell-actions"><span class="visually-hidden">{t::LIST_COL_ACTIONS.get()}</span></th>
        }
    };
    view! {
        <DataTable id=TableId::Exact("vm-table") head=head bodies=true>
            {move || if grouped.get() {
                view! { <super::grouped::GroupedRows rows=rows columns=columns actions=actions page_ids=page_ids marks=marks/> }.into_any()
            } else {
                view! {
                    <tbody>
                        <For each=move || rows.get() key=|row| row.key.clone() let:row>
                            <VmRow vm=RwSignal::from(row.vm) columns=columns actions=actions page_ids=page_ids marks=marks/>
                        </For>
                    </tbody>
                }.into_any()
            }}
        </DataTable>
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
                    <A href=href::new_vm() attr:class="button button-primary">{c::CREATE_VM.get()}</A>
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
