//! Firewall changes made with undo. Before the change, the VM's firewall
//! as it was (`api::network::vm_firewall`) is kept in the tab with the
//! account (a reload finishes what was started); the change waits to be
//! kept, and when its time runs out, or on "Undo now", the panel reads the
//! firewall as it is, puts back what was
//! (`vmdeck_core::firewall::rollback::plan`) in order, one request at a time
//! (`tasks::in_order`), and applies it. A failure says what is left and is tried again while a page
//! of the panel is open. Here: the state and its countdown, with the shell;
//! the banner and the restore (`rollback_banner`) are a part of their
//! own, loaded only while a change waits, since most visits never make one.

use crate::api::network::vm_firewall;
use crate::api::{Api, ApiResult};
use crate::hooks::{use_poll_with_options, UsePollOptions};
use crate::session::{use_session, Session};
use crate::storage::{self, keys, Store};
use crate::tasks::{use_tasks, Tasks};
use leptos::prelude::*;
use leptos::task::spawn_local;
use vmdeck_core::api::request;
use vmdeck_core::firewall::rollback::{InterfaceBefore, Rollback, Step, VmBefore};
pub use vmdeck_core::firewall::unapplied::Unapplied;
use vmdeck_core::history::Operation;
use vmdeck_core::ApiError;

/// How often the countdown is looked at; and a failed restore tried again.
const TICK_MS: u32 = 1_000;
pub const RETRY_MS: u64 = 10_000;

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// Where the change stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Waiting for "Keep" or for its time to run out.
    Counting,
    /// The VM is busy: the restore waits for it.
    Waiting,
    Restoring,
    /// The last try failed: why, what is left, when it is tried again.
    Failed {
        error: ApiError,
        left: Vec<String>,
        again: u64,
    },
    /// Put back and applied; said until dismissed.
    Restored,
}

/// The tab's firewall change with undo, provided by the logged-in layout.
#[derive(Clone, Copy)]
pub struct FirewallRollback {
    pub pending: RwSignal<Option<Rollback>>,
    pub phase: RwSignal<Phase>,
    /// The VM of the last change put back, for its notice.
    pub restored_vm: RwSignal<Option<String>>,
    /// Now, as the countdown shows it.
    pub now: RwSignal<u64>,
    /// A restore landed: the VM page and its firewall tab read again.
    pub restored: Trigger,
    /// Counts the times a restore is due (time out, "Undo now", a retry).
    pub due: RwSignal<u32>,
    pub session: Session,
    pub tasks: Tasks,
}

impl FirewallRollback {
    /// Picks up a change this tab kept for the account (a reload) and
    /// watches its time, also while the tab is hidden.
    pub fn provide() -> Self {
        let session = use_session();
        let pending = RwSignal::new(
            session
                .account_key()
                .and_then(|account| storage::read::<Rollback>(Store::Tab, &keys::undo(&account))),
        );
        let this = Self {
            pending,
            phase: RwSignal::new(Phase::Counting),
            restored_vm: RwSignal::new(None),
            now: RwSignal::new(now_ms()),
            restored: Trigger::new(),
            due: RwSignal::new(0),
            session,
            tasks: use_tasks(),
        };
        let active = Signal::derive(move || pending.with(Option::is_some));
        use_poll_with_options(
            active,
            TICK_MS,
            move || this.tick(),
            UsePollOptions::default().while_hidden(true),
        );
        provide_context(this);
        this
    }

    fn store(self, undo: Option<&Rollback>) {
        let Some(account) = self.session.account_key() else { return };
        match undo {
            Some(undo) => {
                storage::write(Store::Tab, &keys::undo(&account), undo);
            }
            None => storage::remove(Store::Tab, &keys::undo(&account)),
        }
    }

    /// Whether a change waits to be kept or put back: another one waits.
    pub fn busy(self) -> bool {
        self.pending.with(Option::is_some)
    }

    /// Whether the banner has something to say: a change waiting, or one
    /// put back.
    pub fn shown(self) -> bool {
        self.busy() || self.restored_vm.with(Option::is_some)
    }

    /// Starts the countdown of a change about to be sent.
    pub fn begin(self, undo: Rollback) {
        self.store(Some(&undo));
        self.now.set(now_ms());
        self.phase.set(Phase::Counting);
        self.due.set(0);
        self.restored_vm.set(None);
        self.pending.set(Some(undo));
    }

    /// One VM of the change is back as it was: a retry leaves it alone.
    pub fn vm_restored(self, vm_id: &str) {
        let Some(mut undo) = self.pending.get_untracked() else { return };
        undo.vms.retain(|vm| vm.vm_id != vm_id);
        self.store(Some(&undo));
        self.pending.set(Some(undo));
    }

    /// The change stays (or was refused, so there is nothing to undo).
    pub fn keep(self) {
        self.store(None);
        self.pending.set(None);
    }

    fn tick(self) {
        let now = now_ms();
        self.now.set(now);
        let Some(until) = self.pending.with_untracked(|p| p.as_ref().map(|p| p.until)) else {
            return;
        };
        let due = match self.phase.get_untracked() {
            Phase::Counting => now >= until,
            Phase::Waiting => true,
            Phase::Failed { again, .. } => now >= again,
            Phase::Restoring | Phase::Restored => false,
        };
        if due {
            self.undo_now();
        }
    }

    /// Asks for the firewall to be put back now: the banner's part does it.
    pub fn undo_now(self) {
        self.due.update(|n| *n += 1);
    }

    /// A change the service refused changed nothing: the countdown of the
    /// VM's change with undo ends when `error` says so.
    pub fn keep_when_refused(
        self,
        vm_id: impl Fn() -> String + 'static,
        error: RwSignal<Option<ApiError>>,
    ) {
        Effect::new(move |_| {
            if error.with(Option::is_some)
                && self.pending.with_untracked(|p| p.as_ref().is_some_and(|p| p.has_vm(&vm_id())))
            {
                self.keep();
            }
        });
    }

    /// Sends a change of the VMs' firewalls (`vms`: id and name) with
    /// undo: keeps each firewall as it was at its last apply (as it is now,
    /// without the changes made here since: `Unapplied`), starts the
    /// countdown of `seconds`, then calls `send`. A failed read sends
    /// nothing and is said by `reading`.
    pub fn start(
        self,
        reading: RollbackReading,
        vms: Vec<(String, String)>,
        seconds: u32,
        send: impl FnOnce() + 'static,
    ) {
        if reading.reading.get_untracked() {
            return;
        }
        let wanted: Vec<(String, String, Vec<Unapplied>)> = vms
            .into_iter()
            .map(|(id, name)| {
                let not_yet = read_unapplied(self.session, &id);
                (id, name, not_yet)
            })
            .collect();
        reading.reading.set(true);
        reading.error.set(None);
        spawn_local(async move {
            let read = Api::call(self.session, move |api| async move {
                let mut kept = Vec::new();
                for (vm_id, vm_name, not_yet) in wanted {
                    let interfaces = firewall_as_it_was(&api, &vm_id, &not_yet).await?;
                    kept.push(VmBefore { vm_id, vm_name, interfaces });
                }
                Ok(kept)
            });
            match read.await {
                Ok(vms) => {
                    self.begin(Rollback { vms, until: now_ms() + u64::from(seconds) * 1000 });
                    send();
                }
                Err(error) => reading.error.set(Some(error)),
            }
            reading.reading.set(false);
        });
    }
}

/// The read of the firewall as it was before a change with undo: under
/// way, or why it failed (then nothing was sent).
#[derive(Clone, Copy)]
pub struct RollbackReading {
    pub reading: RwSignal<bool>,
    pub error: RwSignal<Option<ApiError>>,
}

impl Default for RollbackReading {
    fn default() -> Self {
        Self { reading: RwSignal::new(false), error: RwSignal::new(None) }
    }
}

/// Changes made here to the rules and not applied yet, per account and VM,
/// for this browser session; logged out, none.
fn unapplied_key(session: Session, vm: &str) -> Option<String> {
    session.account_key().map(|account| keys::unapplied(&account, vm))
}

pub fn read_unapplied(session: Session, vm: &str) -> Vec<Unapplied> {
    unapplied_key(session, vm).and_then(|key| storage::read(Store::Tab, &key)).unwrap_or_default()
}

pub fn write_unapplied(session: Session, vm: &str, rules: &[Unapplied]) {
    if let Some(key) = unapplied_key(session, vm) {
        storage::write(Store::Tab, &key, rules);
    }
}

pub fn use_firewall_rollback() -> FirewallRollback {
    expect_context::<FirewallRollback>()
}

/// The VM's firewall as it is, without the changes of `not_yet` (made
/// here and not applied): what a change with undo puts back.
pub async fn firewall_as_it_was(
    api: &Api,
    vm_id: &str,
    not_yet: &[Unapplied],
) -> ApiResult<Vec<InterfaceBefore>> {
    let firewall = vm_firewall(api, vm_id).await?;
    let kept = firewall.iter().filter_map(|(nic, rules)| {
        let id = nic.id.as_deref()?;
        let label = nic.label.as_deref().unwrap_or(id);
        Some(InterfaceBefore::of(id, label, nic.default_firewall_policy.as_deref(), rules, not_yet))
    });
    Ok(kept.collect())
}

/// The request of one step of a plan that puts a firewall back (or undoes
/// an entry of the history), on the interface `nic`, and its name in the history.
pub fn step_request(
    session: Session,
    nic: &str,
    step: &Step,
) -> (Operation, ApiResult<request::ApiRequest>) {
    let account = session.account_id();
    match step {
        Step::Delete { id, .. } => (
            Operation::DeleteFirewallRule,
            account.and_then(|a| request::delete_rule(&a, id.as_deref().unwrap_or_default())),
        ),
        Step::Create(rule) => {
            let body = rule.body().map_err(invalid);
            (
                Operation::CreateFirewallRule,
                account.and_then(|a| request::create_rule(&a, nic, body?)),
            )
        }
        Step::Edit { id, to, .. } => {
            let body = to.edit_body(nic).map_err(invalid);
            (Operation::EditFirewallRule, account.and_then(|a| request::edit_rule(&a, id, body?)))
        }
        Step::Policy(policy) => (
            Operation::SetDefaultPolicy,
            account.and_then(|a| request::set_default_policy(&a, nic, policy)),
        ),
    }
}

/// A rule the form's checks refuse, as the error its step ends with.
fn invalid(errors: vmdeck_core::forms::FieldErrors) -> ApiError {
    ApiError::Invalid(errors.values().cloned().collect::<Vec<_>>().join(" "))
}
