//! The history of what this browser sent, per account
//! (`vmdeck_core::history`): kept in the browser's storage so that reloads
//! and other tabs share it, each change read back from storage first and
//! other tabs' changes taken in as they happen (the `storage` event). When
//! the storage is full or blocked, it goes on in memory and says so. The
//! task tray in the header (`tray.rs`) shows its newest entries and looks
//! after VMs no page shows; starts and ends are announced to screen readers.
//! Writes sent in order, one at a time, go through `in_order`.

pub mod activity;
pub mod in_order;
mod tray;

pub use tray::TaskTray;

use crate::api::client::Pending;
use crate::api::vms::get_vm;
use crate::api::{Api, ApiResult, Outcome, Reply};
use crate::session::Session;
use crate::storage::kept::{Keep, Kept};
use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use vmdeck_core::api::request::ApiRequest;
use vmdeck_core::firewall::edit::Before;
use vmdeck_core::firewall::reverse::Reversal;
use vmdeck_core::history::{Operation, Seen, Started, TaskList, TaskState};
use vmdeck_core::i18n::shell as t;
use vmdeck_core::{ApiError, Vm};

/// A task shorter than this is not worth a notification.
const NOTIFY_AFTER_MS: f64 = 3_000.0;

impl Keep for TaskList {
    /// A history the panel cannot read (an older form) starts again empty.
    fn from_kept(value: &Value) -> Self {
        serde_json::from_value(value.clone()).unwrap_or_default()
    }
    fn to_kept(&self) -> Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn is_empty(&self) -> bool {
        self.tasks().is_empty()
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The history's state, provided at the root.
#[derive(Clone, Copy)]
pub struct Tasks {
    list: Kept<TaskList>,
    /// The last start or end, for the live region.
    announcement: RwSignal<String>,
    /// VMs a page is polling already (with how many pages), which the tray leaves alone.
    watched: RwSignal<BTreeMap<String, usize>>,
    /// Finished entries started before this are left out of the tray (its
    /// "Clear finished"); the history keeps them.
    tray_from: RwSignal<f64>,
    /// Notify when a task ends while the tab is hidden (asked for with a
    /// click, granted by the browser, remembered in this browser).
    pub notify: RwSignal<bool>,
}

/// Whether the browser lets this site show notifications now.
pub fn notifications_granted() -> bool {
    web_sys::Notification::permission() == web_sys::NotificationPermission::Granted
}

impl Tasks {
    /// The account's history from storage, following the session's
    /// account and other tabs.
    pub fn restore() -> Self {
        Self {
            list: Kept::new(keys::history),
            announcement: RwSignal::new(String::new()),
            watched: RwSignal::new(BTreeMap::new()),
            tray_from: RwSignal::new(0.0),
            notify: RwSignal::new(
                storage::read(Store::Browser, keys::NOTIFY).unwrap_or(false)
                    && notifications_granted(),
            ),
        }
    }

    /// Changes the history as it stands in storage now (another tab may have
    /// written since), then keeps it.
    fn change<T: Default>(&self, change: impl FnOnce(&mut TaskList) -> T) -> T {
        self.list.update(change)
    }

    pub fn list(&self) -> Kept<TaskList> {
        self.list
    }

    /// The storage refused a write: the history is in memory only.
    pub fn memory_only(&self) -> bool {
        self.list.memory_only()
    }

    pub fn running(&self) -> usize {
        self.list.with(TaskList::running)
    }

    /// When the newest write was sent, from this tab or another (untracked).
    pub fn last_sent_at(&self) -> Option<f64> {
        self.list.with_untracked(TaskList::last_sent_at)
    }

    /// Records a write and answers its entry's id.
    fn start(&self, started: Started) -> u64 {
        // The busy mark on the page is not read out; this is.
        let said = vmdeck_core::tf!(
            t::TASK_STARTED,
            action = started.action.text().get(),
            vm = started.vm_name
        );
        let id = self.change(|list| list.start(started, now()));
        self.announcement.set(said);
        id
    }

    fn end(&self, id: u64, state: TaskState) {
        let started =
            self.list.with_untracked(|l| l.tasks().iter().find(|t| t.id == id).map(|t| t.started));
        if let Some(message) = self.change(|list| list.end(id, state, now())) {
            // A long task ended while the user looks elsewhere: tell them.
            let long = started.is_some_and(|s| now() - s >= NOTIFY_AFTER_MS);
            if long
                && self.notify.get_untracked()
                && !crate::hooks::page_visible()
                && notifications_granted()
            {
                let options = web_sys::NotificationOptions::new();
                options.set_body(&message);
                options.set_tag(&format!("vmdeck-task-{id}"));
                let _ = web_sys::Notification::new_with_options(t::TASK_ENDED.get(), &options);
            }
            self.announcement.set(message);
        }
    }

    /// Turns the notifications on (asking the browser first, once) or off.
    pub fn set_notify(&self, on: bool) {
        self.notify.set(on);
        storage::write(Store::Browser, keys::NOTIFY, &on);
    }

    /// The entry is about `vm`, known from the answer (a VM created): it
    /// runs until the VM is seen built.
    fn found_vm(&self, id: u64, vm: &Vm) {
        let Some(vm_id) = vm.id.as_deref() else { return };
        self.change(|list| {
            list.name_vm(id, vm_id);
            list.first_look(id, vm);
        });
    }

    /// Work accepted for later (202): a first look at the VM now, which
    /// its effect is later seen against (`vmdeck_core::history::follow`).
    fn first_look(self, session: Session, task: u64, vm_id: String) {
        if vm_id.is_empty() {
            return;
        }
        let read = Api::call(session, move |api| async move { get_vm(&api, &vm_id).await });
        wasm_bindgen_futures::spawn_local(async move {
            if let Ok(vm) = read.await {
                self.change(|list| list.first_look(task, &vm));
            }
        });
    }

    /// Whether work this panel started on the VM has not been seen to end:
    /// the VM is taken as busy meanwhile.
    pub fn running_on(&self, vm_id: &str) -> bool {
        self.list.with(|l| l.of_vm(vm_id).any(|t| t.running()))
    }

    /// The one way a write goes out: its entry recorded as it starts (made
    /// now, so that it is recorded even if the page is left), then `made`
    /// sent with the session's API, and the entry's outcome owned here: a
    /// refusal fails it; a created VM is followed until it is built; work
    /// done (200, 201, 204) ends it; work accepted for later (202) leaves it
    /// running until its effect is seen. Callers say only
    /// what the answer means for their page.
    pub fn send(
        self,
        session: Session,
        operation: Operation,
        vm: (String, String),
        made: ApiResult<ApiRequest>,
    ) -> Pending<Reply> {
        self.send_knowing(session, operation, vm, made, None)
    }

    /// `send` of a write that changes or deletes a firewall rule: `before`
    /// is the rule as it was, which its "Undo" needs and its answer does
    /// not say.
    pub fn send_knowing(
        self,
        session: Session,
        operation: Operation,
        vm: (String, String),
        made: ApiResult<ApiRequest>,
        before: Option<Before>,
    ) -> Pending<Reply> {
        let (vm_id, vm_name) = vm;
        let request = made.clone().ok();
        let task = self.start(Started {
            action: operation,
            vm_id: vm_id.clone(),
            vm_name,
            request: request.clone(),
        });
        let reply = Api::call(session, move |api| async move { api.run(&made?).await });
        Box::pin(async move {
            let reply = reply.await;
            match &reply {
                Err(e) => self.failed(task, e),
                Ok(reply) => {
                    match reply.outcome() {
                        // A new VM, whether the answer says built or building:
                        // its entry runs until the VM is seen built.
                        _ if operation == Operation::CreateVm => {
                            match reply.decode(Vm::from_json) {
                                Ok(vm) if vm.id.is_some() => self.found_vm(task, &vm),
                                _ => self.done(task, Some(t::CREATE_CREATED.get())),
                            }
                        }
                        Outcome::Started if operation.seen_on_vm() && !vm_id.is_empty() => {
                            self.first_look(session, task, vm_id)
                        }
                        // Nothing of it shows on a VM (a template or a backup
                        // deleted): accepted is all there is to see, and left
                        // running it would run for ever.
                        Outcome::Started => self.done(task, Some(t::TASK_ACCEPTED.get())),
                        Outcome::Done => self.done(task, None),
                    }
                    // A firewall write accepted: what undoes it, for the history's "Undo".
                    if let Some(reversal) = request.and_then(|request| {
                        Reversal::of(operation, &request, &reply.body, before.as_ref())
                    }) {
                        self.change(|list| list.accepted(task, reversal));
                    }
                }
            }
            reply
        })
    }

    /// A step with nothing to send (what it would do is so already):
    /// recorded as done at once, so the history tells the whole flow.
    pub fn nothing_to_send(&self, started: Started) {
        let task = self.start(started);
        self.done(task, None);
    }

    /// The task ended well; `outcome` says what it led to, if more than done.
    fn done(&self, id: u64, outcome: Option<&str>) {
        self.end(id, TaskState::Done(outcome.unwrap_or_default().to_owned()));
    }

    fn failed(&self, id: u64, error: &ApiError) {
        self.end(id, TaskState::Failed(error.to_string()));
    }

    /// A fresh look at a VM that was requested at `asked_at`: its running
    /// tasks started before then end once it shows their effect.
    pub fn observe(&self, vm: &Vm, asked_at: f64) {
        let vm_id = vm.id.as_deref().unwrap_or_default();
        let ended = if self.list.with_untracked(|l| l.of_vm(vm_id).any(|t| t.running())) {
            self.change(|list| list.look(vm, asked_at, now()))
        } else {
            Vec::new()
        };
        for (id, seen) in ended {
            match seen {
                Seen::Done => {
                    self.done(id, Some(&vmdeck_core::tf!(t::TASK_NOW, status = vm.status.label())))
                }
                Seen::Unconfirmed => self.end(id, TaskState::Unconfirmed),
            }
        }
    }

    /// The VM is gone (after a destroy): its running tasks are done. Answers
    /// whether a destroy sent from this panel was among them, so that what
    /// the panel keeps of the VM can go too; a VM merely not found (a wrong
    /// address, a proxy's 404) keeps it.
    pub fn observe_gone(&self, vm_id: &str, asked_at: f64) -> bool {
        let (due, destroyed) =
            self.list.with_untracked(|l| (l.due(vm_id, asked_at), l.destroy_due(vm_id, asked_at)));
        for id in due {
            self.done(id, Some(t::TASK_REMOVED.get()));
        }
        destroyed
    }

    /// A page polls this VM while it is shown; the tray does not poll it too.
    pub fn watch(&self, vm_id: String) {
        self.watched.update(|w| *w.entry(vm_id).or_insert(0) += 1);
    }

    pub fn unwatch(&self, vm_id: &str) {
        self.watched.update(|w| {
            if let Some(n) = w.get_mut(vm_id) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    w.remove(vm_id);
                }
            }
        });
    }

    /// VMs with running tasks, each once.
    fn running_vms(&self) -> Vec<String> {
        self.list.with(|l| l.unwatched_running(|_| false))
    }

    /// VMs with running tasks that no page is looking at, each once.
    fn unwatched_running(&self) -> Vec<String> {
        self.watched
            .with(|watched| self.list.with(|l| l.unwatched_running(|vm| watched.contains_key(vm))))
    }

    /// Leaves the finished entries out of the tray; the history keeps them.
    pub fn clear_finished(&self) {
        self.tray_from.set(now());
    }

    /// Whether the tray shows an entry started at `started` that has finished.
    fn in_tray(&self, started: f64) -> bool {
        started >= self.tray_from.get()
    }
}

pub fn use_tasks() -> Tasks {
    expect_context::<Tasks>()
}
