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

mod pages_and_tabs;
mod prefetch;

pub use pages_and_tabs::{
    page_ready, prefetch_path, tab, ACTIVITY, BACKUPS, HANDOFF, INTERFACES, IP_ADDRESSES, LOGIN,
    PORTAL, SNAPSHOTS, TAB_ACTIVITY, TAB_DISKS, TAB_FIREWALL, TAB_ISOS, TAB_NETWORK, TAB_OVERVIEW,
    TAB_SETTINGS, TAB_SNAPSHOTS, TAB_STATISTICS, TEMPLATES, VM_CREATE, VM_PAGE, WORKSPACE,
};
pub use prefetch::{prefetch_likely_next, prefetch_on_intent, Prefetcher};

use crate::components::ErrorView;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll, Waker};
use vmdeck_core::i18n::{shell as t, Text};
use vmdeck_core::route::module;
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
    pub const fn new(
        label: Text,
        module: &'static str,
        download: fn() -> Download,
        draw: fn() -> Option<AnyView>,
    ) -> Self {
        Self { label, module, loaded: AtomicBool::new(false), download, draw }
    }

    pub fn is_loaded(&self) -> bool {
        self.loaded.load(Ordering::Relaxed)
    }

    /// The part's view, once its module is in.
    pub fn view(&self) -> Option<AnyView> {
        if self.is_loaded() {
            (self.draw)()
        } else {
            None
        }
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
        crate::start::perf::mark(&format!("{}{}", crate::start::perf::PART_LOADED, self.module));
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

/// What the boot script's download answers for files the server no longer has.
const GONE: &str = vmdeck_core::boot::hooks::PART_GONE;

/// `hooks::DOWNLOAD_PART` of the build's `boot.js`: the files of a part's module
/// into the HTTP cache, each file once; it answers `true` when they are in,
/// [`GONE`] when the server has none of them for this build, else `false`.
/// `None` in a build that is not split, which has nothing to download.
fn download_files(module: &str, urgent: bool) -> Option<js_sys::Promise> {
    let download = crate::start::boot_hook::boot_hook::<js_sys::Function>(
        vmdeck_core::boot::hooks::DOWNLOAD_PART,
    )?;
    download
        .call2(&wasm_bindgen::JsValue::NULL, &module.into(), &urgent.into())
        .ok()?
        .dyn_into()
        .ok()
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
        pub static $name: $crate::start::parts::Part = {
            #[leptos::wasm_split::wasm_split($module, fallible, wasm_split_path = ::leptos::wasm_split, preload(download))]
            #[allow(non_snake_case)]
            fn $name() -> Result<leptos::prelude::AnyView, leptos::wasm_split::SplitLoaderError> {
                Ok(leptos::prelude::IntoAny::into_any($view))
            }
            const _: () = assert!($crate::start::parts::is_module(stringify!($module)), "a part's module is one of vmdeck_core::route::module");
            $crate::start::parts::Part::new($label, stringify!($module), || Box::pin(download()), || $crate::start::parts::ready_now($name()))
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
        state.view().unwrap_or_else(|| {
            failed(ApiError::PartNotLoaded { part: part.label.get().to_owned() }).into_any()
        })
    }
}
