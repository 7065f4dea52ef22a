//! The task tray: what this browser started, until it is done. Kept in
//! sessionStorage so that a reload keeps it; its start and its end are announced to
//! screen readers.

use crate::api::vms::get_vm;
use crate::api::Api;
use crate::hooks::use_poll;
use crate::session::use_session;
use crate::storage::{self, Store};
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use vmdeck_core::time::format_elapsed;
use vmdeck_core::{ApiError, Vm};

const STORAGE_KEY: &str = "vmdeck.tasks";
/// Finished tasks kept in the tray.
const KEEP: usize = 20;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TaskState {
    Running,
    Done(String),
    Failed(String),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub id: u64,
    pub action: String,
    pub vm_id: String,
    pub vm_name: String,
    /// Milliseconds since the epoch.
    pub started: f64,
    pub finished: Option<f64>,
    pub state: TaskState,
}

/// The tray's state, provided at the root.
#[derive(Clone, Copy)]
pub struct Tasks {
    list: RwSignal<Vec<Task>>,
    /// The last completion, for the live region.
    announcement: RwSignal<String>,
    /// VMs a page is polling already (with how many pages), which the tray leaves alone.
    watched: RwSignal<BTreeMap<String, usize>>,
}

fn now() -> f64 {
    js_sys::Date::now()
}


impl Tasks {
    pub fn restore() -> Self {
        let list = storage::read(Store::Tab, STORAGE_KEY).unwrap_or_default();
        Self { list: RwSignal::new(list), announcement: RwSignal::new(String::new()), watched: RwSignal::new(BTreeMap::new()) }
    }

    fn save(&self) {
        self.list.with_untracked(|list| storage::write(Store::Tab, STORAGE_KEY, list));
    }

    pub fn tasks(&self) -> Vec<Task> {
        self.list.get()
    }

    pub fn running(&self) -> usize {
        self.list.with(|l| l.iter().filter(|t| t.state == TaskState::Running).count())
    }

    /// Records a new task and answers its id.
    pub fn start(&self, action: &str, vm_id: &str, vm_name: &str) -> u64 {
        let id = self.list.with_untracked(|l| l.iter().map(|t| t.id).max().unwrap_or(0) + 1);
        self.list.update(|l| {
            l.insert(0, Task {
                id,
                action: action.to_owned(),
                vm_id: vm_id.to_owned(),
                vm_name: vm_name.to_owned(),
                started: now(),
                finished: None,
                state: TaskState::Running,
            });
            // Running tasks always stay; finished ones only the newest few.
            let mut finished = 0;
            l.retain(|t| t.state == TaskState::Running || { finished += 1; finished <= KEEP });
        });
        self.save();
        // The busy mark on the page is not read out; this is.
        self.announcement.set(format!("{action} on {vm_name}: started."));
        id
    }

    fn end(&self, id: u64, state: TaskState) {
        let mut message = None;
        self.list.update(|l| {
            if let Some(task) = l.iter_mut().find(|t| t.id == id && t.state == TaskState::Running) {
                message = Some(match &state {
                    TaskState::Done(outcome) => format!("{} on {}: done, {outcome}.", task.action, task.vm_name),
                    TaskState::Failed(why) => format!("{} on {} failed: {why}", task.action, task.vm_name),
                    TaskState::Running => String::new(),
                });
                task.state = state;
                task.finished = Some(now());
            }
        });
        if let Some(message) = message {
            self.announcement.set(message);
            self.save();
        }
    }

    pub fn done(&self, id: u64, outcome: &str) {
        self.end(id, TaskState::Done(outcome.to_owned()));
    }

    pub fn failed(&self, id: u64, error: &ApiError) {
        self.end(id, TaskState::Failed(error.to_string()));
    }

    /// A fresh look at a VM that was requested at `asked_at`: its running
    /// tasks started before then are done when it is no longer busy.
    pub fn observe(&self, vm: &Vm, asked_at: f64) {
        if vm.locked {
            return;
        }
        let Some(vm_id) = vm.id.as_deref() else { return };
        let due: Vec<u64> = self.list.with_untracked(|l| {
            l.iter().filter(|t| t.state == TaskState::Running && t.vm_id == vm_id && t.started < asked_at).map(|t| t.id).collect()
        });
        for id in due {
            self.done(id, &format!("now {}", vm.status.label()));
        }
    }

    /// The VM is gone (after a destroy): its running tasks are done.
    pub fn observe_gone(&self, vm_id: &str, asked_at: f64) {
        let due: Vec<u64> = self.list.with_untracked(|l| {
            l.iter().filter(|t| t.state == TaskState::Running && t.vm_id == vm_id && t.started < asked_at).map(|t| t.id).collect()
        });
        for id in due {
            self.done(id, "removed");
        }
    }

    /// A page polls this VM while it is shown; the tray does not poll it too.
    pub fn watch(&self, vm_id: String) {
        self.watched.update(|w| *w.entry(vm_id).or_insert(0) += 1);
    }

    pub fn unwatch(&self, vm_id: &str) {
        self.watched.update(|w| {
            if let Some(n) = w.get_mut(vm_id) {
                *n -= 1;
                if *n == 0 {
                    w.remove(vm_id);
                }
            }
        });
    }

    /// VMs with running tasks that no page is looking at.
    fn unwatched_running(&self) -> Vec<String> {
        let watched = self.watched.get();
        let mut ids: Vec<String> = self.list.with(|l| {
            l.iter().filter(|t| t.state == TaskState::Running && !watched.contains_key(&t.vm_id)).map(|t| t.vm_id.clone()).collect()
        });
        ids.dedup();
        ids
    }

    pub fn clear_finished(&self) {
        self.list.update(|l| l.retain(|t| t.state == TaskState::Running));
        self.save();
    }
}

pub fn use_tasks() -> Tasks {
    use_context::<Tasks>().unwrap_or_else(|| {
        let tasks = Tasks::restore();
        provide_context(tasks);
        tasks
    })
}

/// The tray in the header: a button with the number of running tasks and a
/// panel listing them. It also looks after running tasks of VMs no page shows.
#[component]
pub fn TaskTray() -> impl IntoView {
    let tasks = use_tasks();
    let session = use_session();
    let open = RwSignal::new(false);
    let unwatched = Memo::new(move |_| tasks.unwatched_running());
    let any_unwatched = Memo::new(move |_| unwatched.with(|u| !u.is_empty()));
    use_poll(any_unwatched, 2_000, move || {
        let Ok(api) = Api::from_session(session) else { return };
        for vm_id in unwatched.get_untracked() {
            let api = api.clone();
            spawn_local(async move {
                let asked_at = now();
                match get_vm(&api, &vm_id).await {
                    Ok(vm) => tasks.observe(&vm, asked_at),
                    Err(ApiError::NotFound(_)) => tasks.observe_gone(&vm_id, asked_at),
                    Err(_) => {}
                }
            });
        }
    });

    // The elapsed times tick while the panel is open.
    let clock = RwSignal::new(now());
    let ticking = StoredValue::new_local(None::<gloo_timers::callback::Interval>);
    Effect::new(move || {
        let run = open.get() && tasks.running() > 0;
        ticking.set_value(run.then(|| gloo_timers::callback::Interval::new(1_000, move || clock.set(now()))));
    });
    on_cleanup(move || ticking.set_value(None));

    view! {
        <div class="tray">
            <button
                type="button"
                class="button button-quiet tray-button"
                id="task-tray-toggle"
                aria-expanded=move || open.get().to_string()
                aria-controls="task-tray"
                on:click=move |_| {
                    clock.set(now());
                    open.update(|o| *o = !*o);
                }
            >
                "Tasks"
                {move || match tasks.running() {
                    0 => None,
                    n => Some(view! { <span class="count count-busy" id="task-running-count"><span class="spinner" aria-hidden="true"></span>{n}</span> }),
                }}
            </button>
            <div class="tray-panel" id="task-tray" hidden=move || !open.get()>
                <div class="tray-head">
                    <span>"Started in this browser"</span>
                    <button type="button" class="button button-quiet" on:click=move |_| tasks.clear_finished()>"Clear finished"</button>
                </div>
                {move || {
                    let list = tasks.tasks();
                    if list.is_empty() {
                        return view! { <p class="muted tray-empty">"Nothing yet. Operations you start appear here."</p> }.into_any();
                    }
                    view! {
                        <ul class="tray-list">
                            {list.into_iter().map(|task| {
                                let started = js_sys::Date::new(&task.started.into());
                                let at = String::from(started.to_locale_time_string("default"));
                                let elapsed = move || format_elapsed((task.finished.unwrap_or_else(|| clock.get()) - task.started) as i64);
                                let (class, state) = match &task.state {
                                    TaskState::Running => ("task-running", "running".to_owned()),
                                    TaskState::Done(outcome) => ("task-done", format!("done, {outcome}")),
                                    TaskState::Failed(why) => ("task-failed", format!("failed: {why}")),
                                };
                                view! {
                                    <li class=format!("task {class}")>
                                        <div class="task-line">
                                            <strong>{task.action.clone()}</strong>
                                            <A href=format!("/vms/{}", task.vm_id) on:click=move |_| open.set(false)>{task.vm_name.clone()}</A>
                                        </div>
                                        <div class="task-line muted small">
                                            <span>{state}</span>
                                            <span>{format!("started {at}")} " · " {elapsed}</span>
                                        </div>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }
                    .into_any()
                }}
            </div>
            <div class="visually-hidden" role="status" aria-live="polite" id="task-announcement">{move || tasks.announcement.get()}</div>
        </div>
    }
}
