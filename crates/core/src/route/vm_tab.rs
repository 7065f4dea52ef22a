//! The tabs of a VM's page.

use super::segment;
use crate::i18n::{common as c, messages as t};

/// A tab of a virtual machine's page, in the order a user looks at a VM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VmTab {
    Overview,
    Disks,
    Isos,
    Snapshots,
    Backups,
    Network,
    Firewall,
    Statistics,
    Settings,
    Activity,
}

impl VmTab {
    pub const ALL: [VmTab; 10] = [
        VmTab::Overview,
        VmTab::Disks,
        VmTab::Isos,
        VmTab::Snapshots,
        VmTab::Backups,
        VmTab::Network,
        VmTab::Firewall,
        VmTab::Statistics,
        VmTab::Settings,
        VmTab::Activity,
    ];

    /// The path segment after `/vms/<id>`; empty for the overview.
    pub fn segment(self) -> &'static str {
        match self {
            VmTab::Overview => "",
            VmTab::Disks => "disks",
            VmTab::Isos => "isos",
            VmTab::Snapshots => "snapshots",
            VmTab::Backups => "backups",
            VmTab::Network => "network",
            VmTab::Firewall => "firewall",
            VmTab::Statistics => "statistics",
            VmTab::Settings => "settings",
            VmTab::Activity => "activity",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            VmTab::Overview => t::TAB_OVERVIEW.get(),
            VmTab::Disks => crate::i18n::common::DISKS.get(),
            VmTab::Isos => t::TAB_ISOS.get(),
            VmTab::Snapshots => t::TAB_SNAPSHOTS.get(),
            VmTab::Backups => c::BACKUPS.get(),
            VmTab::Network => c::NETWORK.get(),
            VmTab::Firewall => t::TAB_FIREWALL.get(),
            VmTab::Statistics => t::TAB_STATISTICS.get(),
            VmTab::Settings => t::TAB_SETTINGS.get(),
            VmTab::Activity => c::ACTIVITY.get(),
        }
    }

    /// The tab's address for one VM.
    pub fn href(self, vm_id: &str) -> String {
        match self.segment() {
            "" => format!("/{}/{vm_id}", segment::VMS),
            tab => format!("/{}/{vm_id}/{tab}", segment::VMS),
        }
    }
}
