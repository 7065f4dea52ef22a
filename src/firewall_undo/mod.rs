//! Firewall changes made with undo. Before the change, the VM's firewall
//! as it was is kept in the tab with the account (a reload finishes what
//! was started); the change waits to be kept, and when its time runs out,
//! or on "Undo now", the panel reads the firewall as it is, puts back what
//! was (`vmdeck_core::firewall::restore::plan`) one request at a time, and
//! applies it. A failure says what is left and is tried again while a page
//! of the panel is open. The banner that shows all this is in `banner.rs`.

mod banner;

pub use banner::UndoBanner;

use crate::api::network::{interface_rules, vm_interfaces};
use crate::api::vms::get_vm;
use crate::api::{Api, ApiResult, Outcome};
use crate::hooks::{use_poll_with_options, UsePollOptions};
use crate::session::{use_session, Session};
use crate::storage::{self, keys, Store};
use crate::tasks::{use_tasks, Tasks};
use leptos::prelude::*;
use leptos::task::spawn_local;
use vmdeck_core::api::request;
use vmdeck_core::firewall::restore::{plan, Kept, Step, Undo};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::ApiError;

/// How often the countdown is looked at; and a failed restore tried again.
const TICK_MS: u32 = 1_000;
const RETRY_MS: u64 = 10_000;

fn now_ms() -> u64 {
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
    Failed { error: ApiError, left: Vec<String>, again: u64 },
    /// Put back and applied; said until dismissed.
    Restored,
}

/// The tab's firewall change with undo, provided by the logged-in layout.
#[derive(Clone, Copy)]
pub struct FirewallUndo {
    pub pending: RwSignal<Option<Undo>>,
    pub phase: RwSignal<Phase>,
    /// The VM of the last change put back, for its notice.
    pub restored_vm: RwSignal<Option<String>>,
    /// Now, as the countdown shows it.
    pub now: RwSignal<u64>,
    /// Counts restores that landed: the firewall tab reads its rules again.
    pub restores: RwSignal<u32>,
    session: Session,
    tasks: Tasks,
}

impl FirewallUndo {
    /// Picks up a change this tab kept for the account (a reload) and
    /// watches its time, also while the tab is hidden.
    pub fn provide() -> Self {
        let session = use_session();
        let pending = RwSignal::new(session.account_key().and_then(|account| storage::read::<Undo>(Store::Tab, &keys::undo(&account))));
        let this = Self {
            pending,
            phase: RwSignal::new(Phase::Counting),
            restored_vm: RwSignal::new(None),
            now: RwSignal::new(now_ms()),
            restores: RwSignal::new(0),
            session,
            tasks: use_tasks(),
        };
        let active = Signal::derive(move || pending.with(Option::is_some));
        use_poll_with_options(active, TICK_MS, move || this.tick(), UsePollOptions::default().while_hidden(true));
        provide_context(this);
        this
    }

    fn store(self, undo: Option<&Undo>) {
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

    /// Starts the countdown of a change about to be sent.
    pub fn begin(self, undo: Undo) {
        self.store(Some(&undo));
        self.now.set(now_ms());
        self.phase.set(Phase::Counting);
        self.restored_vm.set(None);
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
        let Some(until) = self.pending.with_untracked(|p| p.as_ref().map(|p| p.until)) else { return };
        let due = match self.phase.get_untracked() {
            Phase::Counting => now >= until,
            Phase::Waiting => true,
            Phase::Failed { again, .. } => now >= again,
            Phase::Restoring | Phase::Restored => false,
        };
        if due {
            self.restore();
        }
    }

    /// Puts the firewall back now (its time ran out, or "Undo now").
    pub fn restore(self) {
        let Some(undo) = self.pending.get_untracked() else { return };
        if self.phase.get_untracked() == Phase::Restoring {
            return;
        }
        self.phase.set(Phase::Restoring);
        spawn_local(async move {
            match put_back(self.session, self.tasks, &undo).await {
                Ok(true) => {
                    if let Some(account) = self.session.account_key() {
                        storage::remove(Store::Tab, &keys::unapplied(&account, &undo.vm_id));
                    }
                    self.keep();
                    self.restored_vm.set(Some(undo.vm_name));
                    self.phase.set(Phase::Restored);
                    self.restores.update(|n| *n += 1);
                }
                Ok(false) => self.phase.set(Phase::Waiting),
                Err((error, left)) => self.phase.set(Phase::Failed { error, left, again: now_ms() + RETRY_MS }),
            }
        });
    }
}

pub fn use_firewall_undo() -> FirewallUndo {
    use_context::<FirewallUndo>().unwrap_or_else(FirewallUndo::provide)
}

/// The VM's firewall as it is, the rules of `not_yet` (created and not
/// applied) left out: what a change with undo puts back.
pub async fn firewall_as_it_was(api: &Api, vm_id: &str, not_yet: &[String]) -> ApiResult<Vec<Kept>> {
    let mut kept = Vec::new();
    for nic in vm_interfaces(api, vm_id, &[]).await? {
        let Some(id) = nic.id.as_deref() else { continue };
        let rules = interface_rules(api, id, &[]).await?;
        kept.push(Kept::of(id, nic.label.as_deref().unwrap_or(id), nic.default_firewall_policy.as_deref(), &rules, not_yet));
    }
    Ok(kept)
}

/// Each interface's plan from what is there now; none while the VM is
/// busy (it could not apply).
async fn read_plans(api: Api, undo: Undo) -> ApiResult<Option<Vec<(Kept, Step)>>> {
    if get_vm(&api, &undo.vm_id).await?.locked {
        return Ok(None);
    }
    let interfaces = vm_interfaces(&api, &undo.vm_id, &[]).await?;
    let mut steps = Vec::new();
    for kept in &undo.interfaces {
        let policy = interfaces.iter().find(|n| n.id.as_deref() == Some(kept.nic.as_str())).and_then(|n| n.default_firewall_policy.clone());
        let now = interface_rules(&api, &kept.nic, &[]).await?;
        steps.extend(plan(kept, &now, policy.as_deref()).into_iter().map(|step| (kept.clone(), step)));
    }
    Ok(Some(steps))
}

/// Sends what is left, in order, then applies: `false` when the VM was
/// busy and nothing was sent.
async fn put_back(session: Session, tasks: Tasks, undo: &Undo) -> Result<bool, (ApiError, Vec<String>)> {
    let apply = || t::FW_STEP_APPLY.get().to_owned();
    let read = Api::call(session, {
        let undo = undo.clone();
        move |api| read_plans(api, undo)
    });
    let steps = match read.await {
        Ok(Some(steps)) => steps,
        Ok(None) => return Ok(false),
        Err(error) => return Err((error, vec![t::FW_STEP_READ.get().to_owned(), apply()])),
    };
    let vm = (undo.vm_id.clone(), undo.vm_name.clone());
    let left = |from: usize| steps.iter().skip(from).map(|(kept, step)| step.describe(&kept.label)).chain([apply()]).collect::<Vec<_>>();
    for (i, (kept, step)) in steps.iter().enumerate() {
        let (operation, made) = request_of(session, &kept.nic, step);
        let (task, reply) = tasks.send(session, operation, vm.clone(), made);
        match reply.await {
            Ok(reply) if reply.outcome() == Outcome::Done => tasks.done(task, None),
            // Work on the VM: the tray follows it; the apply waits for it.
            Ok(_) => return Ok(false),
            Err(error) => return Err((error, left(i))),
        }
    }
    let made = session.account_id().and_then(|account| request::apply_firewall_rules(&account, &undo.vm_id));
    let (_, reply) = tasks.send(session, Operation::ApplyFirewallRules, vm, made);
    reply.await.map(|_| true).map_err(|error| (error, vec![apply()]))
}

fn request_of(session: Session, nic: &str, step: &Step) -> (Operation, ApiResult<request::ApiRequest>) {
    let account = session.account_id();
    match step {
        Step::Delete { id, .. } => (Operation::DeleteFirewallRule, account.and_then(|a| request::delete_rule(&a, id.as_deref().unwrap_or_default()))),
        Step::Create(rule) => {
            let body = rule.body().map_err(|errors| ApiError::Invalid(errors.values().cloned().collect::<Vec<_>>().join(" ")));
            (Operation::CreateFirewallRule, account.and_then(|a| request::create_rule(&a, nic, body?)))
        }
        Step::Policy(policy) => (Operation::SetDefaultPolicy, account.and_then(|a| request::set_default_policy(&a, nic, policy))),
    }
}
