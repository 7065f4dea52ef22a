//! A backup of a disk, made by hand (`gigas`) or automatically
//! (`gigas-automatic`), and how the service writes it.

use super::template::System;
use serde_json::{json, Value};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Backup {
    pub id: u64,
    pub disk_id: u64,
    /// The VM whose disk it is. A backup outlives its disk and its VM, as
    /// at the provider: it is the copy to go back to.
    pub virtual_machine_id: u64,
    pub created_at: String,
    /// Making it failed: it can be neither restored nor made a template.
    pub failed: bool,
    pub system: System,
    /// The template the disk was built from.
    pub template_id: Option<u64>,
    /// GB, as the provider writes it: with a fraction.
    pub size: f64,
    /// GB, the disk's size when the backup was made (for a disk since gone).
    pub disk_size: u64,
    /// Made by hand (`gigas`) rather than automatically.
    pub manual: bool,
    /// While it is being written back onto its disk: the VM's lock.
    pub restoring: Option<(Instant, Instant)>,
}

impl Backup {
    /// One whose state and size follow from its id alone, so that seeding it
    /// draws nothing from the seeded generator: one in seven has failed (an
    /// id that leaves 3 divided by 7), and it holds 15–64 % of its disk.
    #[allow(clippy::too_many_arguments)]
    pub fn seeded(
        id: u64,
        disk_id: u64,
        disk_size: u64,
        virtual_machine_id: u64,
        template_id: Option<u64>,
        system: System,
        manual: bool,
        created_at: String,
    ) -> Self {
        let share = (15 + id % 50) as f64 / 100.0;
        Self {
            id,
            disk_id,
            virtual_machine_id,
            created_at,
            failed: id % 7 == 3,
            system,
            template_id,
            size: (disk_size as f64 * share * 10.0).round() / 10.0,
            disk_size,
            manual,
            restoring: None,
        }
    }

    /// Locked while it is written back onto its disk.
    pub fn is_locked(&self, now: Instant) -> bool {
        self.restoring.is_some_and(|(start, until)| start <= now && now < until)
    }

    /// Being restored, or about to be: from the 202 until the VM's work ends.
    pub fn is_restoring(&self, now: Instant) -> bool {
        self.restoring.is_some_and(|(_, until)| now < until)
    }

    /// Nothing here makes a backup, so none is ever `pending`.
    pub fn status(&self) -> &'static str {
        if self.failed {
            "failed"
        } else {
            "built"
        }
    }

    pub fn to_json(&self, now: Instant) -> Value {
        json!({
            "id": self.id.to_string(),
            "disk_id": self.disk_id.to_string(),
            "date_created": self.created_at,
            "status": self.status(),
            "operating_system": self.system.os,
            "operating_system_distro": self.system.distro,
            "template_id": self.template_id.map(|id| id.to_string()),
            "backup_size": self.size,
            "locked": u8::from(self.is_locked(now)),
            "backup_type": if self.manual { "gigas" } else { "gigas-automatic" },
        })
    }
}
