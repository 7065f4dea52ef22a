//! How the backups' actions go out, and which backup their dialogs are
//! about. On a VM's tab each action is an operation of its page (`use_op`:
//! the page shows the VM busy and reads it until it is free); on the
//! account page an operation of the account (`use_account_op`), recorded
//! against the backup's VM. Either way a dialog gets a [`BackupOp`].

use crate::api::Reply;
use crate::hooks::use_offered_cache;
use crate::pages::vm::{use_account_op, use_op, Op, VmCtx};
use crate::session::use_session;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use vmdeck_core::api::request::{self, ApiRequest};
use vmdeck_core::backup::{BackupAction, Located, Owner};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t};
use vmdeck_core::ApiError;

/// What an action is done to: the backup, the VM the history names (its
/// id empty for a backup whose disk is gone), and a template's label.
#[derive(Clone, Debug, PartialEq)]
pub struct Act {
    pub backup: String,
    pub vm: (String, String),
    pub label: String,
}

impl Act {
    pub fn of(row: &Located) -> Self {
        let vm = match &row.vm {
            Some(vm) => (vm.id.clone(), vm.name.clone()),
            None => (String::new(), row.vm_name()),
        };
        Self { backup: row.backup.id.clone().unwrap_or_default(), vm, label: String::new() }
    }
}

/// The request of `action` on the backup of `act`.
fn make(action: BackupAction, account: &str, act: &Act) -> Result<ApiRequest, ApiError> {
    match action {
        BackupAction::Restore => request::restore_backup(account, &act.backup),
        BackupAction::Template => request::template_from_backup(account, &act.backup, &act.label),
        BackupAction::Delete => request::delete_backup(account, &act.backup),
    }
}

fn operation(action: BackupAction) -> Operation {
    match action {
        BackupAction::Restore => Operation::RestoreBackup,
        BackupAction::Template => Operation::TemplateFromBackup,
        BackupAction::Delete => Operation::DeleteBackup,
    }
}

/// The backup the dialogs are about, and whether each is open: owned by
/// the page, so that the table reloading leaves them as they are.
#[derive(Clone, Copy)]
pub struct BackupDialogs {
    pub chosen: RwSignal<Option<Located>>,
    pub restore: RwSignal<bool>,
    pub template: RwSignal<bool>,
    pub delete: RwSignal<bool>,
}

impl Default for BackupDialogs {
    fn default() -> Self {
        Self {
            chosen: RwSignal::new(None),
            restore: RwSignal::new(false),
            template: RwSignal::new(false),
            delete: RwSignal::new(false),
        }
    }
}

impl BackupDialogs {
    fn of(self, action: BackupAction) -> RwSignal<bool> {
        match action {
            BackupAction::Restore => self.restore,
            BackupAction::Template => self.template,
            BackupAction::Delete => self.delete,
        }
    }

    /// Opens the dialog of `action` about `row` (its content reads the row
    /// as it opens).
    pub fn open(self, action: BackupAction, row: Located) {
        self.chosen.set(Some(row));
        self.of(action).set(true);
    }
}

/// What follows an accepted action: its dialog closes, and a template made
/// is one the forms have not read yet.
fn accepted(action: BackupAction, dialogs: BackupDialogs) -> impl Fn() + Clone + 'static {
    let cache = use_offered_cache();
    let session = use_session();
    move || {
        dialogs.of(action).set(false);
        if action == BackupAction::Template {
            if let Some(key) = session.account_key() {
                cache.set_templates(&key, None);
            }
        }
    }
}

/// Why the backup's VM cannot take a restore now, on the account page: it
/// is locked, or this browser has work on it running. (On the VM's page
/// the operation's own `blocked` says so.)
fn vm_busy(vm: Option<Owner>) -> Signal<Option<&'static str>> {
    let tasks = use_tasks();
    Signal::derive(move || {
        vm.as_ref().filter(|vm| vm.locked || tasks.running_on(&vm.id)).map(|_| t::VM_OP_BUSY.get())
    })
}

/// One of the backups' actions: an operation of the VM's page on its tab,
/// of the account on the account page.
pub type BackupOp = Op<Act>;

/// The three actions of a page's backups.
#[derive(Clone, Copy)]
pub struct BackupOps {
    pub restore: BackupOp,
    pub template: BackupOp,
    pub delete: BackupOp,
    /// On the account page, where a restore also waits for its VM.
    on_account: bool,
}

impl BackupOps {
    /// On a VM's tab: operations of the VM's page.
    pub fn of_vm(ctx: VmCtx, dialogs: BackupDialogs) -> Self {
        let op = |action| {
            let then = accepted(action, dialogs);
            use_op(
                ctx,
                operation(action),
                move |_: &Act, _: &Reply| then(),
                move |account, _, act: &Act| make(action, account, act),
            )
        };
        Self {
            restore: op(BackupAction::Restore),
            template: op(BackupAction::Template),
            delete: op(BackupAction::Delete),
            on_account: false,
        }
    }

    /// On the account page: sent with `Tasks::send`; `answered` is told
    /// as the service accepts one, for the list to be read again.
    pub fn of_account(dialogs: BackupDialogs, answered: Trigger) -> Self {
        let op = |action| {
            let then = accepted(action, dialogs);
            use_account_op(
                operation(action),
                |act: &Act| act.vm.clone(),
                move |_: &Act, _: &Reply| {
                    then();
                    answered.notify();
                },
                move |account, act: &Act| make(action, account, act),
            )
        };
        Self {
            restore: op(BackupAction::Restore),
            template: op(BackupAction::Template),
            delete: op(BackupAction::Delete),
            on_account: true,
        }
    }

    pub fn get(self, action: BackupAction) -> BackupOp {
        match action {
            BackupAction::Restore => self.restore,
            BackupAction::Template => self.template,
            BackupAction::Delete => self.delete,
        }
    }

    /// Why `action` cannot be taken on `row` now: the backup's state, the
    /// action's request on its way, or (for a restore) its VM busy.
    pub fn blocked(self, action: BackupAction, row: &Located) -> Signal<Option<&'static str>> {
        let op = self.get(action);
        let fixed = row.why_not(action);
        let blocked = op.blocked();
        let restore = action == BackupAction::Restore;
        let vm = (restore && self.on_account).then(|| vm_busy(row.vm.clone()));
        Signal::derive(move || {
            fixed
                .or_else(|| match (restore, vm) {
                    // On the VM's page its operation says why not (busy or sending).
                    (true, None) => blocked.get(),
                    _ => op.pending().get().then(|| c::SENDING_REQUEST.get()),
                })
                .or_else(|| vm.and_then(|vm| vm.get()))
        })
    }
}
