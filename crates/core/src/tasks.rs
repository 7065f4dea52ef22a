//! The operations this browser started, until they are done: the task
//! tray's list, without the browser (the panel keeps it in the tab's
//! storage and polls the VMs of running tasks).

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Finished tasks kept in the list; running ones always stay.
pub const KEEP_FINISHED: usize = 20;

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

impl Task {
    pub fn running(&self) -> bool {
        self.state == TaskState::Running
    }
}

/// The tasks, newest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskList(Vec<Task>);

impl TaskList {
    pub fn tasks(&self) -> &[Task] {
        &self.0
    }

    pub fn running(&self) -> usize {
        self.0.iter().filter(|t| t.running()).count()
    }

    /// Records a task started at `now` and answers its id.
    pub fn start(&mut self, action: &str, vm_id: &str, vm_name: &str, now: f64) -> u64 {
        let id = self.0.iter().map(|t| t.id).max().unwrap_or(0).saturating_add(1);
        self.0.insert(0, Task {
            id,
            action: action.to_owned(),
            vm_id: vm_id.to_owned(),
            vm_name: vm_name.to_owned(),
            started: now,
            finished: None,
            state: TaskState::Running,
        });
        let mut finished = 0;
        self.0.retain(|t| {
            t.running() || {
                finished += 1;
                finished <= KEEP_FINISHED
            }
        });
        id
    }

    /// Ends a running task; answers the sentence that announces it, or
    /// `None` when no running task has that id (it ended already).
    pub fn end(&mut self, id: u64, state: TaskState, now: f64) -> Option<String> {
        let task = self.0.iter_mut().find(|t| t.id == id && t.running())?;
        let message = match &state {
            TaskState::Done(outcome) => format!("{} on {}: done, {outcome}.", task.action, task.vm_name),
            TaskState::Failed(why) => format!("{} on {} failed: {why}", task.action, task.vm_name),
            TaskState::Running => return None,
        };
        task.state = state;
        task.finished = Some(now);
        Some(message)
    }

    /// The running tasks of a VM that started before `asked_at`: a read of
    /// the VM asked for then that finds it free (or gone) ends them.
    pub fn due(&self, vm_id: &str, asked_at: f64) -> Vec<u64> {
        self.0.iter().filter(|t| t.running() && t.vm_id == vm_id && t.started < asked_at).map(|t| t.id).collect()
    }

    /// The VMs with running tasks that `watched` says no page looks at,
    /// each once, in the order of their newest task.
    pub fn unwatched_running(&self, watched: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = BTreeSet::new();
        self.0
            .iter()
            .filter(|t| t.running() && !watched(&t.vm_id))
            .filter(|t| seen.insert(t.vm_id.clone()))
            .map(|t| t.vm_id.clone())
            .collect()
    }

    pub fn clear_finished(&mut self) {
        self.0.retain(Task::running);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tasks_start_newest_first_with_fresh_ids() {
        let mut list = TaskList::default();
        let a = list.start("Reboot", "1", "web", 10.0);
        let b = list.start("Stop", "2", "db", 20.0);
        assert_ne!(a, b);
        assert_eq!(list.tasks()[0].id, b);
        assert_eq!(list.running(), 2);
    }

    #[test]
    fn ending_announces_once() {
        let mut list = TaskList::default();
        let id = list.start("Reboot", "1", "web", 10.0);
        assert_eq!(list.end(id, TaskState::Done("now online".into()), 30.0).as_deref(), Some("Reboot on web: done, now online."));
        assert_eq!(list.end(id, TaskState::Failed("late".into()), 40.0), None, "a task ends once");
        assert_eq!(list.tasks()[0].finished, Some(30.0));
        assert_eq!(list.running(), 0);
        let id = list.start("Stop", "1", "web", 50.0);
        assert_eq!(list.end(id, TaskState::Failed("busy".into()), 60.0).as_deref(), Some("Stop on web failed: busy"));
    }

    #[test]
    fn only_the_newest_finished_tasks_stay_but_every_running_one_does() {
        let mut list = TaskList::default();
        let long = list.start("Rebuild", "9", "old", 0.0);
        for n in 0..(KEEP_FINISHED + 5) {
            let id = list.start("Reboot", &n.to_string(), "vm", n as f64);
            list.end(id, TaskState::Done("ok".into()), n as f64);
        }
        list.start("Reboot", "x", "vm", 100.0);
        assert_eq!(list.tasks().iter().filter(|t| !t.running()).count(), KEEP_FINISHED);
        assert!(list.tasks().iter().any(|t| t.id == long && t.running()));
    }

    #[test]
    fn a_read_ends_only_the_tasks_started_before_it() {
        let mut list = TaskList::default();
        let before = list.start("Reboot", "1", "web", 10.0);
        let after = list.start("Stop", "1", "web", 30.0);
        list.start("Stop", "2", "db", 5.0);
        assert_eq!(list.due("1", 20.0), vec![before]);
        assert_eq!(list.due("1", 40.0), vec![after, before]);
    }

    #[test]
    fn each_unwatched_vm_is_polled_once_however_its_tasks_lie() {
        let mut list = TaskList::default();
        // Not adjacent: a, b, a (the old `dedup` kept both a's).
        list.start("Reboot", "a", "A", 1.0);
        list.start("Reboot", "b", "B", 2.0);
        list.start("Stop", "a", "A", 3.0);
        list.start("Stop", "c", "C", 4.0);
        assert_eq!(list.unwatched_running(|_| false), vec!["c", "a", "b"]);
        assert_eq!(list.unwatched_running(|vm| vm == "a"), vec!["c", "b"]);
    }

    #[test]
    fn clearing_keeps_what_runs_and_the_list_round_trips() {
        let mut list = TaskList::default();
        let done = list.start("Reboot", "1", "web", 1.0);
        list.end(done, TaskState::Done("ok".into()), 2.0);
        list.start("Stop", "2", "db", 3.0);
        let text = serde_json::to_string(&list).unwrap_or_default();
        // Stored as a plain list, as before.
        assert!(text.starts_with('['));
        assert_eq!(serde_json::from_str::<TaskList>(&text).ok(), Some(list.clone()));
        list.clear_finished();
        assert_eq!(list.running(), 1);
        assert_eq!(list.tasks().len(), 1);
    }
}
