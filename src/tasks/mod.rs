//! The task tray's store: what this browser started, until it is done
//! (`vmdeck_core::tasks`), kept in the tab's storage so that a reload keeps
//! it, with its starts and ends announced to screen readers. The tray in
//! the header (`tray.rs`) shows it and looks after VMs no page shows.

mod tray;

pub use tray::TaskTray;

use crate::storage::{self, Store};
use leptos::prelude::*;
use std::collections::BTreeMap;
use vmdeck_core::tasks::{TaskList, TaskState};
use vmdeck_core::{ApiError, Vm};

const STORAGE_KEY: &str = "vmdeck.tasks";

fn now() -> f64 {
    js_sys::Date::now()
}

/// The tray's state, provided at the root.
#[derive(Clone, Copy)]
pub struct Tasks {
    list: RwSignal<TaskList>,
    /// The last start or end, for the live region.
    announcement: RwSignal<String>,
    /// VMs a page is polling already (with how many pages), which the tray leaves alone.
    watched: RwSignal<BTreeMap<String, usize>>,
}

impl Tasks {
    pub fn restore() -> Self {
        let list = storage::read(Store::Tab, STORAGE_KEY).unwrap_or_default();
        Self { list: RwSignal::new(list), announcement: RwSignal::new(String::new()), watched: RwSignal::new(BTreeMap::new()) }
    }

    fn save(&self) {
        self.list.with_untracked(|list| storage::write(Store::Tab, STORAGE_KEY, list));
    }

    pub fn list(&self) -> ReadSignal<TaskList> {
        self.list.read_only()
    }

    pub fn running(&self) -> usize {
        self.list.with(TaskList::running)
    }

    /// Records a new task and answers its id.
    pub fn start(&self, action: &str, vm_id: &str, vm_name: &str) -> u64 {
        let mut id = 0;
        self.list.update(|l| id = l.start(action, vm_id, vm_name, now()));
        self.save();
        // The busy mark on the page is not read out; this is.
        self.announcement.set(format!("{action} on {vm_name}: started."));
        id
    }

    fn end(&self, id: u64, state: TaskState) {
        let mut message = None;
        self.list.update(|l| message = l.end(id, state, now()));
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
        for id in self.list.with_untracked(|l| l.due(vm_id, asked_at)) {
            self.done(id, &format!("now {}", vm.status.label()));
        }
    }

    /// The VM is gone (after a destroy): its running tasks are done.
    pub fn observe_gone(&self, vm_id: &str, asked_at: f64) {
        for id in self.list.with_untracked(|l| l.due(vm_id, asked_at)) {
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
                *n = n.saturating_sub(1);
                if *n == 0 {
                    w.remove(vm_id);
                }
            }
        });
    }

    /// VMs with running tasks that no page is looking at, each once.
    fn unwatched_running(&self) -> Vec<String> {
        self.watched.with(|watched| self.list.with(|l| l.unwatched_running(|vm| watched.contains_key(vm))))
    }

    pub fn clear_finished(&self) {
        self.list.update(TaskList::clear_finished);
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
