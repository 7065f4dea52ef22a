//! The panel in parts. The first visit downloads the shell (router, header,
//! session, API client) and the page it opens; every other page's code is a
//! separate wasm module, downloaded when it is first shown, or earlier: when
//! a link to it is hovered, focused or touched, when it is the page likely
//! opened next (a VM, from the list: once the list is complete, only into
//! the HTTP cache, not compiled, and never when data is to be saved), and,
//! for a deep link, all parts of the page at once.
//!
//! Each part is a split point of `wasm_split` (the build splits the module at
//! these functions, see `scripts/build-wasm.mjs`); a download that fails is an
//! [`ApiError::PartNotLoaded`] with "Try again", one the server no longer has
//! (a new deployment) [`ApiError::PanelUpdated`] with "Reload", never a dead page. In a build
//! that is not split (the browser tests), the code is simply all there.

use crate::components::ErrorView;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};
use vmdeck_core::route::{module, Route, VmTab};
use vmdeck_core::i18n::{shell as t, Text};
use vmdeck_core::ApiError;
use wasm_bindgen::JsCast;

pub(crate) type Download = Pin<Box<dyn Future<Output = Result<(), SplitLoaderError>>>>;

/// One separately downloaded part of the panel: a page or a tab.
pub struct Part {
    /// What it is, for the error message: "the virtual machine's disks".
    label: Text,
    /// The wasm module it comes in, for the performance mark of its arrival.
    module: &'static str,
    /// Set once the module is in; from then on the part draws at once.
    loaded: AtomicBool,
    download: fn() -> Download,
    /// Draws the part; `None` if its module is not in yet.
    draw: fn() -> Option<AnyView>,
}

impl Part {
    /// A part, as [`part!`] declares it.
    pub const fn new(label: Text, module: &'static str, download: fn() -> Download, draw: fn() -> Option<AnyView>) -> Self {
        Self { label, module, loaded: AtomicBool::new(false), download, draw }
    }

    pub fn is_loaded(&self) -> bool {
        self.loaded.load(Ordering::Relaxed)
    }

    /// The part's view, once its module is in.
    pub fn view(&self) -> Option<AnyView> {
        if self.is_loaded() { (self.draw)() } else { None }
    }

    /// Downloads the part unless it is in already. Concurrent and repeated
    /// calls share one download; a failed one is tried afresh next time.
    pub async fn load(&'static self) -> Result<(), ApiError> {
        if self.is_loaded() {
            return Ok(());
        }
        // Files already on their way (a guess at the page opened next)
        // are waited for, not asked for again; a failure here shows below.
        let part = || self.label.get().to_owned();
        if let Some(files) = download_files(self.module, true) {
            let arrived = wasm_bindgen_futures::JsFuture::from(files).await;
            // Not there at all: this page is of a deployment that has been replaced.
            if arrived.ok().and_then(|answer| answer.as_string()).as_deref() == Some(GONE) {
                return Err(ApiError::PanelUpdated { part: part() });
            }
        }
        (self.download)().await.map_err(|_| ApiError::PartNotLoaded { part: part() })?;
        self.loaded.store(true, Ordering::Relaxed);
        crate::perf::mark(&format!("{}{}", crate::perf::PART_LOADED, self.module));
        Ok(())
    }

    /// Starts the download in the background, for a part about to be needed.
    pub fn prefetch(&'static self) {
        if !self.is_loaded() {
            // The browser's own executor: this may run before the app has set up its own.
            wasm_bindgen_futures::spawn_local(async move {
                // A failure shows when the part is opened, with "Try again".
                let _ = self.load().await;
            });
        }
    }
}

/// What `vmdeckDownloadPart` answers for files the server no longer has.
const GONE: &str = "gone";

/// `vmdeckDownloadPart` of the build's `boot.js`: the files of a part's module
/// into the HTTP cache, each file once; it answers `true` when they are in,
/// [`GONE`] when the server has none of them for this build, else `false`.
/// `None` in a build that is not split, which has nothing to download.
fn download_files(module: &str, urgent: bool) -> Option<js_sys::Promise> {
    let download = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"vmdeckDownloadPart".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())?;
    download.call2(&wasm_bindgen::JsValue::NULL, &module.into(), &urgent.into()).ok()?.dyn_into().ok()
}

/// The value of a future that is ready at once. A part's wrapper is, once its
/// module is in: this draws it in the same frame instead of a frame later.
pub(crate) fn ready_now<T>(future: impl Future<Output = Result<T, SplitLoaderError>>) -> Option<T> {
    let mut future = std::pin::pin!(future);
    match future.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(Ok(value)) => Some(value),
        _ => None,
    }
}

/// Declares a part: the view it draws, and the wasm module it comes in. A
/// feature that is a part of its own declares it where it lives
/// (`shortcuts::SWITCHER`, `vm_list::bulk::LIST_ACTIONS`), so that this file
/// never imports what it loads.
macro_rules! part {
    ($(#[$doc:meta])* $name:ident, $module:ident, $label:expr, $view:expr) => {
        $(#[$doc])*
        pub static $name: $crate::parts::Part = {
            #[leptos::wasm_split::wasm_split($module, fallible, wasm_split_path = ::leptos::wasm_split, preload(download))]
            #[allow(non_snake_case)]
            fn $name() -> Result<leptos::prelude::AnyView, leptos::wasm_split::SplitLoaderError> {
                Ok(leptos::prelude::IntoAny::into_any($view))
            }
            const _: () = assert!($crate::parts::is_module(stringify!($module)), "a part's module is one of vmdeck_core::route::module");
            $crate::parts::Part::new($label, stringify!($module), || Box::pin(download()), || $crate::parts::ready_now($name()))
        };
    };
}
pub(crate) use part;

/// Whether `name` is one of the modules the route table knows
/// (`vmdeck_core::route::module`); a `const fn`, so that a part declared in
/// another module fails the build instead of never being fetched ahead.
pub const fn is_module(name: &str) -> bool {
    let mut i = 0;
    while i < module::ALL.len() {
        let known = module::ALL[i].as_bytes();
        let name = name.as_bytes();
        if known.len() == name.len() {
            let mut j = 0;
            while j < known.len() && known[j] == name[j] {
                j += 1;
            }
            if j == known.len() {
                return true;
            }
        }
        i += 1;
    }
    false
}

use crate::pages;

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
part!(IP_ADDRESSES, part_account, t::PART_IP_ADDRESSES, view! { <pages::ip_addresses::IpAddressesPage/> });
part!(ACTIVITY, part_account, t::PART_ACTIVITY, view! { <pages::activity::ActivityPage/> });
part!(WORKSPACE, part_account, t::PART_WORKSPACE, view! { <pages::workspace::WorkspacePage/> });
part!(
    /// The VM page's frame: header, power actions and tab bar.
    VM_PAGE, part_vm, t::PART_VM_PAGE, view! { <pages::vm::VmPage/> }
);
part!(TAB_OVERVIEW, part_vm, t::PART_TAB_OVERVIEW, view! { <pages::vm::overview::OverviewTab/> });
part!(TAB_DISKS, part_vm_tabs, t::PART_TAB_DISKS, view! { <pages::vm::disks::DisksTab/> });
part!(TAB_ISOS, part_vm_tabs, t::PART_TAB_ISOS, view! { <pages::vm::isos::IsosTab/> });
part!(TAB_SNAPSHOTS, part_vm_tabs, t::PART_TAB_SNAPSHOTS, view! { <pages::vm::snapshots::SnapshotsTab/> });
part!(TAB_NETWORK, part_vm_tabs, t::PART_TAB_NETWORK, view! { <pages::vm::network::NetworkTab/> });
part!(TAB_FIREWALL, part_vm_tabs, t::PART_TAB_FIREWALL, view! { <pages::vm::firewall::FirewallTab/> });
part!(
    /// With the charts' drawing code.
    TAB_STATISTICS, part_statistics, t::PART_TAB_STATISTICS, view! { <pages::vm::statistics::StatisticsTab/> }
);
part!(TAB_SETTINGS, part_vm_tabs, t::PART_TAB_SETTINGS, view! { <pages::vm::settings::SettingsTab/> });
part!(TAB_ACTIVITY, part_vm_tabs, t::PART_TAB_ACTIVITY, view! { <pages::vm::activity::ActivityTab/> });
// The switcher (`shortcuts`) and the list's actions (`vm_list::bulk`) come
// with the VM page too: it shares their code (dialogs, forms, requests), and
// the list's links have usually fetched it by then.

pub fn tab(tab: VmTab) -> &'static Part {
    match tab {
        VmTab::Overview => &TAB_OVERVIEW,
        VmTab::Disks => &TAB_DISKS,
        VmTab::Isos => &TAB_ISOS,
        VmTab::Snapshots => &TAB_SNAPSHOTS,
        VmTab::Network => &TAB_NETWORK,
        VmTab::Firewall => &TAB_FIREWALL,
        VmTab::Statistics => &TAB_STATISTICS,
        VmTab::Settings => &TAB_SETTINGS,
        VmTab::Activity => &TAB_ACTIVITY,
    }
}

/// The pages' parts, for loading a page's modules ahead: loading each part
/// of a module at once means that none of them shows a placeholder later.
static PAGES: [&Part; 18] = [
    &LOGIN, &PORTAL, &HANDOFF, &VM_CREATE, &INTERFACES, &IP_ADDRESSES, &ACTIVITY, &WORKSPACE, &VM_PAGE, &TAB_OVERVIEW, &TAB_DISKS, &TAB_ISOS, &TAB_SNAPSHOTS,
    &TAB_NETWORK, &TAB_FIREWALL, &TAB_STATISTICS, &TAB_SETTINGS, &TAB_ACTIVITY,
];

fn parts_of(module: &str) -> impl Iterator<Item = &'static Part> + '_ {
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

/// A part as a page uses it: whether it is in, and why it could not be
/// fetched. The one way a page loads a part: [`PartView`] as it is drawn,
/// the switcher and the list's actions when they are first asked for.
#[derive(Clone, Copy)]
pub struct UsePart {
    part: &'static Part,
    pub ready: RwSignal<bool>,
    pub failed: RwSignal<Option<ApiError>>,
}

pub fn use_part(part: &'static Part) -> UsePart {
    UsePart { part, ready: RwSignal::new(part.is_loaded()), failed: RwSignal::new(None) }
}

impl UsePart {
    /// Fetches the part unless it is in, then runs `then`; a failure is kept
    /// in `failed` for "Try again", and `or_else` runs.
    pub fn load(self, then: impl FnOnce() + 'static, or_else: impl FnOnce() + 'static) {
        // One body for every caller, not one per pair of closures.
        self.load_then(Box::new(then), Box::new(or_else));
    }

    fn load_then(self, then: Box<dyn FnOnce()>, or_else: Box<dyn FnOnce()>) {
        if self.ready.get_untracked() {
            then();
            return;
        }
        self.failed.set(None);
        leptos::task::spawn_local(async move {
            // The page may have been left meanwhile: then there is nothing to update.
            match self.part.load().await {
                Ok(()) => {
                    if self.ready.try_set(true).is_none() {
                        then();
                    }
                }
                Err(e) => {
                    self.failed.try_set(Some(e));
                    or_else();
                }
            }
        });
    }

    /// The part's view once it is in.
    pub fn view(self) -> Option<AnyView> {
        self.ready.get().then(|| self.part.view()).flatten()
    }
}

/// Draws a part: at once when its module is in, else a placeholder of the
/// page's frame while it downloads, and the error with "Try again" if that fails.
#[component]
pub fn PartView(part: &'static Part) -> impl IntoView {
    let state = use_part(part);
    state.load(|| {}, || {});
    let retry = Callback::new(move |()| state.load(|| {}, || {}));
    let failed = move |error: ApiError| view! { <div class="part-failed"><ErrorView error=error doing=t::PART_OPENING_PAGE.get() on_retry=retry/></div> };
    move || {
        if let Some(error) = state.failed.get() {
            return failed(error).into_any();
        }
        if !state.ready.get() {
            return view! {
                <div class="part-loading" aria-busy="true">
                    <div class="skeleton skeleton-title"></div>
                    <div class="skeleton skeleton-row"></div>
                    <div class="skeleton skeleton-row"></div>
                </div>
            }
            .into_any();
        }
        // In, yet not drawn: a build that is not what the page expects.
        state.view().unwrap_or_else(|| failed(ApiError::PartNotLoaded { part: part.label.get().to_owned() }).into_any())
    }
}

/// Prefetches the parts behind the links a user points at or tabs to: one
/// listener for the whole document, so every link takes part, present or future.
pub fn prefetch_on_intent() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let on_intent = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::Event)>::new(|event: web_sys::Event| {
        if let Some(path) = event.target().and_then(|t| link_path(&t)) {
            prefetch_path(&path);
        }
    });
    for kind in ["pointerover", "focusin", "touchstart"] {
        let _ = document.add_event_listener_with_callback(kind, on_intent.as_ref().unchecked_ref());
    }
    // Lives as long as the page.
    on_intent.forget();
}

/// Downloads the parts of the page a user of `path` most likely opens next
/// (`Route::likely_next`: a VM, from the list), once this page is complete
/// and the browser has nothing better to do; never when the browser says
/// data is to be saved or the connection is slow. Only downloads: compiling
/// waits for a sign of intent (a hover, a focus) or the page itself. Every
/// other part comes when a link to it is pointed at (`prefetch_on_intent`).
pub fn prefetch_likely_next(path: &str) {
    let Some(next) = Route::from_path(path).likely_next() else { return };
    if saving_data() {
        return;
    }
    after_load(move || {
        when_idle(move || {
            for module in next.modules().iter().filter(|module| !parts_of(module).any(Part::is_loaded)) {
                let _ = download_files(module, false);
            }
        })
    });
}

/// Whether the browser asks to save data (`Save-Data`) or says its
/// connection is slow (`navigator.connection`, where there is one).
fn saving_data() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let Ok(connection) = js_sys::Reflect::get(&window.navigator(), &"connection".into()) else { return false };
    if connection.is_undefined() || connection.is_null() {
        return false;
    }
    let read = |key: &str| js_sys::Reflect::get(&connection, &key.into()).ok();
    let save = read("saveData").and_then(|v| v.as_bool()).unwrap_or(false);
    let kind = read("effectiveType").and_then(|v| v.as_string()).unwrap_or_default();
    save || matches!(kind.as_str(), "slow-2g" | "2g" | "3g")
}

/// Runs `work` once the page has loaded (at once if it has).
fn after_load(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    let complete = window.document().is_some_and(|d| d.ready_state() == "complete");
    if complete {
        work();
        return;
    }
    let callback = wasm_bindgen::closure::Closure::once_into_js(work);
    let options = web_sys::AddEventListenerOptions::new();
    options.set_once(true);
    let _ = window.add_event_listener_with_callback_and_add_event_listener_options("load", callback.unchecked_ref(), &options);
}

/// Runs `work` in the browser's next idle period (at most 3 s away), or in a
/// second where there is no such thing (Safari).
fn when_idle(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else { return };
    let callback = wasm_bindgen::closure::Closure::once_into_js(work);
    let callback = callback.unchecked_ref::<js_sys::Function>();
    if js_sys::Reflect::has(&window, &"requestIdleCallback".into()).unwrap_or(false) {
        let options = web_sys::IdleRequestOptions::new();
        options.set_timeout(3_000);
        let _ = window.request_idle_callback_with_options(callback, &options);
    } else {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(callback, 1_000);
    }
}

/// The same-origin path a link (or the element inside one) leads to.
fn link_path(target: &wasm_bindgen::JsValue) -> Option<String> {
    let element = target.dyn_ref::<web_sys::Element>()?;
    let link = element.closest("a[href]").ok()??;
    let href = link.get_attribute("href")?;
    // Only the panel's own pages: "/vms/42", not "//elsewhere" or "https://…".
    (href.starts_with('/') && !href.starts_with("//")).then(|| href.split(['?', '#']).next().unwrap_or_default().to_owned())
}

/// Prefetches the parts of each page as it opens (all of them at once), and
/// then, once it is complete, those of the page likely opened next.
#[component]
pub fn Prefetcher() -> impl IntoView {
    let location = leptos_router::hooks::use_location();
    prefetch_on_intent();
    Effect::new(move || {
        let path = location.pathname.get();
        prefetch_path(&path);
        prefetch_likely_next(&path);
    });
}
