//! What the panel did, per account: every write it sent (an action, an
//! edit, an interface, an address, a rule, an ISO, each item of a bulk
//! action), to which VM or interface, when, how long it took and how it
//! ended. The panel keeps it in the browser's storage (the newest
//! [`KEEP`]); the task tray shows its newest entries, the Activity views
//! all of it. A record never holds a token or a secret: a request is kept
//! as its method, path and the names of what it sent, secrets left out
//! ([`request_summary`]), and an address keeps no user info, query or
//! fragment ([`secrets::url_for_record`]). Where each write of a sequence
//! sent in order stands is a [`Sent`].

pub mod changes;
pub mod export;
pub mod follow;
pub mod operation;
pub mod sent;

use crate::api::request::ApiRequest;
use crate::firewall::reverse::Reversal;
use crate::history::export::Table;
use crate::i18n::messages as t;
use crate::secrets;
pub use follow::{Seen, VmMark};
pub use operation::Operation;
pub use sent::Sent;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;

/// Entries kept in all; running ones always stay.
pub const KEEP: usize = 1000;
/// Entries the task tray shows.
pub const TRAY: usize = 20;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TaskState {
    Running,
    /// What it led to ("now online"); empty when the answer said no more than done.
    Done(String),
    Failed(String),
    /// Accepted for later, and never seen to start or end ([`follow`]).
    Unconfirmed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Task {
    pub id: u64,
    pub action: String,
    pub vm_id: String,
    pub vm_name: String,
    /// The network interface acted on, if the write was to one.
    #[serde(default)]
    pub interface: Option<String>,
    /// The request, without secrets ([`request_summary`]).
    #[serde(default)]
    pub request: String,
    /// Milliseconds since the epoch.
    pub started: f64,
    pub finished: Option<f64>,
    pub state: TaskState,
    /// What undoes it, for a firewall write the service accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reversal: Option<Reversal>,
    /// The VM as last seen before the write, to see the work's effect.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<VmMark>,
    /// The VM was seen busy since the write: free again, the work is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lock_seen: bool,
}

impl Task {
    pub fn running(&self) -> bool {
        self.state == TaskState::Running
    }
}

/// What one write is, as the history records it.
#[derive(Clone, Debug, PartialEq)]
pub struct Started {
    pub action: Operation,
    pub vm_id: String,
    pub vm_name: String,
    pub request: Option<ApiRequest>,
}

/// The history, newest first.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TaskList(Vec<Task>);

/// A history of `tasks`, which are to be newest first with each id once.
impl From<Vec<Task>> for TaskList {
    fn from(tasks: Vec<Task>) -> Self {
        Self(tasks)
    }
}

impl TaskList {
    pub fn tasks(&self) -> &[Task] {
        &self.0
    }

    pub fn running(&self) -> usize {
        self.0.iter().filter(|t| t.running()).count()
    }

    /// When the newest write was sent, if any is recorded.
    pub fn last_sent_at(&self) -> Option<f64> {
        self.0.iter().map(|t| t.started).reduce(f64::max)
    }

    /// Records a write started at `now` and answers its id. The action is
    /// kept by its key ([`Operation::key`]): the record reads the same in every
    /// language, and is shown in the current one ([`action_label`]).
    pub fn start(&mut self, started: Started, now: f64) -> u64 {
        let id = self.0.iter().map(|t| t.id).max().unwrap_or(0).saturating_add(1);
        let interface = started.request.as_ref().and_then(ApiRequest::interface);
        self.0.insert(
            0,
            Task {
                id,
                action: started.action.key().to_owned(),
                vm_id: started.vm_id,
                vm_name: started.vm_name,
                interface,
                request: started.request.as_ref().map(request_summary).unwrap_or_default(),
                started: now,
                finished: None,
                state: TaskState::Running,
                reversal: None,
                before: None,
                lock_seen: false,
            },
        );
        // The newest KEEP stay, and older ones still running.
        let mut kept = 0;
        self.0.retain(|t| {
            kept += 1;
            kept <= KEEP || t.running()
        });
        id
    }

    /// Ends a running task; answers the sentence that announces it, or
    /// `None` when no running task has that id (it ended already).
    pub fn end(&mut self, id: u64, state: TaskState, now: f64) -> Option<String> {
        let task = self.0.iter_mut().find(|t| t.id == id && t.running())?;
        let message = match &state {
            TaskState::Done(outcome) if outcome.is_empty() => crate::tf!(
                t::HISTORY_DONE_PLAIN,
                action = action_label(&task.action),
                vm = task.vm_name
            ),
            TaskState::Done(outcome) => crate::tf!(
                t::HISTORY_DONE,
                action = action_label(&task.action),
                vm = task.vm_name,
                outcome = outcome
            ),
            TaskState::Failed(why) => crate::tf!(
                t::HISTORY_FAILED,
                action = action_label(&task.action),
                vm = task.vm_name,
                why = why
            ),
            TaskState::Unconfirmed => crate::tf!(
                t::HISTORY_UNCONFIRMED,
                action = action_label(&task.action),
                vm = task.vm_name
            ),
            TaskState::Running => return None,
        };
        // What the service said may quote an address with its credentials.
        task.state = match state {
            TaskState::Done(outcome) => TaskState::Done(secrets::text_for_record(&outcome)),
            TaskState::Failed(why) => TaskState::Failed(secrets::text_for_record(&why)),
            other @ (TaskState::Unconfirmed | TaskState::Running) => other,
        };
        task.finished = Some(now);
        Some(message)
    }

    /// Names the VM of an entry once the answer says it (a VM created).
    /// The service accepted the write: what undoes it, if the panel can.
    pub fn accepted(&mut self, id: u64, reversal: Reversal) {
        if let Some(task) = self.0.iter_mut().find(|t| t.id == id) {
            task.reversal = Some(reversal);
        }
    }

    pub fn name_vm(&mut self, id: u64, vm_id: &str) {
        if let Some(task) = self.0.iter_mut().find(|t| t.id == id) {
            task.vm_id = vm_id.to_owned();
        }
    }

    /// The running tasks of a VM that started before `asked_at`: a read of
    /// the VM asked for then that finds it free (or gone) ends them.
    pub fn due(&self, vm_id: &str, asked_at: f64) -> Vec<u64> {
        self.due_tasks(vm_id, asked_at).map(|t| t.id).collect()
    }

    /// Whether a destroy of `vm_id` sent from this panel is among its tasks
    /// [`due`](Self::due): found gone, the VM is the destroy's doing.
    pub fn destroy_due(&self, vm_id: &str, asked_at: f64) -> bool {
        self.due_tasks(vm_id, asked_at).any(|t| t.action == Operation::Destroy.key())
    }

    fn due_tasks<'a>(
        &'a self,
        vm_id: &'a str,
        asked_at: f64,
    ) -> impl Iterator<Item = &'a Task> + 'a {
        self.0.iter().filter(move |t| t.running() && t.vm_id == vm_id && t.started < asked_at)
    }

    /// The VMs with running tasks that `watched` says no page looks at,
    /// each once, in the order of their newest task.
    pub fn unwatched_running(&self, watched: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = BTreeSet::new();
        self.0
            .iter()
            .filter(|t| t.running() && !t.vm_id.is_empty() && !watched(&t.vm_id))
            .filter(|t| seen.insert(t.vm_id.clone()))
            .map(|t| t.vm_id.clone())
            .collect()
    }

    /// The entries about one VM.
    pub fn of_vm<'a>(&'a self, vm_id: &'a str) -> impl Iterator<Item = &'a Task> + 'a {
        self.0.iter().filter(move |t| t.vm_id == vm_id)
    }
}

/// A recorded action's name in the panel's language; one the panel does not
/// know, as it was recorded.
pub fn action_label(action: &str) -> String {
    Operation::label_of(action)
}

/// The panel's own actions on `vm_id` worth marking on its charts, as
/// (seconds since the epoch, what): reboots, starts and stops, resizes,
/// rebuilds and firewall applies.
pub fn chart_moments(list: &TaskList, vm_id: &str) -> Vec<(i64, String)> {
    list.of_vm(vm_id)
        .filter_map(|task| {
            let label = match Operation::from_recorded(&task.action)? {
                action @ (Operation::Reboot
                | Operation::Start
                | Operation::Stop
                | Operation::Rebuild
                | Operation::ApplyFirewallRules) => action.text().get().to_owned(),
                Operation::Edit
                    if ["memory=", "cpus=", "primary_disk_size="]
                        .iter()
                        .any(|k| task.request.contains(k)) =>
                {
                    t::HISTORY_RESIZE.get().to_owned()
                }
                _ => return None,
            };
            Some(((task.started / 1000.0) as i64, label))
        })
        .collect()
}

/// The longest value a summary keeps whole.
const SUMMARY_VALUE: usize = 40;

/// A request as the history keeps it: the method, the path and what the
/// body set, secrets left out ([`secrets::is_secret_key`]), addresses
/// without credentials ([`secrets::text_for_record`]) and long values cut:
/// `PUT /account/1/virtual_machine/42 label="Web", memory="2048"`.
pub fn request_summary(request: &ApiRequest) -> String {
    let mut out = format!("{} {}", request.method.as_str(), request.path);
    let Some(Value::Object(body)) = &request.body else { return out };
    let fields: Vec<String> = body
        .iter()
        .map(|(key, value)| {
            if secrets::is_secret_key(key) {
                return format!("{key}=(not kept)");
            }
            let text = match value {
                Value::Object(_) | Value::Array(_) => "…".to_owned(),
                Value::String(string) => {
                    Value::String(secrets::text_for_record(string)).to_string()
                }
                other => other.to_string(),
            };
            let cut: String = text.chars().take(SUMMARY_VALUE).collect();
            format!("{key}={cut}{}", if cut.len() < text.len() { "…" } else { "" })
        })
        .collect();
    if !fields.is_empty() {
        out.push(' ');
        out.push_str(&fields.join(", "));
    }
    out
}

/// The history as a table for CSV and JSON: times as ISO 8601 as `iso`
/// writes them (in the user's zone, `time::iso_at_offset`), and messages with
/// every address as [`secrets::text_for_record`] writes it.
pub fn table(entries: &[&Task], iso: &dyn Fn(f64) -> String) -> Table {
    Table {
        headers: vec![
            "started",
            "action",
            "vm_id",
            "vm",
            "interface",
            "result",
            "message",
            "seconds",
            "request",
        ],
        rows: entries
            .iter()
            .map(|t| {
                // Entries recorded before messages were cleaned are cleaned here.
                let (result, message) = match &t.state {
                    TaskState::Running => ("running", String::new()),
                    TaskState::Done(outcome) => ("done", secrets::text_for_record(outcome)),
                    TaskState::Failed(why) => ("refused", secrets::text_for_record(why)),
                    TaskState::Unconfirmed => ("unconfirmed", String::new()),
                };
                vec![
                    iso(t.started),
                    Operation::english_of(&t.action),
                    t.vm_id.clone(),
                    t.vm_name.clone(),
                    t.interface.clone().unwrap_or_default(),
                    result.to_owned(),
                    message,
                    t.finished
                        .map(|f| format!("{:.1}", (f - t.started) / 1000.0))
                        .unwrap_or_default(),
                    t.request.clone(),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests;
