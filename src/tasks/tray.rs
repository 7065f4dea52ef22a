//! The tray in the header: a button with the number of running tasks and a
//! panel listing them.

use super::{notifications_granted, now, use_tasks};
use crate::api::vms::get_vm;
use crate::api::Api;
use crate::components::ToggleButton;
use crate::hooks::{
    use_page_visible, use_poll, use_poll_with_options, UsePollOptions, BUSY_POLL_MS,
};
use crate::marks::vm_marks::VmMarks;
use crate::session::use_session;
use leptos::prelude::*;
use leptos::task::spawn_local;
use leptos_router::components::A;
use vmdeck_core::history::{TaskState, TRAY};
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::href;
use vmdeck_core::time::{format_elapsed, Precision};
use vmdeck_core::ApiError;

/// The tray in the header: a button with the number of running tasks and a
/// panel listing them. It also looks after running tasks of VMs no page shows.
#[component]
pub fn TaskTray() -> impl IntoView {
    let tasks = use_tasks();
    let session = use_session();
    let marks = VmMarks::of_account();
    let open = RwSignal::new(false);
    let visible = use_page_visible();
    // The VMs to follow: those of running tasks no page looks at; in a
    // hidden tab with notifications on, all of them (the pages' own polls
    // rest while hidden), so that their end can be told.
    let hidden_follow = Signal::derive(move || tasks.notify.get() && !visible.get());
    let followed = Memo::new(move |_| {
        if hidden_follow.get() {
            tasks.running_vms()
        } else {
            tasks.unwatched_running()
        }
    });
    let any_followed = Memo::new(move |_| followed.with(|u| !u.is_empty()));
    use_poll_with_options(
        any_followed,
        BUSY_POLL_MS,
        move || {
            for vm_id in followed.get_untracked() {
                let asked_at = now();
                let id = vm_id.clone();
                let request = Api::call(session, move |api| async move { get_vm(&api, &id).await });
                spawn_local(async move {
                    match request.await {
                        Ok(vm) => tasks.observe(&vm, asked_at),
                        Err(ApiError::NotFound(_)) => {
                            if tasks.observe_gone(&vm_id, asked_at) {
                                marks.forget(&vm_id);
                            }
                        }
                        Err(_) => {}
                    }
                });
            }
        },
        UsePollOptions::default().while_hidden(hidden_follow),
    );
    let refused = RwSignal::new(false);
    let toggle_notify = move |_| {
        if tasks.notify.get_untracked() {
            tasks.set_notify(false);
            return;
        }
        if notifications_granted() {
            tasks.set_notify(true);
            return;
        }
        // Asked only here, on the user's click.
        let Ok(asked) = web_sys::Notification::request_permission() else { return };
        spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(asked).await;
            let granted = notifications_granted();
            refused.try_set(!granted);
            if granted {
                tasks.set_notify(true);
            }
        });
    };

    // The elapsed times tick while the panel is open.
    let clock = RwSignal::new(now());
    let ticking = Signal::derive(move || open.get() && tasks.running() > 0);
    use_poll(ticking, 1_000, move || clock.set(now()));

    view! {
        <div class="tray">
            <ToggleButton id="task-tray-toggle" controls="task-tray" open=open class="button button-quiet tray-button" before=Callback::new(move |()| clock.set(now()))>
                {t::TRAY_TASKS.get()}
                {move || match tasks.running() {
                    0 => None,
                    n => Some(view! { <span class="count count-busy" id="task-running-count"><span class="spinner" aria-hidden="true"></span>{vmdeck_core::i18n::integer(n as i64)}</span> }),
                }}
            </ToggleButton>
            <div class="tray-panel" id="task-tray" hidden=move || !open.get()>
                <div class="tray-notify">
                    <button type="button" class="button button-quiet button-small" id="tray-notify" aria-pressed=move || tasks.notify.get().to_string() on:click=toggle_notify>
                        {move || if tasks.notify.get() { t::TRAY_NOTIFY_ON.get() } else { t::TRAY_NOTIFY_ASK.get() }}
                    </button>
                    {move || refused.get().then(|| view! { <p class="muted small" id="tray-notify-refused">{t::TRAY_NOTIFY_REFUSED.get()}</p> })}
                </div>
                <div class="tray-head">
                    <span>{t::TRAY_SENT_FROM_HERE.get()}</span>
                    <span class="tray-head-actions">
                        <A href=href::activity() attr:id="tray-activity" on:click=move |_| open.set(false)>{t::TRAY_ALL_ACTIVITY.get()}</A>
                        <button type="button" class="button button-quiet" on:click=move |_| tasks.clear_finished()>{t::TRAY_CLEAR_FINISHED.get()}</button>
                    </span>
                </div>
                {move || {
                    let list = tasks.list().with(|l| l.tasks().iter().filter(|t| t.running() || tasks.in_tray(t.started)).take(TRAY).cloned().collect::<Vec<_>>());
                    if list.is_empty() {
                        return view! { <p class="muted tray-empty">{t::TRAY_EMPTY.get()}</p> }.into_any();
                    }
                    view! {
                        <ul class="tray-list">
                            {list.into_iter().map(|task| {
                                let at = crate::locale::moment((task.started / 1000.0) as i64, Precision::Second);
                                let elapsed = move || format_elapsed((task.finished.unwrap_or_else(|| clock.get()) - task.started) as i64);
                                let (class, state) = match &task.state {
                                    TaskState::Running => ("task-running", t::ACTIVITY_RESULT_RUNNING.get().to_owned()),
                                    TaskState::Done(outcome) if outcome.is_empty() => ("task-done", t::ACTIVITY_RESULT_DONE.get().to_owned()),
                                    TaskState::Done(outcome) => ("task-done", vmdeck_core::tf!(t::TRAY_DONE, outcome = outcome)),
                                    TaskState::Failed(why) => ("task-failed", vmdeck_core::tf!(t::TRAY_FAILED, why = why)),
                                    TaskState::Unconfirmed => ("task-unconfirmed", t::TRAY_UNCONFIRMED.get().to_owned()),
                                };
                                view! {
                                    <li class=format!("task {class}")>
                                        <div class="task-line">
                                            <strong>{vmdeck_core::history::action_label(&task.action)}</strong>
                                            {if task.vm_id.is_empty() {
                                                view! { <span>{task.vm_name.clone()}</span> }.into_any()
                                            } else {
                                                view! { <A href=href::vm(&task.vm_id) on:click=move |_| open.set(false)>{task.vm_name.clone()}</A> }.into_any()
                                            }}
                                        </div>
                                        <div class="task-line muted small">
                                            <span>{state}</span>
                                            <span>{vmdeck_core::tf!(t::TRAY_STARTED_AT, at = at)} " · " {elapsed}</span>
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
