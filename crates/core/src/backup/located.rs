//! A backup as the pages show it: where it belongs (its disk and the VM the
//! disk is on, while they are there), what can be done with it now and why
//! not, and what each action says before anything is sent.

use super::{Backup, BackupKind, BackupState};
use crate::api::decode;
use crate::i18n::{common as c, messages as m, number, or_dash, vm as t, DASH};
use crate::vm::disk::Disk;
use crate::vm::Vm;
use std::collections::BTreeMap;

/// The VM a backup's disk is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub id: String,
    pub name: String,
    /// Typed to confirm a restore, as a destroy or a rebuild is confirmed.
    pub confirm_word: String,
    /// Busy as last read: a restore waits until it is free.
    pub locked: bool,
}

impl Owner {
    pub fn of(vm: &Vm) -> Option<Self> {
        Some(Self {
            id: vm.id.clone()?,
            name: vm.display_name(),
            confirm_word: vm.confirm_word(),
            locked: vm.locked,
        })
    }

    /// A VM known by its id alone: its name and hostname were not read.
    fn numbered(id: &str) -> Self {
        Self {
            id: id.to_owned(),
            name: crate::tf!(c::VM_NUMBER, id = id),
            confirm_word: id.to_owned(),
            locked: false,
        }
    }
}

/// A backup with its disk's name and its VM, where they are known.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    pub backup: Backup,
    pub disk: Option<String>,
    pub vm: Option<Owner>,
}

/// What can be done with a backup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackupAction {
    Restore,
    Template,
    Delete,
}

/// The VM a disk of the account's list is on: `virtual_machine_id`, which
/// the documentation gives a disk and the panel's `Disk` keeps in `raw`.
pub fn disk_vm(disk: &Disk) -> Option<String> {
    decode::id(disk.raw.get("virtual_machine_id"))
}

/// The backups, each with its disk among `disks` (given with the id of the
/// VM each is on) and that VM among `vms`; a VM not among them is named by
/// its number. A backup whose disk is gone has neither.
pub fn locate(backups: Vec<Backup>, disks: &[(String, Disk)], vms: &[Vm]) -> Vec<Located> {
    let disks: BTreeMap<&str, (&str, &Disk)> = disks
        .iter()
        .filter_map(|(vm, disk)| Some((disk.id.as_deref()?, (vm.as_str(), disk))))
        .collect();
    let vms: BTreeMap<&str, &Vm> =
        vms.iter().filter_map(|vm| Some((vm.id.as_deref()?, vm))).collect();
    backups
        .into_iter()
        .map(|backup| {
            let on = backup.disk_id.as_deref().and_then(|id| disks.get(id));
            let vm = on.map(|(vm, _)| {
                vms.get(vm).and_then(|v| Owner::of(v)).unwrap_or_else(|| Owner::numbered(vm))
            });
            Located { disk: on.map(|(_, disk)| disk.name()), vm, backup }
        })
        .collect()
}

/// Newest first, by the date as sent, which the service writes in one
/// sortable format.
pub fn newest_first<T>(list: &mut [T], backup: impl Fn(&T) -> &Backup) {
    list.sort_by(|a, b| backup(b).created_at.cmp(&backup(a).created_at));
}

impl BackupKind {
    pub fn label(&self) -> &str {
        match self {
            Self::Manual => t::BACKUPS_KIND_MANUAL.get(),
            Self::Automatic => t::BACKUPS_KIND_AUTOMATIC.get(),
            Self::Other(kind) => kind,
            Self::Unknown => DASH,
        }
    }
}

impl BackupState {
    /// In the words of a snapshot's states, which read the same.
    pub fn label(&self) -> &str {
        match self {
            Self::Ready => t::SNAPSHOTS_STATE_READY.get(),
            Self::Busy => t::SNAPSHOTS_STATE_BUSY.get(),
            Self::Failed => t::SNAPSHOTS_STATE_FAILED.get(),
            Self::Other(status) => status,
            Self::Unknown => DASH,
        }
    }

    /// A stable token for styling.
    pub fn css_class(&self) -> &'static str {
        match self {
            Self::Ready => "ready",
            Self::Busy => "busy",
            Self::Failed => "failed",
            Self::Other(_) | Self::Unknown => "other",
        }
    }
}

impl Backup {
    /// `backup_size` as sent, in GB (the unit the service writes it in).
    pub fn size_label(&self) -> String {
        or_dash(self.size.map(|gb| format!("{} GB", number(gb, 2))))
    }
}

impl Located {
    /// Why `action` cannot be taken on this backup, whatever its VM is
    /// doing: a failed backup holds nothing to restore or make a template
    /// of; one in use waits; one whose disk is gone has nothing to go back
    /// onto.
    pub fn why_not(&self, action: BackupAction) -> Option<&'static str> {
        match (action, self.backup.state()) {
            (BackupAction::Restore, BackupState::Failed) => {
                Some(t::BACKUPS_WHY_FAILED_RESTORE.get())
            }
            (BackupAction::Template, BackupState::Failed) => {
                Some(t::BACKUPS_WHY_FAILED_TEMPLATE.get())
            }
            (_, BackupState::Busy) => Some(t::BACKUPS_WHY_BUSY.get()),
            (BackupAction::Restore, _) if self.vm.is_none() => Some(t::BACKUPS_WHY_DISK_GONE.get()),
            _ => None,
        }
    }

    /// The disk's name; its number once the disk is gone.
    pub fn disk_name(&self) -> String {
        self.disk
            .clone()
            .or_else(|| self.backup.disk_id.as_ref().map(|id| crate::tf!(m::DISK_NUMBER, id = id)))
            .unwrap_or_else(|| DASH.to_owned())
    }

    /// The VM's name, or that it is gone.
    pub fn vm_name(&self) -> String {
        self.vm.as_ref().map_or_else(|| t::BACKUPS_VM_GONE.get().to_owned(), |vm| vm.name.clone())
    }

    /// What a restore overwrites, `date` being the backup's as shown.
    pub fn restore_warning(&self, date: &str) -> String {
        crate::tf!(
            t::BACKUPS_RESTORE_WARNING,
            disk = self.disk_name(),
            vm = self.vm_name(),
            date = date
        )
    }

    /// What a template is made of.
    pub fn template_text(&self, date: &str) -> String {
        crate::tf!(
            t::BACKUPS_TEMPLATE_TEXT,
            disk = self.disk_name(),
            vm = self.vm_name(),
            date = date
        )
    }

    /// Which backup a delete removes.
    pub fn delete_text(&self, date: &str) -> String {
        crate::tf!(
            t::BACKUPS_DELETE_TEXT,
            disk = self.disk_name(),
            vm = self.vm_name(),
            date = date
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::disk::Disk;
    use serde_json::json;

    fn backups() -> Vec<Backup> {
        Backup::list_from_json(&json!([
            {"id": 1, "disk_id": 5009, "date_created": "2026-11-20T03:00:00", "status": "built",
             "backup_size": 2.5, "locked": 0, "backup_type": "gigas-automatic"},
            {"id": 2, "disk_id": 5009, "date_created": "2026-11-25T10:00:00", "status": "built",
             "locked": 1, "backup_type": "gigas"},
            {"id": 3, "disk_id": 5010, "date_created": "2026-11-21T03:00:00", "status": "failed"},
            {"id": 4, "disk_id": 6001, "date_created": "2026-11-22T03:00:00", "status": "built"}
        ]))
        .unwrap()
    }

    fn disks() -> Vec<(String, Disk)> {
        let list = json!([
            {"id": 5009, "virtual_machine_id": 42, "mount_point": "/", "is_swap": 0},
            {"id": 5010, "virtual_machine_id": 43, "label": "Data"},
            {"id": 7000}
        ]);
        Disk::list_from_json(&list)
            .unwrap()
            .0
            .into_iter()
            .filter_map(|d| Some((disk_vm(&d)?, d)))
            .collect()
    }

    fn located() -> Vec<Located> {
        let web = Vm::from_json(&json!({"id": 42, "label": "Web", "hostname": "web.example.org"}))
            .unwrap();
        locate(backups(), &disks(), &[web])
    }

    #[test]
    fn backups_are_found_on_their_disks_and_vms() {
        let list = located();
        let shape: Vec<_> = list
            .iter()
            .map(|l| {
                (l.disk.clone(), l.vm.as_ref().map(|v| (v.name.clone(), v.confirm_word.clone())))
            })
            .collect();
        let web = Some(("Web".to_owned(), "web.example.org".to_owned()));
        assert_eq!(
            shape,
            [
                (Some("System disk".to_owned()), web.clone()),
                (Some("System disk".to_owned()), web),
                // A VM the list read did not have: by its number.
                (Some("Data".to_owned()), Some(("VM 43".to_owned(), "43".to_owned()))),
                // The disk is gone.
                (None, None),
            ]
        );
        assert_eq!(list[3].disk_name(), "Disk 6001");
        assert_eq!(list[3].vm_name(), "a VM no longer there");
        let mut newest = list.clone();
        newest_first(&mut newest, |l| &l.backup);
        let ids: Vec<_> = newest.iter().filter_map(|l| l.backup.id.clone()).collect();
        assert_eq!(ids, ["2", "4", "3", "1"]);
    }

    #[test]
    fn what_can_be_done_with_each_backup() {
        use BackupAction::*;
        let list = located();
        let why =
            |i: usize| [Restore, Template, Delete].map(|action| list[i].why_not(action).is_some());
        // Ready; locked (being restored); failed; its disk gone.
        assert_eq!(why(0), [false, false, false]);
        assert_eq!(why(1), [true, true, true]);
        assert_eq!(why(2), [true, true, false]);
        assert_eq!(why(3), [true, false, false]);
        assert_eq!(list[2].why_not(Restore), Some("A failed backup cannot be restored."));
        assert!(list[3].why_not(Restore).is_some_and(|why| why.contains("template")));
    }

    #[test]
    fn the_dialogs_say_what_is_overwritten_made_and_deleted() {
        let list = located();
        assert_eq!(
            list[0].restore_warning("20 Nov 2026, 03:00"),
            "The disk System disk of Web is written back to 20 Nov 2026, 03:00; \
             everything written to it since then is lost."
        );
        assert!(list[3].template_text("22 Nov").contains("Disk 6001 of a VM no longer there"));
        assert!(list[2].delete_text("21 Nov").contains("Data of VM 43 made on 21 Nov"));
        let _es = crate::i18n::LocaleGuard::spanish();
        assert!(list[0].restore_warning("20 nov").starts_with("El disco System disk de Web"));
    }

    #[test]
    fn kinds_states_and_sizes_read_as_words() {
        let list = backups();
        assert_eq!(list[0].kind.label(), "automatic");
        assert_eq!(list[1].kind.label(), "manual");
        assert_eq!(list[2].kind.label(), DASH);
        assert_eq!(
            list.iter().map(|b| b.state().label().to_owned()).collect::<Vec<_>>(),
            ["ready", "in progress", "failed", "ready"]
        );
        assert_eq!(list[0].size_label(), "2.5 GB");
        assert_eq!(list[1].size_label(), DASH);
        assert_eq!(BackupState::Other("queued".into()).css_class(), "other");
    }
}
