//! A VM as the simulator keeps it: its settings, the long operation it may be
//! busy with, and what belongs to it alone (disks, the mounted ISO, snapshots).

use super::network::Interface;
use crate::catalogue;
use crate::rng::Rng;
use std::time::Instant;

/// A long operation: the VM is locked from `start` until `until`, then
/// `effect` applies. From the 202 to `start` it is pending: not locked yet,
/// but a second operation is refused all the same.
#[derive(Clone, Debug)]
pub struct Operation {
    pub start: Instant,
    pub until: Instant,
    /// Whether `updated_at` has been moved to when the lock began.
    pub lock_noted: bool,
    pub effect: Effect,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Only the lock (reset network, apply firewall rules, make a template...).
    Nothing,
    /// The VM ends up in this power state (start, stop, reboot).
    Status(&'static str),
    /// The VM is built (create, rebuild, clone) and then started or not.
    Build { start: bool },
    /// A new root password is set.
    NewPassword(String),
    /// The VM and everything that belongs to it are removed.
    Destroy,
}

#[derive(Clone, Debug)]
pub struct Vm {
    pub id: u64,
    pub label: String,
    pub hostname: String,
    pub memory: u64,
    pub cpus: u64,
    pub cpu_shares: u64,
    pub cpu_type: String,
    /// The template it was built from; None for a VM installed from an ISO.
    pub template_id: Option<u64>,
    pub initial_password: String,
    pub remote_access_password: String,
    pub note: Option<String>,
    pub hypervisor_id: Option<u64>,
    pub vm_type: String,
    pub status: &'static str,
    pub op: Option<Operation>,
    pub suspended: bool,
    pub strict_virtual_machine_id: Option<u64>,
    pub created_at: String,
    pub updated_at: String,
    pub boot_type: String,
    pub location_id: u64,
    pub disk_type: String,
    pub identifier: String,
    pub user_id: u64,
    pub disks: Vec<Disk>,
    pub interfaces: Vec<Interface>,
    pub iso: Option<IsoJoin>,
    pub snapshots: Vec<Snapshot>,
    /// Varies the statistics from VM to VM.
    pub stats_seed: u64,
}

impl Vm {
    pub fn is_locked(&self, now: Instant) -> bool {
        self.op.as_ref().is_some_and(|op| op.start <= now && now < op.until)
    }

    /// Locked, or about to be: an operation was accepted and has not ended.
    pub fn is_busy(&self, now: Instant) -> bool {
        self.op.as_ref().is_some_and(|op| now < op.until)
    }

    /// The catalogue template it was built from; None for one built from an
    /// ISO or from one of the account's own templates (whose system the
    /// account's record says, not the VM).
    pub fn template(&self) -> Option<&'static catalogue::Template> {
        self.template_id.and_then(catalogue::template)
    }

    pub fn disks_size(&self) -> u64 {
        self.disks.iter().map(|d| d.size).sum()
    }

    pub fn primary_disk_size(&self) -> u64 {
        self.disks.iter().find(|d| d.primary).map(|d| d.size).unwrap_or(0)
    }

    pub fn interface(&self, id: u64) -> Option<&Interface> {
        self.interfaces.iter().find(|i| i.id == id)
    }
}

#[derive(Clone, Debug)]
pub struct Disk {
    pub id: u64,
    pub label: String,
    pub size: u64,
    pub is_swap: bool,
    pub primary: bool,
    pub mount_point: Option<String>,
    pub data_store_group_id: u64,
    pub created_at: String,
    pub identifier: String,
    /// Backed up automatically every day.
    pub autobackup: bool,
    /// Listed in the VM's fstab; None: as the service decides (every
    /// non-swap disk of a Linux VM).
    pub fstab: Option<bool>,
}

impl Disk {
    /// Two data stores in each group; a disk stays on the one it is on.
    pub fn data_store_id(&self) -> u64 {
        self.data_store_group_id * 10 + 1 + self.id % 2
    }
}

#[derive(Clone, Debug)]
pub struct IsoJoin {
    pub id: u64,
    pub iso_id: Option<u64>,
    pub iso_url: Option<String>,
    pub created_at: String,
}

#[derive(Clone, Debug)]
pub struct Snapshot {
    pub id: u64,
    pub label: String,
    pub size: u64,
    pub created_at: String,
    /// UUID-shaped, as the documented generations give it.
    pub identifier: String,
    /// Taking it failed.
    pub error: bool,
    /// A backup or a restore is using it.
    pub in_use: bool,
}

impl Snapshot {
    /// A snapshot whose identifier and state follow from its id alone, so
    /// that making one draws nothing from the seeded generator (which would
    /// change every later seeded value): one in five has failed (an id
    /// divisible by 5), one in seven of the others is in use (by 7).
    pub fn new(id: u64, label: String, size: u64, created_at: String) -> Self {
        let error = id % 5 == 0;
        let in_use = !error && id % 7 == 0;
        Self { id, label, size, created_at, identifier: uuid_of(id), error, in_use }
    }
}

/// A version 4 UUID's shape, the same for the same id.
fn uuid_of(id: u64) -> String {
    let mut rng = Rng::new(id ^ 0x5AA9_5107);
    let (a, b) = (rng.next_u64(), rng.next_u64());
    format!(
        "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xfff,
        0x8000 | ((b >> 48) & 0x3fff),
        b & 0xffff_ffff_ffff
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshots_state_follows_from_its_id() {
        let snapshots: Vec<Snapshot> =
            (15_001..15_701).map(|id| Snapshot::new(id, String::new(), 1, String::new())).collect();
        let failed = snapshots.iter().filter(|s| s.error).count();
        let in_use = snapshots.iter().filter(|s| s.in_use).count();
        assert_eq!(
            (failed, in_use),
            (140, 80),
            "one in five failed, one in seven of the others in use"
        );
        assert!(snapshots.iter().all(|s| !(s.error && s.in_use)));
        assert_eq!(
            Snapshot::new(15_005, String::new(), 1, String::new()).identifier,
            snapshots[4].identifier,
            "stable"
        );
        let uuid = &snapshots[0].identifier;
        assert_eq!(uuid.len(), 36);
        assert_eq!(&uuid[14..15], "4", "{uuid}");
        assert!(snapshots.windows(2).all(|w| w[0].identifier != w[1].identifier));
    }
}
