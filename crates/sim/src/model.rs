//! The simulator's own records. They are written out in the spec's JSON shape
//! here, independently of the panel's decoding types, so that a client that
//! reads the wrong shape is caught.

use serde_json::{json, Value};
use std::time::Instant;

/// The fixed template catalogue of every account: id, label, OS, distro.
pub const TEMPLATES: [(u64, &str, &str, &str); 4] = [
    (1, "Debian 12 x64", "linux", "Debian 12"),
    (2, "Ubuntu 24.04 x64", "linux", "Ubuntu 24.04"),
    (3, "AlmaLinux 9 x64", "linux", "AlmaLinux 9"),
    (4, "Windows Server 2022", "windows", "Windows Server 2022"),
];

#[derive(Clone, Debug)]
pub struct VmRecord {
    pub id: u64,
    pub label: String,
    pub hostname: String,
    pub memory: u64,
    pub cpus: u64,
    pub cpu_shares: u64,
    pub cpu_type: &'static str,
    pub template_id: u64,
    pub initial_password: String,
    pub note: Option<String>,
    pub hypervisor_id: u64,
    pub vm_type: &'static str,
    pub status: &'static str,
    /// The VM is busy until then (202 operations, and a few seeded VMs).
    pub locked_until: Option<Instant>,
    pub suspended: bool,
    pub strict_virtual_machine_id: Option<u64>,
    pub created_at: String,
    pub updated_at: String,
    pub cdrom: bool,
    pub boot_type: &'static str,
    pub location_id: u64,
    pub disk_type: &'static str,
    pub primary_disk_size: u64,
    pub swap_disk_size: u64,
    pub identifier: String,
    pub ip_addresses: Vec<String>,
}

impl VmRecord {
    pub fn is_locked(&self, now: Instant) -> bool {
        self.locked_until.is_some_and(|until| until > now)
    }

    pub fn template(&self) -> Option<&'static (u64, &'static str, &'static str, &'static str)> {
        TEMPLATES.iter().find(|t| t.0 == self.template_id)
    }

    pub fn disks_size(&self) -> u64 {
        self.primary_disk_size + self.swap_disk_size
    }

    /// The VM resource as the service writes it: ids as digit strings, the
    /// 0/1 flags as integers, the rest as true/false.
    pub fn to_json(&self, now: Instant) -> Value {
        let template = self.template();
        json!({
            "id": self.id.to_string(),
            "label": self.label,
            "memory": self.memory,
            "cpus": self.cpus,
            "cpu_shares": self.cpu_shares,
            "hostname": self.hostname,
            "template_id": self.template_id.to_string(),
            "initial_password": self.initial_password,
            "note": self.note,
            "hypervisor_id": self.hypervisor_id.to_string(),
            "type": self.vm_type,
            "vip": false,
            "status": self.status,
            "locked": u8::from(self.is_locked(now)),
            "suspended": u8::from(self.suspended),
            "strict_virtual_machine_id": self.strict_virtual_machine_id.map(|id| id.to_string()),
            "operating_system": template.map(|t| t.2),
            "operating_system_distro": template.map(|t| t.3),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "cdrom": u8::from(self.cdrom),
            "boot_type": self.boot_type,
            "location_id": self.location_id.to_string(),
            "template_label": template.map(|t| t.1),
            "cpu_type": self.cpu_type,
            "disk_type": self.disk_type,
            "identifier": self.identifier,
            "disks_size": self.disks_size(),
            "ip_addresses": self.ip_addresses.iter()
                .map(|address| json!({"ip_address": {"address": address}}))
                .collect::<Vec<_>>(),
        })
    }
}
