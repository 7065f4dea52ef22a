//! Following work the service accepted for later (a 202): it is done once
//! the change is seen — the VM seen busy and then free, or seen different
//! from a first look taken as the 202 arrives — and not merely because a
//! look finds the VM free: nothing documents that the VM is marked busy by
//! the time the 202 arrives. A write that shows no sign for
//! [`UNCONFIRMED_AFTER_MS`] is ended as one the panel cannot confirm.

use super::{Task, TaskList};
use crate::vm::Vm;
use serde::{Deserialize, Serialize};

/// How long accepted work may go without a sign of starting or ending
/// before the panel says it cannot tell whether it was done.
pub const UNCONFIRMED_AFTER_MS: f64 = 120_000.0;

/// How a VM was as the service accepted work on it: what the work's effect
/// is seen against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VmMark {
    pub status: String,
    #[serde(default)]
    pub updated_at: Option<String>,
}

impl VmMark {
    pub fn of(vm: &Vm) -> Self {
        Self { status: vm.status.code().to_owned(), updated_at: vm.updated_at.clone() }
    }

    /// Whether `vm` shows a change since this mark.
    fn changed_in(&self, vm: &Vm) -> bool {
        self.status != vm.status.code()
            || (self.updated_at.is_some() && self.updated_at != vm.updated_at)
    }
}

/// How a running task ends after a look at its VM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The work's effect was seen.
    Done,
    /// No sign of the work within [`UNCONFIRMED_AFTER_MS`].
    Unconfirmed,
}

impl super::Operation {
    /// Whether work of this kind, accepted for later, is seen on its VM. A
    /// backup made into a template or deleted leaves the VM as it is: there
    /// is nothing to follow, and it is done once accepted.
    pub fn seen_on_vm(self) -> bool {
        !matches!(self, Self::TemplateFromBackup | Self::DeleteBackup)
    }
}

impl TaskList {
    /// The first look at a task's VM, taken as its 202 arrived: busy
    /// already, or how it was before the work.
    pub fn first_look(&mut self, id: u64, vm: &Vm) {
        if let Some(task) = self.0.iter_mut().find(|t| t.id == id && t.running()) {
            if vm.locked {
                task.lock_seen = true;
            } else {
                task.before = Some(VmMark::of(vm));
            }
        }
    }

    /// A look at `vm`, read as asked for at `asked_at`, now `now`: notes a
    /// busy VM on its running tasks, and answers those the look ends.
    pub fn look(&mut self, vm: &Vm, asked_at: f64, now: f64) -> Vec<(u64, Seen)> {
        let Some(vm_id) = vm.id.as_deref() else { return Vec::new() };
        let mut ended = Vec::new();
        for task in
            self.0.iter_mut().filter(|t| t.running() && t.vm_id == vm_id && t.started < asked_at)
        {
            if vm.locked {
                task.lock_seen = true;
            } else if let Some(seen) = task.seen_end(vm, now) {
                ended.push((task.id, seen));
            }
        }
        ended
    }
}

impl Task {
    /// How a look at its VM, free now, ends this running task, if it does.
    fn seen_end(&self, vm: &Vm, now: f64) -> Option<Seen> {
        if self.lock_seen || self.before.as_ref().is_some_and(|before| before.changed_in(vm)) {
            Some(Seen::Done)
        } else if now - self.started >= UNCONFIRMED_AFTER_MS {
            Some(Seen::Unconfirmed)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::{Operation, Started, TaskState};
    use serde_json::json;

    fn vm(status: &str, locked: u8, updated_at: &str) -> Vm {
        Vm::from_json(
            &json!({"id": "7", "status": status, "locked": locked, "updated_at": updated_at}),
        )
        .unwrap()
    }

    fn started(list: &mut TaskList, at: f64, before: Option<&Vm>) -> u64 {
        let id = list.start(
            Started {
                action: Operation::ApplyFirewallRules,
                vm_id: "7".into(),
                vm_name: "web".into(),
                request: None,
            },
            at,
        );
        if let Some(before) = before {
            list.first_look(id, before);
        }
        id
    }

    #[test]
    fn a_free_vm_right_after_the_answer_is_not_yet_done() {
        let mut list = TaskList::default();
        let before = vm("online", 0, "2026-11-27T10:00:00");
        let id = started(&mut list, 1_000.0, Some(&before));
        // The service has not marked the VM busy yet: nothing is known.
        assert_eq!(list.look(&before, 1_500.0, 1_600.0), []);
        // Busy, then free: done.
        assert_eq!(list.look(&vm("online", 1, "2026-11-27T10:00:01"), 3_000.0, 3_100.0), []);
        assert_eq!(
            list.look(&vm("online", 0, "2026-11-27T10:00:03"), 5_000.0, 5_100.0),
            [(id, Seen::Done)]
        );
    }

    #[test]
    fn work_over_between_two_looks_is_seen_by_its_change() {
        let mut list = TaskList::default();
        let before = vm("offline", 0, "2026-11-27T10:00:00");
        let id = started(&mut list, 1_000.0, Some(&before));
        assert_eq!(
            list.look(&vm("online", 0, "2026-11-27T10:00:00"), 3_000.0, 3_000.0),
            [(id, Seen::Done)]
        );
        list.end(id, TaskState::Done(String::new()), 3_000.0);
        let other = started(&mut list, 4_000.0, Some(&before));
        assert_eq!(
            list.look(&vm("offline", 0, "2026-11-27T10:00:04"), 6_000.0, 6_000.0),
            [(other, Seen::Done)]
        );
    }

    #[test]
    fn a_vm_busy_at_the_first_look_is_done_when_free() {
        let mut list = TaskList::default();
        let id = started(&mut list, 1_000.0, Some(&vm("online", 1, "2026-11-27T10:00:00")));
        assert_eq!(
            list.look(&vm("online", 0, "2026-11-27T10:00:00"), 3_000.0, 3_000.0),
            [(id, Seen::Done)]
        );
    }

    #[test]
    fn work_that_leaves_the_vm_alone_is_not_followed_on_it() {
        assert!(!Operation::DeleteBackup.seen_on_vm());
        assert!(!Operation::TemplateFromBackup.seen_on_vm());
        assert!(Operation::RestoreBackup.seen_on_vm() && Operation::Reboot.seen_on_vm());
    }

    #[test]
    fn no_sign_within_the_limit_is_said_as_such() {
        let mut list = TaskList::default();
        let id = started(&mut list, 1_000.0, None);
        let same = vm("online", 0, "2026-11-27T10:00:00");
        assert_eq!(list.look(&same, 60_000.0, 60_000.0), []);
        assert_eq!(
            list.look(&same, 1_000.0 + UNCONFIRMED_AFTER_MS, 1_000.0 + UNCONFIRMED_AFTER_MS),
            [(id, Seen::Unconfirmed)]
        );
        // A look asked for before the write says nothing of it.
        let mut list = TaskList::default();
        started(&mut list, 1_000.0, None);
        assert_eq!(list.look(&same, 900.0, 1_000.0 + UNCONFIRMED_AFTER_MS), []);
    }

    #[test]
    fn tasks_recorded_before_marks_were_kept_still_read() {
        let old = json!([{"id": 1, "action": "reboot", "vm_id": "7", "vm_name": "web", "started": 1.0, "finished": null, "state": "Running"}]);
        let list: TaskList = serde_json::from_value(old).unwrap();
        assert!(list.tasks()[0].before.is_none() && !list.tasks()[0].lock_seen);
    }
}
