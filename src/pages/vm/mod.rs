//! One virtual machine: its header with the power actions, and a tab per
//! part of it, each its own route (`/vms/:id/<tab>`).

mod confirm;
mod operation;
mod power;

pub mod disks;
pub mod firewall;
pub mod isos;
pub mod network;
pub mod overview;
pub mod settings;
pub mod snapshots;
pub mod statistics;

pub use confirm::{ConfirmDialog, DialogActions};
pub use operation::{blocked_reason, use_op, Op};

use crate::api::vms::get_vm;
use crate::api::{Api, ApiResult};
use crate::components::{ErrorView, StatusBadge};
use crate::hooks::{use_poll, BUSY_POLL_MS};
use crate::session::use_session;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos_router::components::{Outlet, A};
use leptos_router::hooks::use_params_map;
use vmdeck_core::route::VmTab;
use vmdeck_core::{ApiError, Vm};

/// What the VM's page knows, shared with its tabs and actions.
#[derive(Clone, Copy)]
pub struct VmCtx {
    pub id: Memo<String>,
    /// The latest VM read, kept while a new read is on its way.
    pub vm: RwSignal<Option<Vm>>,
    pub error: RwSignal<Option<ApiError>>,
    /// Counts the times the VM became free after work: tabs reload on it.
    pub settled: RwSignal<u64>,
    resource: LocalResource<(f64, ApiResult<Vm>)>,
}

impl VmCtx {
    pub fn busy(self) -> bool {
        self.vm.with(|vm| vm.as_ref().is_some_and(|vm| vm.locked))
    }

    pub fn name(self) -> String {
        self.vm.with_untracked(|vm| vm.as_ref().map(Vm::display_name)).unwrap_or_else(|| format!("VM {}", self.id.get_untracked()))
    }

    /// Shows the VM busy at once after a 202, before the next read says so.
    pub fn mark_busy(self) {
        self.vm.update(|vm| {
            if let Some(vm) = vm {
                vm.locked = true;
            }
        });
    }

    /// Reads the VM again, and tells the tabs to reload.
    pub fn refresh(self) {
        self.resource.refetch();
        self.settled.update(|n| *n += 1);
    }
}

pub fn use_vm() -> Option<VmCtx> {
    use_context::<VmCtx>()
}

/// Data of a tab, read again whenever the VM settles after work (or an
/// operation of the tab is done).
pub fn use_tab_data<T, F, Fut>(ctx: VmCtx, fetch: F) -> LocalResource<ApiResult<T>>
where
    T: 'static,
    F: Fn(Api, String) -> Fut + 'static,
    Fut: std::future::Future<Output = ApiResult<T>> + 'static,
{
    let session = use_session();
    LocalResource::new(move || {
        ctx.settled.track();
        let id = ctx.id.get();
        let request = Api::from_session(session).map(|api| fetch(api, id));
        async move { request?.await }
    })
}

/// The VM's disks, read once for a dialog that needs them.
pub fn use_disks(ctx: VmCtx) -> LocalResource<ApiResult<Vec<vmdeck_core::disk::Disk>>> {
    let session = use_session();
    LocalResource::new(move || {
        let api = Api::from_session(session);
        let id = ctx.id.get_untracked();
        async move { crate::api::vms::list_disks(&api?, &id).await }
    })
}

#[component]
pub fn VmPage() -> impl IntoView {
    let session = use_session();
    let tasks = use_tasks();
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id")).unwrap_or_default());
    let resource = LocalResource::new(move || {
        let id = id.get();
        let api = Api::from_session(session);
        async move {
            let asked_at = js_sys::Date::now();
            let result = match api {
                Ok(api) => get_vm(&api, &id).await,
                Err(e) => Err(e),
            };
            (asked_at, result)
        }
    });
    let ctx = VmCtx {
        id,
        vm: RwSignal::new(None),
        error: RwSignal::new(None),
        settled: RwSignal::new(0),
        resource,
    };
    provide_context(ctx);

    let failures = RwSignal::new(0u32);
    Effect::new(move || match resource.get() {
        None => {}
        Some((asked_at, Ok(vm))) => {
            tasks.observe(&vm, asked_at);
            let was_busy = ctx.vm.with_untracked(|old| old.as_ref().is_some_and(|old| old.locked && old.id == vm.id));
            let now_free = !vm.locked;
            ctx.vm.set(Some(vm));
            ctx.error.set(None);
            failures.set(0);
            if was_busy && now_free {
                ctx.settled.update(|n| *n += 1);
            }
        }
        Some((asked_at, Err(error))) => {
            if matches!(error, ApiError::NotFound(_)) {
                tasks.observe_gone(&id.get_untracked(), asked_at);
            }
            failures.update(|n| *n += 1);
            ctx.error.set(Some(error));
        }
    });
    // A different VM (a link from one VM to another) starts from nothing.
    Effect::new(move |previous: Option<String>| {
        let current = id.get();
        if let Some(previous) = previous.filter(|p| *p != current) {
            tasks.unwatch(&previous);
            ctx.vm.set(None);
            ctx.error.set(None);
        }
        tasks.watch(current.clone());
        current
    });
    on_cleanup(move || tasks.unwatch(&id.get_untracked()));

    // Busy: read it again every couple of seconds; after failures, less often.
    let busy = Memo::new(move |_| ctx.busy());
    let ticks = StoredValue::new(0u32);
    use_poll(busy, BUSY_POLL_MS, move || {
        let n = ticks.get_value().wrapping_add(1);
        ticks.set_value(n);
        if n % (1 << failures.get_untracked().min(3)) == 0 {
            resource.refetch();
        }
    });
    let retry = Callback::new(move |()| resource.refetch());
    let has_vm = Memo::new(move |_| ctx.vm.with(Option::is_some));

    view! {
        <section class="page vm-page">
            <p class="breadcrumb"><A href="/vms">"Virtual machines"</A></p>
            // Only whether the VM is known decides the layout: later reads
            // update the parts in place, and the open tab keeps its state.
            {move || if has_vm.get() {
                view! {
                    <VmHeader ctx=ctx/>
                    {move || ctx.error.get().map(|error| view! { <ErrorView error=error doing="Reading the virtual machine again" on_retry=retry/> })}
                    <TabNav id=id/>
                    <div class="tab-body"><Outlet/></div>
                }
                .into_any()
            } else {
                match ctx.error.get() {
                    None => view! { <div class="skeleton skeleton-title"></div><div class="skeleton skeleton-row"></div> }.into_any(),
                    Some(error) => view! { <ErrorView error=error doing="Loading the virtual machine" on_retry=retry/> }.into_any(),
                }
            }}
        </section>
    }
}

#[component]
fn VmHeader(ctx: VmCtx) -> impl IntoView {
    let field = move |f: fn(&Vm) -> Option<String>| move || ctx.vm.with(|vm| vm.as_ref().and_then(f));
    view! {
        <header class="page-header vm-header">
            <div class="vm-title">
                <h1 id="vm-title">{field(|vm| Some(vm.display_name()))}</h1>
                <p class="muted vm-subtitle">
                    <span class="mono" id="vm-hostname">{field(|vm| vm.hostname.clone())}</span>
                    {move || field(|vm| vm.ip_addresses.first().cloned())().map(|ip| view! { " · " <span class="mono" id="vm-primary-ip">{ip}</span> })}
                    {move || field(|vm| vm.id.clone())().map(|id| view! { " · " <span class="mono">{format!("VM {id}")}</span> })}
                </p>
            </div>
            <div class="vm-state">
                {move || ctx.vm.with(|vm| vm.as_ref().map(|vm| view! {
                    <StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/>
                }))}
                <power::PowerActions ctx=ctx/>
            </div>
        </header>
    }
}

#[component]
fn TabNav(id: Memo<String>) -> impl IntoView {
    view! {
        <nav class="tabs" aria-label="Parts of this virtual machine">
            {VmTab::ALL.iter().map(|tab| {
                let href = move || tab.href(&id.get());
                let tab_id = match tab.segment() {
                    "" => "tab-overview".to_owned(),
                    segment => format!("tab-{segment}"),
                };
                view! { <A href=href exact=true attr:id=tab_id>{tab.label()}</A> }
            }).collect_view()}
        </nav>
    }
}
