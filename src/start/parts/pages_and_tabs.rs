//! The parts of the panel's pages and tabs: which module each comes in,
//! and loading every part of a page at once.

use super::{part, Part};
use crate::pages;
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::{Route, VmTab};

// Which parts share a module is a trade: every module is a request, and code
// that several modules use goes into chunks of its own, one per combination.
// So the VM page's frame comes with its overview (a bookmark of a VM opens
// there), its other tabs as one module (they share most of their code: one
// module each made a chunk for every combination, some 80 files for a deep
// link and more bytes in all), the charts with the statistics tab, the
// account pages as one. The list is not a part at all: it is what most
// visits open first, so it comes with the shell instead of one round trip later.
part!(LOGIN, part_login, t::PART_LOGIN, view! { <pages::login::LoginPage/> });
part!(PORTAL, part_login, t::PART_LOGIN, view! { <pages::login::portal::PortalPage/> });
part!(
    /// A login the portal handed over in a link, on any page.
    HANDOFF, part_login, t::PART_LOGIN, view! { <pages::login::handoff::LinkHandoff/> }
);
part!(VM_CREATE, part_vm_create, t::PART_VM_CREATE, view! { <pages::vm_create::VmCreatePage/> });
part!(INTERFACES, part_account, t::PART_INTERFACES, view! { <pages::interfaces::InterfacesPage/> });
part!(
    IP_ADDRESSES,
    part_account,
    t::PART_IP_ADDRESSES,
    view! { <pages::ip_addresses::IpAddressesPage/> }
);
part!(TEMPLATES, part_account, t::PART_TEMPLATES, view! { <pages::templates::TemplatesPage/> });
part!(BACKUPS, part_account, t::PART_BACKUPS, view! { <pages::backups::BackupsPage/> });
part!(SNAPSHOTS, part_account, t::PART_SNAPSHOTS, view! { <pages::snapshots::SnapshotsPage/> });
part!(ACTIVITY, part_account, t::PART_ACTIVITY, view! { <pages::activity::ActivityPage/> });
part!(WORKSPACE, part_account, t::PART_WORKSPACE, view! { <pages::workspace::WorkspacePage/> });
part!(
    /// The VM page's frame: header, power actions and tab bar.
    VM_PAGE, part_vm, t::PART_VM_PAGE, view! { <pages::vm::VmPage/> }
);
part!(TAB_OVERVIEW, part_vm, t::PART_TAB_OVERVIEW, view! { <pages::vm::overview::OverviewTab/> });
part!(TAB_DISKS, part_vm_tabs, t::PART_TAB_DISKS, view! { <pages::vm::disks::DisksTab/> });
part!(TAB_ISOS, part_vm_tabs, t::PART_TAB_ISOS, view! { <pages::vm::isos::IsosTab/> });
part!(
    TAB_SNAPSHOTS,
    part_vm_tabs,
    t::PART_TAB_SNAPSHOTS,
    view! { <pages::vm::snapshots::SnapshotsTab/> }
);
part!(TAB_BACKUPS, part_vm_tabs, t::PART_TAB_BACKUPS, view! { <pages::vm::backups::BackupsTab/> });
part!(TAB_NETWORK, part_vm_tabs, t::PART_TAB_NETWORK, view! { <pages::vm::network::NetworkTab/> });
part!(
    TAB_FIREWALL,
    part_vm_tabs,
    t::PART_TAB_FIREWALL,
    view! { <pages::vm::firewall::FirewallTab/> }
);
part!(
    /// With the charts' drawing code.
    TAB_STATISTICS, part_statistics, t::PART_TAB_STATISTICS, view! { <pages::vm::statistics::StatisticsTab/> }
);
part!(
    TAB_SETTINGS,
    part_vm_tabs,
    t::PART_TAB_SETTINGS,
    view! { <pages::vm::settings::SettingsTab/> }
);
part!(
    TAB_ACTIVITY,
    part_vm_tabs,
    t::PART_TAB_ACTIVITY,
    view! { <pages::vm::activity::ActivityTab/> }
);
// The switcher (`shortcuts`) and the list's actions (`vm_list::bulk`) come
// with the VM page too: it shares their code (dialogs, forms, requests), and
// the list's links have usually fetched it by then.

pub fn tab(tab: VmTab) -> &'static Part {
    match tab {
        VmTab::Overview => &TAB_OVERVIEW,
        VmTab::Disks => &TAB_DISKS,
        VmTab::Isos => &TAB_ISOS,
        VmTab::Snapshots => &TAB_SNAPSHOTS,
        VmTab::Backups => &TAB_BACKUPS,
        VmTab::Network => &TAB_NETWORK,
        VmTab::Firewall => &TAB_FIREWALL,
        VmTab::Statistics => &TAB_STATISTICS,
        VmTab::Settings => &TAB_SETTINGS,
        VmTab::Activity => &TAB_ACTIVITY,
    }
}

/// The pages' parts, for loading a page's modules ahead: loading each part
/// of a module at once means that none of them shows a placeholder later.
static PAGES: [&Part; 22] = [
    &LOGIN,
    &PORTAL,
    &HANDOFF,
    &VM_CREATE,
    &INTERFACES,
    &IP_ADDRESSES,
    &TEMPLATES,
    &BACKUPS,
    &SNAPSHOTS,
    &ACTIVITY,
    &WORKSPACE,
    &VM_PAGE,
    &TAB_OVERVIEW,
    &TAB_DISKS,
    &TAB_ISOS,
    &TAB_SNAPSHOTS,
    &TAB_BACKUPS,
    &TAB_NETWORK,
    &TAB_FIREWALL,
    &TAB_STATISTICS,
    &TAB_SETTINGS,
    &TAB_ACTIVITY,
];

pub(super) fn parts_of(module: &str) -> impl Iterator<Item = &'static Part> + '_ {
    PAGES.iter().copied().filter(move |part| part.module == module)
}

/// Starts downloading every module of the page at `path` (the route table's
/// [`Route::modules`]), so that a page whose parts nest (the VM page and its
/// tab) does not fetch them one after another.
pub fn prefetch_path(path: &str) {
    for module in Route::from_path(path).modules() {
        parts_of(module).for_each(Part::prefetch);
    }
}

/// Waits until every part of the page at `path` is in (or failed: the page
/// then shows why, with "Try again"), so that the app's first drawing of the
/// page is the page itself, as the server's static first paint shows it.
pub async fn page_ready(path: &str) {
    for module in Route::from_path(path).modules() {
        for part in parts_of(module) {
            let _ = part.load().await;
        }
    }
}
