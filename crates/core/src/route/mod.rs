//! The panel's pages as the address bar names them. The panel loads in parts
//! (a page's code arrives when it is first needed); this is what tells which
//! page a path leads to, for a link that is hovered or a page about to open.
//! A VM page's tabs are in `vm_tab`, the addresses the panel links to in
//! `href`, where a tab goes after a login or an account switch in `next`.

pub mod href;
mod next;
mod vm_tab;

pub use next::{for_another_account, safe_next};
pub use vm_tab::VmTab;

use crate::api::paths;
use crate::i18n::{common as c, messages as t};
use crate::vm::query::VmQuery;

/// Where a path of the panel leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    Login,
    /// Where the provider's portal window hands a login over (`deploy::portal`).
    Portal,
    VmList,
    VmCreate,
    Vm(VmTab),
    Interfaces,
    IpAddresses,
    /// The account's templates: the provider's and its own.
    Templates,
    /// The account's backups, of every VM.
    Backups,
    /// The account's snapshots, of every VM.
    Snapshots,
    /// What this browser sent for the account.
    Activity,
    /// What this browser keeps for the account, to take to another
    /// browser as a file and back (`crate::workspace`).
    Workspace,
    /// `/`, which sends a logged-in user on to the list.
    Home,
    /// Anything else: the "not found" page.
    Unknown,
}

/// The address segments of the panel's pages, written once: the router
/// (`src/app.rs`), [`Route::from_path`] and the boot script's table
/// ([`Route::pattern`]) all take them from here.
pub mod segment {
    pub const LOGIN: &str = "login";
    pub const PORTAL: &str = "portal";
    pub const VMS: &str = "vms";
    pub const NEW: &str = "new";
    pub const INTERFACES: &str = "interfaces";
    pub const IP_ADDRESSES: &str = "ip-addresses";
    pub const TEMPLATES: &str = "templates";
    pub const BACKUPS: &str = "backups";
    pub const SNAPSHOTS: &str = "snapshots";
    pub const ACTIVITY: &str = "activity";
    pub const WORKSPACE: &str = "workspace";
}

/// The separately downloaded modules of the panel, by the names the build
/// gives them: `src/start/parts/` declares each part in one of these (the build
/// fails on another name), and [`Route::modules`] says which a page needs.
pub mod module {
    pub const LOGIN: &str = "part_login";
    pub const VM_CREATE: &str = "part_vm_create";
    /// The VM page's frame and its overview, with the switcher and the list's actions.
    pub const VM: &str = "part_vm";
    /// Every other tab of the VM page but statistics, with their dialogs.
    pub const VM_TABS: &str = "part_vm_tabs";
    /// The statistics tab, with the charts' drawing code.
    pub const STATISTICS: &str = "part_statistics";
    /// The account's pages: interfaces, addresses, templates, backups,
    /// snapshots, activity, what this browser keeps.
    pub const ACCOUNT: &str = "part_account";
    pub const ALL: [&str; 6] = [LOGIN, VM_CREATE, VM, VM_TABS, STATISTICS, ACCOUNT];
}

impl Route {
    /// The pages about the account as a whole, in the order the header
    /// names them; the last one is reached from the account menu.
    pub const ACCOUNT_PAGES: [Route; 7] = [
        Route::Interfaces,
        Route::IpAddresses,
        Route::Templates,
        Route::Backups,
        Route::Snapshots,
        Route::Activity,
        Route::Workspace,
    ];

    /// Every page, in the order a path is tried against them (`/vms/new`
    /// before `/vms/:id`); [`Route::Unknown`] is what matches none.
    pub fn pages() -> impl Iterator<Item = Route> {
        [Route::Home, Route::Login, Route::Portal, Route::VmList, Route::VmCreate]
            .into_iter()
            .chain(VmTab::ALL.map(Route::Vm))
            .chain(Route::ACCOUNT_PAGES)
    }

    /// The page's address, `:id` standing for a VM's id: `/vms/:id/disks`.
    /// `None` for [`Route::Unknown`], which has none.
    pub fn pattern(self) -> Option<String> {
        use segment as s;
        Some(match self {
            Route::Home => "/".to_owned(),
            Route::Login => format!("/{}", s::LOGIN),
            Route::Portal => format!("/{}", s::PORTAL),
            Route::VmList => format!("/{}", s::VMS),
            Route::VmCreate => format!("/{}/{}", s::VMS, s::NEW),
            Route::Vm(tab) => tab.href(":id"),
            Route::Interfaces => format!("/{}", s::INTERFACES),
            Route::IpAddresses => format!("/{}", s::IP_ADDRESSES),
            Route::Templates => format!("/{}", s::TEMPLATES),
            Route::Backups => format!("/{}", s::BACKUPS),
            Route::Snapshots => format!("/{}", s::SNAPSHOTS),
            Route::Activity => format!("/{}", s::ACTIVITY),
            Route::Workspace => format!("/{}", s::WORKSPACE),
            Route::Unknown => return None,
        })
    }

    /// The modules the page's code comes in ([`module`]): the boot script
    /// starts downloading them beside the main module, the panel loads them
    /// all at once for a deep link.
    pub fn modules(self) -> &'static [&'static str] {
        match self {
            Route::Login | Route::Portal => &[module::LOGIN],
            Route::VmCreate => &[module::VM_CREATE],
            // The page's frame with its overview, and the code of the other tabs.
            Route::Vm(VmTab::Overview) => &[module::VM],
            Route::Vm(VmTab::Statistics) => &[module::VM, module::STATISTICS],
            Route::Vm(_) => &[module::VM, module::VM_TABS],
            Route::Interfaces
            | Route::IpAddresses
            | Route::Templates
            | Route::Backups
            | Route::Snapshots
            | Route::Activity
            | Route::Workspace => &[module::ACCOUNT],
            Route::VmList | Route::Home | Route::Unknown => &[],
        }
    }

    /// The route of a path as the browser gives it (`location.pathname`): the
    /// first page whose pattern its segments match, `:id` matching any one
    /// segment; empty segments (a trailing slash) are ignored, and so is a
    /// query or fragment should one come along.
    pub fn from_path(path: &str) -> Route {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let matches = |pattern: &str| {
            let wanted: Vec<&str> = pattern.split('/').filter(|s| !s.is_empty()).collect();
            wanted.len() == segments.len()
                && wanted.iter().zip(&segments).all(|(want, got)| *want == ":id" || want == got)
        };
        Route::pages()
            .find(|page| page.pattern().is_some_and(|p| matches(&p)))
            .unwrap_or(Route::Unknown)
    }

    /// The page a user of this one most likely opens next, whose code is
    /// fetched ahead once this one is complete: a VM, from the list. None
    /// elsewhere: the rest is fetched when a link to it is pointed at.
    pub fn likely_next(self) -> Option<Route> {
        match self {
            Route::VmList => Some(Route::Vm(VmTab::Overview)),
            _ => None,
        }
    }

    /// The page's first API read when its address alone says what it is,
    /// as the API path for any account and VM (`{account}`, `{id}`) with its
    /// query: the boot script sends it beside the wasm, and the panel takes
    /// its answer instead of asking again. The list's is its first page in
    /// the default view (an address with a query asks the app).
    pub fn first_read(self) -> Option<String> {
        match self {
            Route::VmList => {
                Some(paths::url("", &paths::vms("{account}"), &VmQuery::default().params()))
            }
            Route::Vm(_) => Some(format!("{}/{{id}}", paths::new_vm("{account}"))),
            _ => None,
        }
    }

    /// The table the build writes into the boot script (`crate::boot`): each
    /// page's pattern with its modules and its first read, in the order they
    /// are tried (`[["/", [], null], …, ["/vms/:id", ["part_vm"], "/account/{account}/virtual_machine/{id}"], …]`).
    pub fn boot_rows() -> serde_json::Value {
        let rows: Vec<serde_json::Value> = Route::pages()
            .filter_map(|page| {
                Some(serde_json::json!([page.pattern()?, page.modules(), page.first_read()]))
            })
            .collect();
        serde_json::Value::Array(rows)
    }

    /// [`Route::boot_rows`] as JSON text.
    pub fn boot_table() -> String {
        Route::boot_rows().to_string()
    }
}

impl Route {
    /// The page's title, so that tabs, history and screen readers tell
    /// pages apart: "Search database 1 · Network · vmdeck",
    /// "Virtual machines (40) · vmdeck", `product` (the brand's name) last.
    /// `vm_name` and `vm_count` are what the page knows once its data has
    /// arrived.
    pub fn title(self, product: &str, vm_name: Option<&str>, vm_count: Option<u64>) -> String {
        let page = match self {
            Route::Home => return product.to_owned(),
            Route::Login | Route::Portal => crate::i18n::common::LOG_IN.get().to_owned(),
            Route::VmList => match vm_count {
                Some(count) => {
                    crate::tf!(t::TITLE_VMS_COUNT, count = crate::i18n::integer(count as i64))
                }
                None => c::VIRTUAL_MACHINES.get().to_owned(),
            },
            Route::VmCreate => t::TITLE_CREATE_VM.get().to_owned(),
            Route::Vm(tab) => {
                let name = vm_name
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .unwrap_or(c::VIRTUAL_MACHINE.get());
                format!("{name} · {}", tab.label())
            }
            Route::Interfaces => c::NETWORK_INTERFACES.get().to_owned(),
            Route::IpAddresses => c::IP_ADDRESSES.get().to_owned(),
            Route::Templates => c::TEMPLATES.get().to_owned(),
            Route::Backups => c::BACKUPS.get().to_owned(),
            Route::Snapshots => t::TAB_SNAPSHOTS.get().to_owned(),
            Route::Activity => c::ACTIVITY.get().to_owned(),
            Route::Workspace => crate::i18n::workspace::TITLE.get().to_owned(),
            Route::Unknown => crate::i18n::common::PAGE_NOT_FOUND.get().to_owned(),
        };
        format!("{page} · {product}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_built_leads_to_its_page() {
        let built = [
            (href::vms(), Route::VmList),
            (href::new_vm(), Route::VmCreate),
            (href::new_vm_like("42"), Route::VmCreate),
            (href::vm("42"), Route::Vm(VmTab::Overview)),
            (VmTab::Firewall.href("42"), Route::Vm(VmTab::Firewall)),
            (href::login(), Route::Login),
            (href::login_then("/vms/42?x=1"), Route::Login),
            (href::interfaces(), Route::Interfaces),
            (href::ip_addresses(), Route::IpAddresses),
            (href::templates(), Route::Templates),
            (href::backups(), Route::Backups),
            (href::snapshots(), Route::Snapshots),
            (VmTab::Backups.href("42"), Route::Vm(VmTab::Backups)),
            (href::activity(), Route::Activity),
            (href::workspace(), Route::Workspace),
        ];
        for (address, page) in built {
            assert_eq!(Route::from_path(&address), page, "{address}");
        }
        assert_eq!(href::login_then("/vms/42?x=1"), "/login?next=%2Fvms%2F42%3Fx%3D1");
        assert_eq!(href::new_vm_like("4 2"), "/vms/new?like=4%202");
    }

    #[test]
    fn only_the_list_fetches_ahead_and_only_the_vm_page() {
        assert_eq!(Route::VmList.likely_next(), Some(Route::Vm(VmTab::Overview)));
        let next = Route::VmList.likely_next().map(Route::modules).unwrap_or_default();
        assert!(
            !next.is_empty()
                && next.iter().all(|m| Route::Vm(VmTab::Overview).modules().contains(m))
        );
        for page in Route::pages().filter(|p| *p != Route::VmList) {
            assert_eq!(page.likely_next(), None, "{page:?}");
        }
    }

    #[test]
    fn every_page_of_the_panel() {
        assert_eq!(Route::from_path("/"), Route::Home);
        assert_eq!(Route::from_path(""), Route::Home);
        assert_eq!(Route::from_path("/login"), Route::Login);
        assert_eq!(Route::from_path("/portal"), Route::Portal);
        assert_eq!(Route::from_path("/vms"), Route::VmList);
        assert_eq!(Route::from_path("/vms/"), Route::VmList);
        assert_eq!(Route::from_path("/vms/new"), Route::VmCreate);
        assert_eq!(Route::from_path("/vms/42"), Route::Vm(VmTab::Overview));
        assert_eq!(Route::from_path("/vms/42/firewall"), Route::Vm(VmTab::Firewall));
        assert_eq!(Route::from_path("/vms/42/statistics?period=-1H"), Route::Vm(VmTab::Statistics));
        assert_eq!(Route::from_path("/interfaces"), Route::Interfaces);
        assert_eq!(Route::from_path("/ip-addresses"), Route::IpAddresses);
    }

    #[test]
    fn anything_else_is_unknown() {
        for path in
            ["/vms/42/nothing", "/vms/42/disks/3", "/login/again", "/account/1", "/interfaces/2"]
        {
            assert_eq!(Route::from_path(path), Route::Unknown, "{path}");
        }
    }

    #[test]
    fn every_page_round_trips_through_its_pattern() {
        for page in Route::pages() {
            let path = page.pattern().map(|p| p.replace(":id", "42"));
            assert_eq!(path.map(|p| Route::from_path(&p)), Some(page), "{page:?}");
        }
        assert_eq!(Route::from_path("/vms/new"), Route::VmCreate, "new is not a VM's id");
    }

    #[test]
    fn the_boot_table_names_each_page_with_a_module() {
        let table: serde_json::Value = serde_json::from_str(&Route::boot_table()).unwrap();
        let rows = table.as_array().unwrap();
        assert_eq!(rows.len(), Route::pages().count());
        let vm = "/account/{account}/virtual_machine/{id}";
        assert!(rows.contains(&serde_json::json!([
            "/vms/:id/statistics",
            ["part_vm", "part_statistics"],
            vm
        ])));
        assert!(
            rows.contains(&serde_json::json!(["/vms/:id", ["part_vm"], vm])),
            "the overview comes with the page's frame"
        );
        assert!(rows.contains(&serde_json::json!([
            "/vms/:id/firewall",
            ["part_vm", "part_vm_tabs"],
            vm
        ])));
        assert!(rows.contains(&serde_json::json!(["/login", ["part_login"], null])));
        assert!(
            rows.contains(&serde_json::json!([
                "/vms",
                [],
                "/account/{account}/virtual_machines?limit=50"
            ])),
            "the list comes with the main module"
        );
        for row in rows {
            for module in row[1].as_array().unwrap() {
                assert!(module::ALL.contains(&module.as_str().unwrap()), "{module}");
            }
        }
    }

    #[test]
    fn every_tab_round_trips_through_its_address() {
        for tab in VmTab::ALL {
            assert_eq!(Route::from_path(&tab.href("7")), Route::Vm(tab));
        }
        assert_eq!(VmTab::Overview.href("7"), "/vms/7");
        assert_eq!(VmTab::Disks.href("7"), "/vms/7/disks");
    }

    #[test]
    fn every_page_has_its_own_title() {
        assert_eq!(Route::VmList.title("vmdeck", None, Some(40)), "Virtual machines (40) · vmdeck");
        assert_eq!(Route::VmList.title("vmdeck", None, None), "Virtual machines · vmdeck");
        assert_eq!(
            Route::Vm(VmTab::Network).title("vmdeck", Some("Search database 1"), None),
            "Search database 1 · Network · vmdeck"
        );
        assert_eq!(
            Route::Vm(VmTab::Overview).title("vmdeck", Some("  "), None),
            "Virtual machine · Overview · vmdeck"
        );
        assert_eq!(Route::Login.title("vmdeck", None, None), "Log in · vmdeck");
        assert_eq!(Route::VmCreate.title("vmdeck", None, None), "Create a VM · vmdeck");
        assert_eq!(Route::Interfaces.title("vmdeck", None, None), "Network interfaces · vmdeck");
        assert_eq!(Route::IpAddresses.title("vmdeck", None, None), "IP addresses · vmdeck");
        assert_eq!(Route::Unknown.title("vmdeck", None, None), "Page not found · vmdeck");
        assert_eq!(Route::Home.title("vmdeck", None, None), "vmdeck");
        assert_eq!(Route::Login.title("Nube", None, None), "Log in · Nube");
        let titles: std::collections::HashSet<_> =
            VmTab::ALL.iter().map(|t| Route::Vm(*t).title("vmdeck", Some("db"), None)).collect();
        assert_eq!(titles.len(), VmTab::ALL.len());
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn titles_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(
            Route::VmList.title("vmdeck", None, Some(12_345)),
            "Máquinas virtuales (12.345) · vmdeck"
        );
        assert_eq!(
            Route::Vm(VmTab::Firewall).title("vmdeck", Some("db-01"), None),
            "db-01 · Cortafuegos · vmdeck"
        );
        assert_eq!(
            Route::Vm(VmTab::Overview).title("vmdeck", None, None),
            "Máquina virtual · Resumen · vmdeck"
        );
        assert_eq!(Route::Unknown.title("vmdeck", None, None), "Página no encontrada · vmdeck");
    }

    #[test]
    fn the_first_reads_are_what_the_pages_ask_for_first() {
        assert_eq!(
            Route::VmList.first_read().as_deref(),
            Some("/account/{account}/virtual_machines?limit=50")
        );
        // The list's default view is the one an address without a query opens.
        assert_eq!(VmQuery::from_params(|_| None), VmQuery::default());
        assert_eq!(
            Route::Vm(VmTab::Firewall).first_read().as_deref(),
            Some("/account/{account}/virtual_machine/{id}")
        );
        assert_eq!(paths::vm("7", "42").ok().as_deref(), Some("/account/7/virtual_machine/42"));
        assert_eq!(Route::Login.first_read(), None);
        assert_eq!(Route::Interfaces.first_read(), None);
    }
}
