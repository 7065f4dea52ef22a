//! A VM as the simulator keeps it: its settings, the long operation it may be
//! busy with, and what belongs to it alone (disks, the mounted ISO, snapshots).

use super::network::Interface;
use crate::catalogue;
use std::time::Instant;

/// A long operation: the VM is locked until `until`, then `effect` applies.
#[derive(Clone, Debug)]
pub struct Operation {
    pub until: Instant,
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
        self.op.as_ref().is_some_and(|op| op.until > now)
    }

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
}
