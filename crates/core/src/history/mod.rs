//! What the panel did, per account: every write it sent (an action, an
//! edit, an interface, an address, a rule, an ISO, each item of a bulk
//! action), to which VM or interface, when, how long it took and how it
//! ended. The panel keeps it in the browser's storage (the newest
//! [`KEEP`]); the task tray shows its newest entries, the Activity views
//! all of it. A record never holds a token or a secret: a request is kept
//! as its method, path and the names of what it sent, secrets left out
//! ([`request_summary`]), and an address keeps no user info, query or
//! fragment ([`secrets::url_for_record`]).

pub mod operation;
pub mod changes;
pub mod export;

pub use operation::Operation;
use crate::history::export::Table;
use crate::i18n::messages as t;
use crate::api::request::ApiRequest;
use crate::firewall::reverse::Reversal;
use crate::secrets;
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
        self.0.insert(0, Task {
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
        });
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
            TaskState::Done(outcome) if outcome.is_empty() => crate::tf!(t::HISTORY_DONE_PLAIN, action = action_label(&task.action), vm = task.vm_name),
            TaskState::Done(outcome) => crate::tf!(t::HISTORY_DONE, action = action_label(&task.action), vm = task.vm_name, outcome = outcome),
            TaskState::Failed(why) => crate::tf!(t::HISTORY_FAILED, action = action_label(&task.action), vm = task.vm_name, why = why),
            TaskState::Running => return None,
        };
        // What the service said may quote an address with its credentials.
        task.state = match state {
            TaskState::Done(outcome) => TaskState::Done(secrets::text_for_record(&outcome)),
            TaskState::Failed(why) => TaskState::Failed(secrets::text_for_record(&why)),
            TaskState::Running => TaskState::Running,
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

    fn due_tasks<'a>(&'a self, vm_id: &'a str, asked_at: f64) -> impl Iterator<Item = &'a Task> + 'a {
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
                action @ (Operation::Reboot | Operation::Start | Operation::Stop | Operation::Rebuild | Operation::ApplyFirewallRules) => action.text().get().to_owned(),
                Operation::Edit if ["memory=", "cpus=", "primary_disk_size="].iter().any(|k| task.request.contains(k)) => t::HISTORY_RESIZE.get().to_owned(),
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
                Value::String(string) => Value::String(secrets::text_for_record(string)).to_string(),
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
        headers: vec!["started", "action", "vm_id", "vm", "interface", "result", "message", "seconds", "request"],
        rows: entries
            .iter()
            .map(|t| {
                // Entries recorded before messages were cleaned are cleaned here.
                let (result, message) = match &t.state {
                    TaskState::Running => ("running", String::new()),
                    TaskState::Done(outcome) => ("done", secrets::text_for_record(outcome)),
                    TaskState::Failed(why) => ("refused", secrets::text_for_record(why)),
                };
                vec![
                    iso(t.started),
                    Operation::english_of(&t.action),
                    t.vm_id.clone(),
                    t.vm_name.clone(),
                    t.interface.clone().unwrap_or_default(),
                    result.to_owned(),
                    message,
                    t.finished.map(|f| format!("{:.1}", (f - t.started) / 1000.0)).unwrap_or_default(),
                    t.request.clone(),
                ]
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request;
    use serde_json::json;

    fn go(list: &mut TaskList, action: Operation, vm_id: &str, vm_name: &str, now: f64) -> u64 {
        list.start(Started { action, vm_id: vm_id.into(), vm_name: vm_name.into(), request: None }, now)
    }

    #[test]
    fn tasks_start_newest_first_with_fresh_ids() {
        let mut list = TaskList::default();
        let a = go(&mut list, Operation::Reboot, "1", "web", 10.0);
        let b = go(&mut list, Operation::Stop, "2", "db", 20.0);
        assert_ne!(a, b);
        assert_eq!(list.tasks()[0].id, b);
        assert_eq!(list.running(), 2);
    }

    #[test]
    fn ending_announces_once() {
        let mut list = TaskList::default();
        let id = go(&mut list, Operation::Reboot, "1", "web", 10.0);
        assert_eq!(list.end(id, TaskState::Done("now online".into()), 30.0).as_deref(), Some("Reboot on web: done, now online."));
        assert_eq!(list.end(id, TaskState::Failed("late".into()), 40.0), None, "a task ends once");
        assert_eq!(list.tasks()[0].finished, Some(30.0));
        assert_eq!(list.running(), 0);
        let id = go(&mut list, Operation::Stop, "1", "web", 50.0);
        assert_eq!(list.end(id, TaskState::Failed("busy".into()), 60.0).as_deref(), Some("Stop on web failed: busy"));
        // An answer that said no more than done is not said twice.
        let id = go(&mut list, Operation::Edit, "1", "web", 70.0);
        assert_eq!(list.end(id, TaskState::Done(String::new()), 80.0).as_deref(), Some("Edit on web: done."));
    }

    #[test]
    fn a_read_ends_only_the_tasks_started_before_it() {
        let mut list = TaskList::default();
        let before = go(&mut list, Operation::Reboot, "1", "web", 10.0);
        let after = go(&mut list, Operation::Stop, "1", "web", 30.0);
        go(&mut list, Operation::Stop, "2", "db", 5.0);
        assert_eq!(list.due("1", 20.0), vec![before]);
        assert_eq!(list.due("1", 40.0), vec![after, before]);
    }

    #[test]
    fn a_vm_found_gone_is_a_destroys_doing_only_while_that_destroy_runs() {
        let mut list = TaskList::default();
        go(&mut list, Operation::Stop, "1", "web", 10.0);
        assert!(!list.destroy_due("1", 20.0), "a stop does not destroy");
        let destroy = go(&mut list, Operation::Destroy, "1", "web", 30.0);
        assert!(!list.destroy_due("1", 25.0), "read before the destroy was sent");
        assert!(list.destroy_due("1", 40.0));
        assert!(!list.destroy_due("2", 40.0), "another VM");
        list.end(destroy, TaskState::Failed("busy".into()), 50.0);
        assert!(!list.destroy_due("1", 60.0), "a destroy refused destroyed nothing");
    }

    #[test]
    fn each_unwatched_vm_is_polled_once_however_its_tasks_lie() {
        let mut list = TaskList::default();
        // Not adjacent: a, b, a (the old `dedup` kept both a's).
        go(&mut list, Operation::Reboot, "a", "A", 1.0);
        go(&mut list, Operation::Reboot, "b", "B", 2.0);
        go(&mut list, Operation::Stop, "a", "A", 3.0);
        go(&mut list, Operation::Stop, "c", "C", 4.0);
        assert_eq!(list.unwatched_running(|_| false), vec!["c", "a", "b"]);
        assert_eq!(list.unwatched_running(|vm| vm == "a"), vec!["c", "b"]);
    }

    #[test]
    fn the_list_round_trips_as_a_plain_list() {
        let mut list = TaskList::default();
        let done = go(&mut list, Operation::Reboot, "1", "web", 1.0);
        list.end(done, TaskState::Done("ok".into()), 2.0);
        go(&mut list, Operation::Stop, "2", "db", 3.0);
        let text = serde_json::to_string(&list).unwrap_or_default();
        assert!(text.starts_with('['));
        assert_eq!(serde_json::from_str::<TaskList>(&text).ok(), Some(list.clone()));
        // Entries stored before interfaces and requests were recorded still read.
        let old = r#"[{"id":1,"action":"Reboot","vm_id":"1","vm_name":"web","started":1.0,"finished":null,"state":"Running"}]"#;
        assert_eq!(serde_json::from_str::<TaskList>(old).map(|l| l.tasks()[0].request.clone()).ok(), Some(String::new()));
    }

    #[test]
    fn no_record_holds_a_secret() {
        let mut list = TaskList::default();
        let body = json!({"label": "Web", "hostname": "web-01", "initial_root_password": "hunter2-Secret", "api_token": "t0k3n", "memory": "2048"});
        list.start(Started { action: Operation::CreateVm, vm_id: String::new(), vm_name: "web-01".into(), request: Some(request::create_vm("1", body)) }, 1.0);
        let text = serde_json::to_string(&list).unwrap_or_default();
        assert!(!text.contains("hunter2") && !text.contains("t0k3n"), "{text}");
        assert_eq!(
            list.tasks()[0].request,
            "POST /account/1/virtual_machine api_token=(not kept), hostname=\"web-01\", initial_root_password=(not kept), label=\"Web\", memory=\"2048\""
        );
        // A long note is cut; what is nested is not spelled out.
        let long = request::edit_vm("1", "42", json!({"note": "n".repeat(100), "disks": [1, 2]}).as_object().cloned().unwrap_or_default()).unwrap();
        let summary = request_summary(&long);
        assert!(summary.contains("disks=…") && summary.contains(&format!("note=\"{}…", "n".repeat(39))), "{summary}");
    }

    #[test]
    fn an_address_is_kept_without_its_credentials() {
        let mount = request::mount_iso("1", "42", &request::IsoSource::Url("https://user:pass@isos.example/x.iso?sig=abc#f".into())).unwrap();
        assert_eq!(request_summary(&mount), "POST /account/1/virtual_machine/42/iso iso_url=\"https://isos.example/x.iso\"");
        // Cut after the address is cleaned: the kept part is the host's, never the user's.
        let long = format!("https://user:pass@isos.example/{}.iso", "d".repeat(60));
        let mount = request::mount_iso("1", "42", &request::IsoSource::Url(long)).unwrap();
        assert!(request_summary(&mount).ends_with(&format!("iso_url=\"https://isos.example/{}…", "d".repeat(18))), "{}", request_summary(&mount));
        // A port stays.
        let mount = request::mount_iso("1", "42", &request::IsoSource::Url("ftp://a.org:2121/d/x.iso".into())).unwrap();
        assert!(request_summary(&mount).ends_with("iso_url=\"ftp://a.org:2121/d/x.iso\""));

        let mut list = TaskList::default();
        let id = go(&mut list, Operation::MountIso, "42", "db", 1.0);
        let said = "Could not fetch “https://u:p@isos.example/x.iso?sig=1”.";
        list.end(id, TaskState::Failed(said.into()), 2.0);
        let text = serde_json::to_string(&list).unwrap_or_default();
        assert!(!text.contains("u:p") && !text.contains("sig="), "{text}");
        let entries: Vec<&Task> = list.tasks().iter().collect();
        assert_eq!(table(&entries, &crate::time::iso_from_millis).rows[0][6], "Could not fetch “https://isos.example/x.iso”.");
        // An entry stored before messages were cleaned is cleaned in the export.
        let old = r#"[{"id":1,"action":"Mount ISO","vm_id":"1","vm_name":"web","started":1.0,"finished":2.0,"state":{"Failed":"bad ftp://me:pw@a.org/x"}}]"#;
        let old: TaskList = serde_json::from_str(old).unwrap_or_default();
        let entries: Vec<&Task> = old.tasks().iter().collect();
        assert_eq!(table(&entries, &crate::time::iso_from_millis).rows[0][6], "bad ftp://a.org/x");
    }

    #[test]
    fn the_newest_thousand_stay_and_an_interface_is_named() {
        let mut list = TaskList::default();
        let running = go(&mut list, Operation::Rebuild, "9", "old", 0.0);
        for n in 0..(KEEP + 10) {
            let id = go(&mut list, Operation::Reboot, "1", "web", n as f64);
            list.end(id, TaskState::Done("ok".into()), n as f64 + 1.0);
        }
        assert_eq!(list.tasks().len(), KEEP + 1, "the finished ones trimmed, the running one kept");
        assert!(list.tasks().iter().any(|t| t.id == running));
        let request = request::set_default_policy("1", "77", "DROP").unwrap();
        list.start(Started { action: Operation::SetDefaultPolicy, vm_id: "42".into(), vm_name: "db".into(), request: Some(request) }, 5.0);
        assert_eq!(list.tasks()[0].interface.as_deref(), Some("77"));
        assert_eq!(list.of_vm("42").count(), 1);
    }

    #[test]
    fn the_charts_mark_power_resize_rebuild_and_firewall_applies() {
        let mut list = TaskList::default();
        let edit = |body: serde_json::Value| Some(request::edit_vm("1", "42", body.as_object().cloned().unwrap_or_default()).unwrap());
        for (action, request, at) in [
            (Operation::Reboot, None, 1_000_000.0),
            (Operation::Edit, edit(json!({"label": "x"})), 2_000_000.0),
            (Operation::Edit, edit(json!({"memory": "2048"})), 3_000_000.0),
            (Operation::MountIso, None, 4_000_000.0),
            (Operation::ApplyFirewallRules, None, 5_000_000.0),
        ] {
            list.start(Started { action, vm_id: "42".into(), vm_name: "db".into(), request }, at);
        }
        list.start(Started { action: Operation::Stop, vm_id: "7".into(), vm_name: "other".into(), request: None }, 6_000_000.0);
        let moments = chart_moments(&list, "42");
        assert_eq!(moments, [(5_000, "Apply firewall rules".to_owned()), (3_000, "Resize".to_owned()), (1_000, "Reboot".to_owned())]);
    }

    #[test]
    fn the_table_has_times_results_and_durations() {
        let mut list = TaskList::default();
        let id = go(&mut list, Operation::Stop, "2", "db", 1_763_900_000_000.0);
        list.end(id, TaskState::Failed("The VM is busy.".into()), 1_763_900_002_500.0);
        let entries: Vec<&Task> = list.tasks().iter().collect();
        let table = table(&entries, &crate::time::iso_from_millis);
        assert_eq!(table.rows[0][..8], ["2025-11-23T12:13:20Z", "Stop", "2", "db", "", "refused", "The VM is busy.", "2.5"].map(String::from));
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn actions_in_spanish_whatever_language_they_were_recorded_in() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(action_label("Reboot"), "Reiniciar");
        assert_eq!(action_label("Reiniciar"), "Reiniciar");
        assert_eq!(action_label("Mount ISO"), "Montar ISO");
        assert_eq!(action_label("Something new"), "Something new");
        let mut list = TaskList::default();
        for action in [Operation::Reboot, Operation::Start, Operation::MountIso] {
            list.start(Started { action, vm_id: "7".into(), vm_name: "web".into(), request: None }, 60_000.0);
        }
        let mut labels: Vec<String> = chart_moments(&list, "7").into_iter().map(|(_, label)| label).collect();
        labels.sort();
        assert_eq!(labels, ["Arrancar", "Reiniciar"]);
        // Kept by key, and exported under their English names.
        let recorded: Vec<&str> = list.tasks().iter().map(|t| t.action.as_str()).collect();
        assert_eq!(recorded, ["mount_iso", "start", "reboot"]);
        let entries: Vec<&Task> = list.tasks().iter().collect();
        assert_eq!(table(&entries, &crate::time::iso_from_millis).rows[1][1], "Start");
    }
}
