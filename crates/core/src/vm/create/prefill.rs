//! The create-VM form filled in ahead: the sizes of a provider's plan, or a
//! new VM like one there is.

use super::{CreateVmForm, Source};
use crate::deploy::plans::Plan;
use crate::vm::disk::Disk;
use crate::vm::Vm;

impl CreateVmForm {
    /// Takes its sizes from `plan` (memory, CPUs, the primary disk); none:
    /// the sizes are typed in, starting from the plan's.
    pub fn choose_plan(&mut self, plan: Option<&Plan>) {
        match plan {
            Some(plan) => {
                self.plan = plan.name.clone();
                self.memory = plan.memory.to_string();
                self.cpus = plan.cpus.to_string();
                self.primary_disk_size = plan.disk.to_string();
            }
            None => self.plan.clear(),
        }
    }
    /// A new VM like `vm`: its sizes, template, location and network (its
    /// primary interface's), never its name, hostname or password.
    pub fn like(vm: &Vm, disks: &[Disk], network_id: Option<&str>) -> Self {
        let defaults = Self::default();
        let number = |n: Option<i64>, default: &str| {
            n.filter(|n| *n > 0).map_or_else(|| default.to_owned(), |n| n.to_string())
        };
        let primary = Disk::system_size(disks);
        Self {
            memory: number(vm.memory_mb, &defaults.memory),
            cpus: number(vm.cpus, &defaults.cpus),
            cpu_type: vm
                .cpu_type
                .clone()
                .filter(|t| matches!(t.as_str(), "intel" | "amd"))
                .unwrap_or_default(),
            cpu_shares: number(vm.cpu_shares, ""),
            source: Source::Template,
            template_id: vm.template_id.clone().unwrap_or_default(),
            location_id: vm.location_id.clone().unwrap_or_default(),
            primary_disk_size: number(primary, &defaults.primary_disk_size),
            primary_network_id: network_id.unwrap_or_default().to_owned(),
            ..defaults
        }
    }
}
