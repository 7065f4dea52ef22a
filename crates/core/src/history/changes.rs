//! Since the last visit: a small record of the VMs a browser last saw (id,
//! name, status, sizes, addresses, suspension) and what changed between it
//! and what is seen now: VMs added or removed, started or stopped, resized,
//! their addresses changed, suspended or back.

use crate::i18n::messages as t;
use crate::tf;
use crate::vm::{Vm, VmStatus};
use serde::{Deserialize, Serialize};

/// One VM as last seen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenVm {
    pub id: String,
    pub name: String,
    pub status: String,
    pub memory_mb: Option<i64>,
    pub cpus: Option<i64>,
    pub disks_gb: Option<i64>,
    /// None where the list did not say them (the documented VM lists none,
    /// and the panel reads them only with their column shown).
    pub addresses: Option<Vec<String>>,
    pub suspended: bool,
    /// When the VM was made, in milliseconds since the epoch, if known.
    #[serde(default)]
    pub created: Option<i64>,
}

impl SeenVm {
    /// The record of a VM; none for one without an id.
    pub fn of(vm: &Vm) -> Option<SeenVm> {
        let addresses = vm.addresses_known.then(|| {
            let mut addresses = vm.ip_addresses.clone();
            crate::sort_short(&mut addresses);
            addresses
        });
        Some(SeenVm {
            id: vm.id.clone()?,
            name: vm.display_name(),
            status: vm.status.code().to_owned(),
            memory_mb: vm.memory_mb,
            cpus: vm.cpus,
            disks_gb: vm.disks_size_gb,
            addresses,
            suspended: vm.suspended,
            created: vm.created_at.as_deref().and_then(crate::time::parse_service_date),
        })
    }

    fn sizes(&self) -> String {
        let part = |value: Option<i64>| value.map_or_else(|| "?".to_owned(), |v| v.to_string());
        tf!(
            t::CHANGES_SIZES,
            memory = part(self.memory_mb),
            cpus = part(self.cpus),
            disk = part(self.disks_gb)
        )
    }
}

/// What happened to one VM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Added,
    Removed,
    Started,
    Stopped,
    /// Another status than online or offline (building, in recovery…).
    Status {
        from: String,
        to: String,
    },
    Resized {
        from: String,
        to: String,
    },
    Addresses {
        added: Vec<String>,
        removed: Vec<String>,
    },
    Suspended,
    Unsuspended,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VmChange {
    pub id: String,
    pub name: String,
    pub change: Change,
}

impl VmChange {
    /// "web-01 was stopped", "db was resized: 1024 MB · 1 CPUs · 20 GB disk → …".
    pub fn sentence(&self) -> String {
        let name = &self.name;
        match &self.change {
            Change::Added => tf!(t::CHANGES_ADDED, name = name),
            Change::Removed => tf!(t::CHANGES_REMOVED, name = name),
            Change::Started => tf!(t::CHANGES_STARTED, name = name),
            Change::Stopped => tf!(t::CHANGES_STOPPED, name = name),
            Change::Status { from, to } => tf!(
                t::CHANGES_STATUS,
                name = name,
                from = status_label(from),
                to = status_label(to)
            ),
            Change::Resized { from, to } => {
                tf!(t::CHANGES_RESIZED, name = name, from = from, to = to)
            }
            Change::Addresses { added, removed } => {
                let mut parts = Vec::new();
                if !added.is_empty() {
                    parts.push(tf!(t::CHANGES_GAINED, addresses = added.join(", ")));
                }
                if !removed.is_empty() {
                    parts.push(tf!(t::CHANGES_LOST, addresses = removed.join(", ")));
                }
                let changes = match parts.as_slice() {
                    [first, second] => tf!(t::RULES_AND_LIST, init = first, last = second),
                    _ => parts.join(", "),
                };
                format!("{name} {changes}")
            }
            Change::Suspended => tf!(t::CHANGES_SUSPENDED, name = name),
            Change::Unsuspended => tf!(t::CHANGES_UNSUSPENDED, name = name),
        }
    }
}

/// A status as the record keeps it (the service's word), as the panel shows it.
fn status_label(code: &str) -> String {
    VmStatus::parse(Some(&serde_json::Value::String(code.to_owned()))).label().to_owned()
}

/// VMs kept on record at most.
pub const REMEMBER: usize = 500;

/// The VMs a browser last saw for an account, and when.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    /// Milliseconds since the epoch.
    pub at: i64,
    pub vms: Vec<SeenVm>,
}

impl Seen {
    /// What changed since, for the VMs on view: each compared with its
    /// record. A list page shows part of the account, so a VM not on record
    /// is new only if it was made since, or the view is the whole account;
    /// a record not on view is gone only when the view is the whole account.
    pub fn changes(&self, now: &[SeenVm], whole_account: bool) -> Vec<VmChange> {
        if self.vms.is_empty() {
            return Vec::new();
        }
        let on_record = |id: &str| self.vms.iter().any(|vm| vm.id == id);
        let now: Vec<SeenVm> = now
            .iter()
            .filter(|vm| {
                on_record(&vm.id) || whole_account || vm.created.is_some_and(|c| c > self.at)
            })
            .cloned()
            .collect();
        let before: Vec<SeenVm> = self
            .vms
            .iter()
            .filter(|vm| whole_account || now.iter().any(|n| n.id == vm.id))
            .cloned()
            .collect();
        diff(&before, &now)
    }

    /// Keeps what is on view as the latest record (the whole account
    /// replaces every record), newest first, at most [`REMEMBER`].
    pub fn remember(&mut self, now: &[SeenVm], whole_account: bool, at: i64) {
        let mut vms = now.to_vec();
        if !whole_account {
            vms.extend(self.vms.iter().filter(|old| !now.iter().any(|n| n.id == old.id)).cloned());
        }
        vms.truncate(REMEMBER);
        *self = Seen { at, vms };
    }
}

/// What changed from `before` to `now`, VM by VM in the order of `now`
/// (then the removed ones): each VM may have several changes.
pub fn diff<'a>(before: &'a [SeenVm], now: &'a [SeenVm]) -> Vec<VmChange> {
    // The last record of an id, as a map built from the list would keep; a
    // search rather than a map, as `changes` does: a few hundred VMs at most.
    let find = |list: &'a [SeenVm], id: &str| list.iter().rev().find(|vm| vm.id == id);
    let mut out = Vec::new();
    let mut note = |vm: &SeenVm, change: Change| {
        out.push(VmChange { id: vm.id.clone(), name: vm.name.clone(), change })
    };
    for vm in now {
        let Some(was) = find(before, &vm.id) else {
            note(vm, Change::Added);
            continue;
        };
        let (online, offline) = (VmStatus::Online.code(), VmStatus::Offline.code());
        if was.status != vm.status {
            note(
                vm,
                match (was.status.as_str(), vm.status.as_str()) {
                    (from, to) if from == offline && to == online => Change::Started,
                    (from, to) if from == online && to == offline => Change::Stopped,
                    (from, to) => Change::Status { from: from.to_owned(), to: to.to_owned() },
                },
            );
        }
        if (was.memory_mb, was.cpus, was.disks_gb) != (vm.memory_mb, vm.cpus, vm.disks_gb) {
            note(vm, Change::Resized { from: was.sizes(), to: vm.sizes() });
        }
        // Compared only where both reads said them.
        if let (Some(before), Some(now)) = (&was.addresses, &vm.addresses) {
            if before != now {
                let added = now.iter().filter(|a| !before.contains(a)).cloned().collect();
                let removed = before.iter().filter(|a| !now.contains(a)).cloned().collect();
                note(vm, Change::Addresses { added, removed });
            }
        }
        match (was.suspended, vm.suspended) {
            (false, true) => note(vm, Change::Suspended),
            (true, false) => note(vm, Change::Unsuspended),
            _ => {}
        }
    }
    for vm in before.iter().filter(|vm| find(now, &vm.id).is_none()) {
        note(vm, Change::Removed);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen_vm(id: &str, status: &str) -> SeenVm {
        SeenVm {
            id: id.into(),
            name: format!("vm-{id}"),
            status: status.into(),
            memory_mb: Some(1024),
            cpus: Some(1),
            disks_gb: Some(20),
            addresses: Some(vec!["203.0.113.1".into()]),
            suspended: false,
            created: Some(1_000),
        }
    }

    #[test]
    fn a_page_of_the_account_says_only_what_it_can_know() {
        let mut seen = Seen::default();
        assert!(
            seen.changes(&[seen_vm("1", "online")], false).is_empty(),
            "a first visit has nothing to compare"
        );
        seen.remember(&[seen_vm("1", "online"), seen_vm("2", "online")], true, 5_000);
        // Page 2 of a big account: 3 was there before and is not new; 9 was made since.
        let mut made_since = seen_vm("9", "online");
        made_since.created = Some(6_000);
        let now = [seen_vm("1", "offline"), seen_vm("3", "online"), made_since];
        let said: Vec<String> = seen.changes(&now, false).iter().map(VmChange::sentence).collect();
        assert_eq!(said, ["vm-1 was stopped", "vm-9 is new"]);
        // The whole account on view: 2 is gone, 3 is new.
        let said: Vec<String> =
            seen.changes(&now[..2], true).iter().map(VmChange::sentence).collect();
        assert_eq!(said, ["vm-1 was stopped", "vm-3 is new", "vm-2 is gone"]);
        // A page keeps the other records; the whole account replaces them.
        seen.remember(&now[1..2], false, 7_000);
        assert_eq!(seen.vms.iter().map(|v| v.id.as_str()).collect::<Vec<_>>(), ["3", "1", "2"]);
        seen.remember(&now[1..2], true, 8_000);
        assert_eq!((seen.at, seen.vms.len()), (8_000, 1));
    }

    #[test]
    fn nothing_changed_is_nothing_said() {
        let list = vec![seen_vm("1", "online"), seen_vm("2", "offline")];
        assert!(diff(&list, &list).is_empty());
        // An id twice on record: the last record is the one compared.
        let twice = vec![seen_vm("1", "offline"), seen_vm("1", "online"), seen_vm("2", "offline")];
        assert!(diff(&twice, &list).is_empty());
        let said: Vec<String> = diff(&list, &twice).iter().map(VmChange::sentence).collect();
        assert_eq!(said, ["vm-1 was stopped"]);
    }

    #[test]
    fn every_kind_of_change_is_found() {
        let before = vec![
            seen_vm("1", "offline"),
            seen_vm("2", "online"),
            seen_vm("3", "online"),
            seen_vm("4", "online"),
            seen_vm("5", "online"),
            seen_vm("6", "online"),
        ];
        let mut now = vec![
            seen_vm("1", "online"),
            seen_vm("2", "offline"),
            seen_vm("3", "online"),
            seen_vm("4", "online"),
            seen_vm("5", "recovery"),
            seen_vm("7", "unbuilt"),
        ];
        now[2].memory_mb = Some(2048);
        now[3].addresses = Some(vec!["203.0.113.9".into()]);
        now[3].suspended = true;
        let changes = diff(&before, &now);
        let said: Vec<String> = changes.iter().map(VmChange::sentence).collect();
        assert_eq!(
            said,
            [
                "vm-1 was started",
                "vm-2 was stopped",
                "vm-3 was resized: 1024 MB · 1 CPUs · 20 GB disk → 2048 MB · 1 CPUs · 20 GB disk",
                "vm-4 gained 203.0.113.9 and lost 203.0.113.1",
                "vm-4 was suspended by the provider",
                "vm-5 went from online to recovery",
                "vm-7 is new",
                "vm-6 is gone",
            ]
        );
        assert_eq!(changes[0].id, "1");
    }

    #[test]
    fn a_record_is_made_from_a_vm_with_its_addresses_in_order() {
        let vm = Vm::from_json(&serde_json::json!({
            "id": 9, "label": "web", "status": "online", "memory": 2048, "cpus": 2, "disks_size": 40, "suspended": true,
            "ip_addresses": [{"ip_address": {"address": "203.0.113.9"}}, {"ip_address": {"address": "198.51.100.2"}}]
        }))
        .unwrap();
        let record = SeenVm::of(&vm).unwrap();
        assert_eq!(record.id, "9");
        assert_eq!(
            record.addresses,
            Some(vec!["198.51.100.2".to_owned(), "203.0.113.9".to_owned()])
        );
        // A VM that does not list its addresses says nothing of them.
        let documented =
            SeenVm::of(&Vm::from_json(&serde_json::json!({"id": "8"})).unwrap()).unwrap();
        assert_eq!(documented.addresses, None);
        assert!(record.suspended);
        assert_eq!(
            Vm::from_json(&serde_json::json!({"label": "no id"}))
                .ok()
                .and_then(|vm| SeenVm::of(&vm)),
            None
        );
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn changes_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        let change = |change| VmChange { id: "1".into(), name: "web".into(), change };
        assert_eq!(change(Change::Stopped).sentence(), "web se ha detenido");
        assert_eq!(
            change(Change::Status { from: "offline".into(), to: "recovery".into() }).sentence(),
            "web ha pasado de apagada a en rescate"
        );
        let addresses = Change::Addresses {
            added: vec!["192.0.2.1".into()],
            removed: vec!["192.0.2.2".into()],
        };
        assert_eq!(
            change(addresses).sentence(),
            "web ha recibido 192.0.2.1 y ha perdido 192.0.2.2"
        );
    }
}
