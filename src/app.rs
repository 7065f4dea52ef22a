//! The root component: the session, the routes and the logged-in layout. The
//! routes' addresses come from the core's table (`vmdeck_core::route`).

use crate::shell::account_menu::AccountMenu;

use crate::shell::brand::{BrandName, SupportLink};

use crate::deploy::provide_deploy;
use crate::hooks::AutoRefresh;
use crate::locale::LanguageSwitch;
use crate::pages::not_found::NotFoundPage;
use crate::pages::vm_list::VmListPage;
use crate::session::{use_session, Session};
use crate::shell::provider::{HeaderMenu, NoticeBanner, PortalBack};
use crate::shell::shortcuts::Shortcuts;
use crate::shell::theme::ThemeToggle;
use crate::shell::title::{PageFacts, TitleKeeper};
use crate::start::parts::{self, Part, PartView};
use crate::tasks::{TaskTray, Tasks};
use leptos::prelude::*;
use leptos::tachys::view::iterators::StaticVec;
use leptos_router::components::{Outlet, ParentRoute, Redirect, Route, Router, Routes, A};
use leptos_router::hooks::use_location;
use leptos_router::{path, MatchNestedRoutes, NestedRoute, ParamSegment, StaticSegment};
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::route::{href, Route};
use vmdeck_core::route::{segment as s, VmTab};

/// A route's view that is a part of the panel downloaded on demand.
fn part(part: &'static Part) -> impl Fn() -> AnyView + Clone + Send + Sync + 'static {
    move || view! { <PartView part=part/> }.into_any()
}

/// The VM page, and in it each tab at its segment of [`VmTab`] (the
/// overview's is the page's own address).
#[component(transparent)]
fn VmRoutes() -> impl MatchNestedRoutes + Clone {
    let tabs = VmTab::ALL.into_iter().filter(|tab| *tab != VmTab::Overview);
    let tabs: StaticVec<_> = tabs
        .map(|tab| NestedRoute::new(StaticSegment(tab.segment()), part(parts::tab(tab))))
        .collect::<Vec<_>>()
        .into();
    let overview = NestedRoute::new((), part(parts::tab(VmTab::Overview)));
    NestedRoute::new((StaticSegment(s::VMS), ParamSegment("id")), part(&parts::VM_PAGE))
        .child((overview, tabs))
}

#[component]
pub fn App() -> impl IntoView {
    let session = Session::restore();
    provide_context(session);
    provide_deploy();
    crate::session::keep_lifetime(crate::deploy::use_loaded_part(|config| config.session).into());
    crate::session::keep_renewed();
    crate::shell::theme::provide_theme();
    provide_context(Tasks::restore());
    provide_context(AutoRefresh::restore());
    provide_context(PageFacts::new());
    crate::hooks::OfferedCache::provide();
    view! {
        <Router>
            <parts::Prefetcher/>
            <TitleKeeper/>
            {move || session.has_handoff().then(|| view! { <PartView part=&parts::HANDOFF/> })}
            <Routes fallback=|| view! { <Layout><NotFoundPage/></Layout> }>
                <Route path=StaticSegment(s::LOGIN) view=part(&parts::LOGIN)/>
                <Route path=StaticSegment(s::PORTAL) view=part(&parts::PORTAL)/>
                <ParentRoute path=path!("") view=LoggedIn>
                    <Route path=path!("") view=|| view! { <Redirect path=href::vms() options=replacing()/> }/>
                    <Route path=StaticSegment(s::VMS) view=VmListPage/>
                    <Route path=(StaticSegment(s::VMS), StaticSegment(s::NEW)) view=part(&parts::VM_CREATE)/>
                    <VmRoutes/>
                    <Route path=StaticSegment(s::INTERFACES) view=part(&parts::INTERFACES)/>
                    <Route path=StaticSegment(s::IP_ADDRESSES) view=part(&parts::IP_ADDRESSES)/>
                    <Route path=StaticSegment(s::TEMPLATES) view=part(&parts::TEMPLATES)/>
                    <Route path=StaticSegment(s::BACKUPS) view=part(&parts::BACKUPS)/>
                    <Route path=StaticSegment(s::SNAPSHOTS) view=part(&parts::SNAPSHOTS)/>
                    <Route path=StaticSegment(s::ACTIVITY) view=part(&parts::ACTIVITY)/>
                    <Route path=StaticSegment(s::WORKSPACE) view=part(&parts::WORKSPACE)/>
                </ParentRoute>
            </Routes>
        </Router>
    }
}

/// A redirect takes the place of the address it leaves, so that Back does
/// not lead to it and straight on again.
fn replacing() -> leptos_router::NavigateOptions {
    leptos_router::NavigateOptions { replace: true, ..Default::default() }
}

/// The pages that need a token: shown in the layout when logged in, else a
/// redirect to the login page that comes back here afterwards.
#[component]
fn LoggedIn() -> impl IntoView {
    let session = use_session();
    let location = use_location();
    let login_path = move || {
        let path = location.pathname.get_untracked();
        // After a logout the app is already on its way to the login page.
        if Route::from_path(&path) == Route::Login {
            return href::login();
        }
        href::login_then(&format!("{path}{}", location.search.get_untracked()))
    };
    view! {
        <Show when=move || session.is_logged_in() fallback=move || view! { <Redirect path=login_path() options=replacing()/> }>
            <Layout><Outlet/></Layout>
        </Show>
    }
}

/// The skip link's own work: the router takes over in-page links too, and
/// would scroll to the content without moving the focus there.
fn skip_to_main(ev: leptos::ev::MouseEvent) {
    let main = document()
        .get_element_by_id("main")
        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok());
    if let Some(main) = main {
        ev.prevent_default();
        let _ = main.focus();
    }
}

/// Header with navigation, account, theme and logout; the page below it.
#[component]
fn Layout(children: Children) -> impl IntoView {
    let session = use_session();
    let undo = crate::firewall::rollback::FirewallRollback::provide();
    crate::marks::protection::Protection::provide();
    crate::marks::tags::TagStore::provide();
    crate::marks::pins::PinStore::provide();
    crate::marks::views::ViewStore::provide();
    view! {
        <div class="shell">
            <a class="skip-link" href="#main" on:click=skip_to_main>{t::SHELL_SKIP_TO_CONTENT.get()}</a>
            <header class="topbar">
                <A href=href::vms() attr:class="brand"><BrandName/></A>
                <nav class="nav" aria-label=t::SHELL_NAV_MAIN.get()>
                    <A href=href::vms()>{c::VIRTUAL_MACHINES.get()}</A>
                    <A href=href::interfaces()>{c::NETWORK_INTERFACES.get()}</A>
                    <A href=href::ip_addresses()>{c::IP_ADDRESSES.get()}</A>
                    <A href=href::templates()>{c::TEMPLATES.get()}</A>
                    <A href=href::backups()>{c::BACKUPS.get()}</A>
                    <A href=href::snapshots()>{vmdeck_core::i18n::messages::TAB_SNAPSHOTS.get()}</A>
                    <A href=href::activity()>{c::ACTIVITY.get()}</A>
                </nav>
                <div class="topbar-end">
                    <AccountMenu/>
                    <PortalBack/>
                    <SupportLink class="button button-quiet support-link" id="support-link" short=true/>
                    {move || session.is_logged_in().then(|| view! { <TaskTray/> })}
                    <LanguageSwitch/>
                    <HeaderMenu/>
                    <ThemeToggle/>
                </div>
            </header>
            <NoticeBanner/>
            {move || undo.shown().then(|| view! { <PartView part=&crate::firewall::rollback_banner::ROLLBACK_BANNER/> })}
            <main class="content" id="main" tabindex="-1">{children()}</main>
            <Shortcuts/>
        </div>
    }
}
