//! What this browser sent for the account, as a table that can be
//! filtered and exported: the VM page's Activity tab (one VM) and the
//! Activity page (the account) read the same history (`crate::tasks`).

use super::{EmptyState, Export, ExportButtons};
use crate::hooks::use_url_filters;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::history::{self, Task, TaskState};
use vmdeck_core::time::format_elapsed;

/// The result filter's choices: (value in the URL, label).
const RESULTS: [(&str, &str); 4] = [("", "any"), ("done", "done"), ("refused", "refused"), ("running", "running")];

fn result_of(task: &Task) -> &'static str {
    match task.state {
        TaskState::Running => "running",
        TaskState::Done(_) => "done",
        TaskState::Failed(_) => "refused",
    }
}

/// The history, of one VM when `vm` gives its id; filtered by result and
/// by words (in the action, the VM, the interface or the request).
#[component]
pub fn ActivityLog(#[prop(optional, into)] vm: Option<Signal<String>>, id: &'static str) -> impl IntoView {
    let tasks = use_tasks();
    let filters = use_url_filters(&["result", "search"]);
    let shown = Memo::new(move |_| {
        let vm = vm.map(|v| v.get());
        let result = filters.get("result");
        let words: Vec<String> = filters.get("search").split_whitespace().map(str::to_lowercase).collect();
        tasks.list().with(|list| {
            list.tasks()
                .iter()
                .filter(|t| vm.as_ref().is_none_or(|vm| t.vm_id == *vm))
                .filter(|t| result.is_empty() || result_of(t) == result)
                .filter(|t| {
                    let text = format!("{} {} {} {} {}", t.action, t.vm_name, t.vm_id, t.interface.as_deref().unwrap_or(""), t.request).to_lowercase();
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
    let export = Callback::new(move |()| Some(shown.with(|list| Export::table(&history::table(&list.iter().collect::<Vec<_>>())))));
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>"Result"</span>
                <select id=format!("{id}-result") on:change=move |ev| filters.set("result", event_target_value(&ev))>
                    {RESULTS.iter().map(|(value, label)| view! {
                        <option value=*value selected=move || filters.get("result") == *value>{*label}</option>
                    }).collect_view()}
                </select>
            </label>
            <label class="filter"><span>"Search"</span>
                <input type="search" id=format!("{id}-search") size="16" placeholder="e.g. reboot" prop:value=move || filters.get("search")
                    on:change=move |ev| filters.set("search", event_target_value(&ev))/></label>
            <span class="table-actions"><ExportButtons id=id name=name export=export/></span>
        </div>
        {move || tasks.memory_only().then(|| view! {
            <div class="notice notice-warning" id=format!("{id}-memory-only" ) role="status">
                <p>"This browser's storage is full or blocked: what is recorded now is kept only until this page is closed."</p>
            </div>
        })}
        {move || {
            let list = shown.get();
            if list.is_empty() {
                return view! {
                    <EmptyState id="activity-empty" title="Nothing recorded" text="What you do from this browser (actions, edits, interfaces, addresses, rules, ISOs) is recorded here, newest first."/>
                }.into_any();
            }
            let count = list.len();
            view! {
                <p class="muted small" id=format!("{id}-count")>{format!("{count} recorded, newest first")}</p>
                <div class="table-wrap">
                    <table class="table" id=format!("{id}-table")>
                        <thead><tr>
                            <th scope="col">"When"</th>
                            <th scope="col">"Action"</th>
                            <th scope="col">"VM"</th>
                            <th scope="col">"Result"</th>
                            <th scope="col">"Took"</th>
                            <th scope="col">"Request"</th>
                        </tr></thead>
                        <tbody>
                            {list.into_iter().map(|t| {
                                let at = js_sys::Date::new(&t.started.into());
                                let when = String::from(at.to_locale_string("default", &wasm_bindgen::JsValue::UNDEFINED));
                                let took = t.finished.map(|f| format_elapsed((f - t.started) as i64)).unwrap_or_else(|| "…".to_owned());
                                let (class, message) = match &t.state {
                                    TaskState::Running => ("badge badge-unbuilt", String::new()),
                                    TaskState::Done(outcome) => ("badge badge-online", outcome.clone()),
                                    TaskState::Failed(why) => ("badge badge-suspended", why.clone()),
                                };
                                let result = result_of(&t);
                                let vm = if t.vm_id.is_empty() {
                                    view! { <span>{t.vm_name.clone()}</span> }.into_any()
                                } else {
                                    view! { <A href=format!("/vms/{}", t.vm_id)>{t.vm_name.clone()}</A> }.into_any()
                                };
                                view! {
                                    <tr class="activity-row">
                                        <td>{when}</td>
                                        <td>{t.action.clone()}{t.interface.clone().map(|nic| view! { <div class="muted small">{format!("interface {nic}")}</div> })}</td>
                                        <td>{vm}</td>
                                        <td class="activity-result"><span class=class>{result}</span>{(!message.is_empty()).then(|| view! { <div class="muted small">{message}</div> })}</td>
                                        <td class="num">{took}</td>
                                        <td class="mono small activity-request">{t.request.clone()}</td>
                                    </tr>
                                }
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            }.into_any()
        }}
    }
}
