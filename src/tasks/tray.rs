//! The tray in the header: a button with the number of running tasks and a
//! panel listing them.

use super::{now, use_tasks};
use crate::api::vms::get_vm;
use crate::api::Api;
use crate::hooks::{use_poll, BUSY_POLL_MS};
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;
use vmdeck_core::tasks::TaskState;
use vmdeck_core::time::format_elapsed;
use vmdeck_core::ApiError;

/// The tray in the header: a button with the number of running tasks and a
/// panel listing them. It also looks after running tasks of VMs no page shows.
#[component]
pub fn TaskTray() -> impl IntoView {
    let tasks = use_tasks();
    let session = use_session();
    let open = RwSignal::new(false);
    let unwatched = Memo::new(move |_| tasks.unwatched_running());
    let any_unwatched = Memo::new(move |_| unwatched.with(|u| !u.is_empty()));
    use_poll(any_unwatched, BUSY_POLL_MS, move || {
        for vm_id in unwatched.get_untracked() {
            let asked_at = now();
            let id = vm_id.clone();
            let request = Api::call(session, move |api| async move { get_vm(&api, &id).await });
            spawn_local(async move {
                match request.await {
                    Ok(vm) => tasks.observe(&vm, asked_at),
                    Err(ApiError::NotFound(_)) => tasks.observe_gone(&vm_id, asked_at),
                    Err(_) => {}
                }
            });
        }
    });

    // The elapsed times tick while the panel is open.
    let clock = RwSignal::new(now());
    let ticking = Signal::derive(move || open.get() && tasks.running() > 0);
    use_poll(ticking, 1_000, move || clock.set(now()));

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
                    let list = tasks.list().with(|l| l.tasks().to_vec());
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
