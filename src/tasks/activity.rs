//! What this browser sent for the account, as a table that can be
//! filtered and exported: the VM page's Activity tab (one VM) and the
//! Activity page (the account) read the same history (`crate::tasks`).

use crate::components::{Column, DataTable, EmptyState, Export, ExportButtons};
use crate::firewall::activity_undo::{undoable, UndoEntry};
use crate::hooks::use_url_filters;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::history::{self, Task, TaskState};
use vmdeck_core::i18n::{common as c, shell as t, Text};
use vmdeck_core::route::href;
use vmdeck_core::time::{format_elapsed, Precision};

/// The result filter's choices: (value in the URL, label).
const RESULTS: [(&str, Text); 5] = [
    ("", t::FILTER_ANY),
    ("done", t::ACTIVITY_RESULT_DONE),
    ("refused", t::ACTIVITY_RESULT_REFUSED),
    ("running", t::ACTIVITY_RESULT_RUNNING),
    ("unconfirmed", t::ACTIVITY_RESULT_UNCONFIRMED),
];

/// A result's words, as the filter and the table show it.
fn result_label(result: &str) -> &'static str {
    RESULTS.iter().find(|(value, _)| *value == result).map(|(_, label)| label.get()).unwrap_or("")
}

fn result_of(task: &Task) -> &'static str {
    match task.state {
        TaskState::Running => "running",
        TaskState::Done(_) => "done",
        TaskState::Failed(_) => "refused",
        TaskState::Unconfirmed => "unconfirmed",
    }
}

/// The history, of one VM when `vm` gives its id; filtered by result and
/// by words (in the action, the VM, the interface or the request).
#[component]
pub fn ActivityLog(
    #[prop(optional, into)] vm: Option<Signal<String>>,
    id: &'static str,
) -> impl IntoView {
    let tasks = use_tasks();
    let filters = use_url_filters(&["result", "search"]);
    let shown = Memo::new(move |_| {
        let vm = vm.map(|v| v.get());
        let result = filters.get("result");
        let words: Vec<String> =
            filters.get("search").split_whitespace().map(str::to_lowercase).collect();
        tasks.list().with(|list| {
            list.tasks()
                .iter()
                .filter(|t| vm.as_ref().is_none_or(|vm| t.vm_id == *vm))
                .filter(|t| result.is_empty() || result_of(t) == result)
                .filter(|t| {
                    // The action as shown, and as recorded (its English name).
                    let action = vmdeck_core::history::action_label(&t.action);
                    let text = format!(
                        "{action} {} {} {} {} {}",
                        t.action,
                        t.vm_name,
                        t.vm_id,
                        t.interface.as_deref().unwrap_or(""),
                        t.request
                    )
                    .to_lowercase();
                    words.iter().all(|w| text.contains(w.as_str()))
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let name = Signal::derive(move || match vm {
        Some(vm) => format!("activity-vm{}", vm.get()),
        None => "activity".to_owned(),
    });
    let undo_open = RwSignal::new(false);
    let undoing = RwSignal::new(None::<Task>);
    let export = Callback::new(move |()| {
        Some(shown.with(|list| {
            Export::table(&history::table(
                &list.iter().collect::<Vec<_>>(),
                &crate::locale::time_zone::iso,
            ))
        }))
    });
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>{t::ACTIVITY_RESULT.get()}</span>
                <select id=format!("{id}-result") on:change=move |ev| filters.set("result", event_target_value(&ev))>
                    {RESULTS.iter().map(|(value, label)| view! {
                        <option value=*value selected=move || filters.get("result") == *value>{label.get()}</option>
                    }).collect_view()}
                </select>
            </label>
            <label class="filter"><span>{t::ACTIVITY_SEARCH.get()}</span>
                <input type="search" id=format!("{id}-search") size="16" placeholder=t::ACTIVITY_SEARCH_PLACEHOLDER.get() prop:value=move || filters.get("search")
                    on:change=move |ev| filters.set("search", event_target_value(&ev))/></label>
            <span class="table-actions"><ExportButtons id=id name=name export=export/></span>
        </div>
        {move || tasks.memory_only().then(|| view! {
            <div class="notice notice-warning" id=format!("{id}-memory-only" ) role="status">
                <p>{t::ACTIVITY_MEMORY_ONLY.get()}</p>
            </div>
        })}
        {move || {
            let list = shown.get();
            if list.is_empty() {
                return view! {
                    <EmptyState id="activity-empty" title=t::ACTIVITY_EMPTY_TITLE.get() text=t::ACTIVITY_EMPTY_TEXT.get()/>
                }.into_any();
            }
            let count = vmdeck_core::i18n::plural(list.len() as u64, &t::ACTIVITY_COUNT_ONE, &t::ACTIVITY_COUNT_OTHER);
            let columns = vec![
                Column::text(format!("{} ({})", t::ACTIVITY_COL_WHEN.get(), crate::locale::time_zone::zone_name())), Column::text(t::ACTIVITY_COL_ACTION.get()), Column::text(c::VM.get()),
                Column::text(t::ACTIVITY_RESULT.get()), Column::text(t::ACTIVITY_COL_TOOK.get()), Column::text(t::ACTIVITY_COL_REQUEST.get()),
            ];
            view! {
                <DataTable id=id columns=columns count=count>
                            {list.into_iter().map(|t| {
                                let when = crate::locale::moment((t.started / 1000.0) as i64, Precision::Full);
                                let took = t.finished.map(|f| format_elapsed((f - t.started) as i64)).unwrap_or_else(|| "…".to_owned());
                                let (class, message) = match &t.state {
                                    TaskState::Running => ("badge badge-unbuilt", String::new()),
                                    TaskState::Done(outcome) => ("badge badge-online", outcome.clone()),
                                    TaskState::Failed(why) => ("badge badge-suspended", why.clone()),
                                    TaskState::Unconfirmed => ("badge badge-unconfirmed", String::new()),
                                };
                                let result = result_label(result_of(&t));
                                let undo = undoable(&t).then(|| {
                                    let entry = t.clone();
                                    view! {
                                        <button type="button" class="button button-small activity-undo" id=format!("{id}-undo-{}", t.id)
                                            on:click=move |_| { undoing.set(Some(entry.clone())); undo_open.set(true) }>{vmdeck_core::i18n::firewall::FW_REVERSE.get()}</button>
                                    }
                                });
                                let vm = if t.vm_id.is_empty() {
                                    view! { <span>{t.vm_name.clone()}</span> }.into_any()
                                } else {
                                    view! { <A href=href::vm(&t.vm_id)>{t.vm_name.clone()}</A> }.into_any()
                                };
                                view! {
                                    <tr class="activity-row">
                                        <td>{when}</td>
                                        <td>{vmdeck_core::history::action_label(&t.action)}{t.interface.clone().map(|nic| view! { <div class="muted small">{vmdeck_core::tf!(t::ACTIVITY_INTERFACE, nic = nic)}</div> })}{undo}</td>
                                        <td>{vm}</td>
                                        <td class="activity-result"><span class=class>{result}</span>{(!message.is_empty()).then(|| view! { <div class="muted small">{message}</div> })}</td>
                                        <td class="num">{took}</td>
                                        <td class="mono small activity-request">{t.request.clone()}</td>
                                    </tr>
                                }
                            }).collect_view()}
                </DataTable>
            }.into_any()
        }}
        <UndoEntry open=undo_open entry=undoing/>
    }
}
