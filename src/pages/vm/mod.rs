//! One virtual machine: its header with the power actions, and a tab per
//! part of it, each its own route (`/vms/:id/<tab>`).

mod confirm;
mod impact;
mod operation;
mod power;

pub mod activity;
pub mod backups;
pub mod disks;
pub mod firewall;
pub mod isos;
pub mod network;
pub mod overview;
pub mod settings;
pub mod snapshots;
pub mod statistics;

pub use confirm::{ConfirmDialog, DialogActions};
pub use impact::{Impact, ImpactBadge};
pub use operation::{blocked_reason, busy_reason, use_account_op, use_op, use_op_with, Op};

use crate::api::vms::{get_vm_with_addresses, list_disks};
use crate::api::{Api, ApiResult};
use crate::components::{CopyButton, ErrorView, Freshness, Modal, StatusBadge};
use crate::deploy::use_deploy;
use crate::hooks::{use_data, use_data_with_options, UseDataOptions, UseDataReturn};
use crate::marks::protection::{use_protection, ProtectedBadge};
use crate::marks::tags::{use_tags, TagEditor, VmTags};
use crate::marks::vm_marks::VmMarks;
use crate::shell::title::use_vm_name_in_title;
use crate::tasks::{use_tasks, Tasks};
use leptos::prelude::*;
use leptos_router::components::{Outlet, A};
use leptos_router::hooks::use_params_map;
use vmdeck_core::i18n::{common as c, shell, vm as t};
use vmdeck_core::route::href;
use vmdeck_core::route::VmTab;
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::{ApiError, Vm};

/// What the VM's page knows, shared with its tabs and actions.
#[derive(Clone, Copy)]
pub struct VmCtx {
    pub id: Memo<String>,
    /// The latest VM read, kept while a new read is on its way.
    pub vm: Signal<Option<Vm>>,
    pub error: Signal<Option<ApiError>>,
    /// Counts the times the VM became free after work: tabs reload on it.
    pub settled: RwSignal<u64>,
    data: UseDataReturn<Vm>,
    tasks: Tasks,
}

impl VmCtx {
    /// Busy: the service says so, or work this panel started on it has
    /// not been seen to end (the service may mark it busy a moment later).
    pub fn busy(self) -> bool {
        self.vm.with(|vm| vm.as_ref().is_some_and(|vm| vm.locked))
            || self.tasks.running_on(&self.id.get())
    }

    pub fn name(self) -> String {
        self.vm
            .with_untracked(|vm| vm.as_ref().map(Vm::display_name))
            .unwrap_or_else(|| vmdeck_core::tf!(c::VM_NUMBER, id = self.id.get_untracked()))
    }

    /// Shows the VM busy at once after a 202, before the next read says so.
    pub fn mark_busy(self) {
        self.data.update(|vm| vm.locked = true);
    }

    /// Reads the VM again, and tells the tabs to reload.
    pub fn refresh(self) {
        self.data.refresh();
        self.settled.update(|n| *n += 1);
    }
}

pub fn use_vm() -> Option<VmCtx> {
    use_context::<VmCtx>()
}

/// Data of a tab, read again whenever the VM settles after work (or an
/// operation of the tab is done), and kept fresh as every read is.
pub fn use_tab_data<T, F, Fut>(ctx: VmCtx, fetch: F) -> UseDataReturn<T>
where
    T: Clone + PartialEq + Send + Sync + 'static,
    F: Fn(Api, String) -> Fut + 'static,
    Fut: std::future::Future<Output = ApiResult<T>> + 'static,
{
    use_data(
        move || {
            ctx.settled.track();
            ctx.id.get()
        },
        fetch,
    )
}

/// The VM's disks, read once for a dialog that needs them.
pub fn use_disks(ctx: VmCtx) -> UseDataReturn<Vec<Disk>> {
    use_data_with_options(
        move || ctx.id.get_untracked(),
        |api, id| async move { list_disks(&api, &id).await },
        UseDataOptions::default().once(),
    )
}

#[component]
pub fn VmPage() -> impl IntoView {
    let tasks = use_tasks();
    let marks = VmMarks::of_account();
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id")).unwrap_or_default());
    let data = use_data_with_options(
        move || id.get(),
        |api, id| async move { get_vm_with_addresses(&api, &id).await },
        UseDataOptions::default()
            .poll_while(move |vm: &Vm| {
                vm.locked || vm.id.as_deref().is_some_and(|id| tasks.running_on(id))
            })
            .on_answer(move |result, asked_at| match result {
                Ok(vm) => tasks.observe(vm, asked_at),
                Err(ApiError::NotFound(_)) => {
                    let vm = id.get_untracked();
                    if tasks.observe_gone(&vm, asked_at) {
                        marks.forget(&vm);
                    }
                }
                Err(_) => {}
            }),
    );
    let ctx =
        VmCtx { id, vm: data.data, error: data.error, settled: RwSignal::new(0), data, tasks };
    provide_context(ctx);
    use_vm_name_in_title(move || {
        ctx.vm.with(|vm| vm.as_ref().map(Vm::display_name)).filter(|_| !data.stale.get())
    });

    // Work ended (busy, then free): the tabs read their parts again.
    Effect::new(move |before: Option<Option<(Option<String>, bool)>>| {
        let now = ctx.vm.with(|vm| vm.as_ref().map(|vm| vm.id.clone())).map(|id| (id, ctx.busy()));
        if let (Some(Some((old_id, true))), Some((new_id, false))) = (&before, &now) {
            if old_id == new_id {
                ctx.settled.update(|n| *n += 1);
            }
        }
        now
    });
    // A firewall put back by a change with undo was applied (work on the
    // VM, maybe this one): read it again, to show it busy and then reload.
    let undo = crate::firewall::rollback::use_firewall_rollback();
    Effect::watch(move || undo.restored.track(), move |_, _, _| ctx.refresh(), false);
    // The tray leaves this VM to the page while it is shown.
    Effect::new(move |previous: Option<String>| {
        let current = id.get();
        if let Some(previous) = previous.filter(|p| *p != current) {
            tasks.unwatch(&previous);
        }
        tasks.watch(current.clone());
        current
    });
    on_cleanup(move || tasks.unwatch(&id.get_untracked()));

    let retry = Callback::new(move |()| data.refresh());
    // Another VM's data (a link from one VM to another) is not shown as this one's.
    let has_vm = Memo::new(move |_| ctx.vm.with(Option::is_some) && !data.stale.get());
    // The tabs depend on the id alone: drawn at once (the page the server
    // sends has them too), gone only when the VM cannot be read.
    let tabs_shown = Memo::new(move |_| has_vm.get() || ctx.error.with(Option::is_none));

    view! {
        <section class="page vm-page">
            <div class="breadcrumb-row">
                <p class="breadcrumb"><A href=href::vms()>{c::VIRTUAL_MACHINES.get()}</A></p>
                <Freshness updated_at=data.updated_at loading=data.loading on_refresh=Callback::new(move |()| ctx.refresh())/>
            </div>
            // Only whether the VM is known decides the layout: later reads
            // update the parts in place, and the open tab keeps its state.
            {move || if has_vm.get() {
                view! {
                    <VmHeader ctx=ctx/>
                    {move || ctx.error.get().map(|error| view! { <ErrorView error=error doing=t::VM_PAGE_DOING_READ_AGAIN.get() on_retry=retry/> })}
                }
                .into_any()
            } else {
                match ctx.error.get() {
                    None => view! { <VmHeaderPending/> }.into_any(),
                    Some(error) => view! { <ErrorView error=error doing=t::VM_PAGE_DOING_LOAD.get() on_retry=retry/> }.into_any(),
                }
            }}
            <Show when=move || tabs_shown.get()>
                <TabNav id=id/>
            </Show>
            {move || if has_vm.get() {
                view! { <div class="tab-body"><Outlet/></div> }.into_any()
            } else if tabs_shown.get() {
                view! { <div class="skeleton skeleton-row"></div> }.into_any()
            } else {
                ().into_any()
            }}
        </section>
    }
}

#[component]
fn VmHeader(ctx: VmCtx) -> impl IntoView {
    let field =
        move |f: fn(&Vm) -> Option<String>| move || ctx.vm.with(|vm| vm.as_ref().and_then(f));
    let deploy = use_deploy();
    let protection = use_protection();
    let tags = use_tags();
    // The template's name (a Windows one is reached by RDP): the
    // deployment's, else the API's.
    let connect = Memo::new(move |_| {
        ctx.vm.with(|vm| {
            let vm = vm.as_ref()?;
            let template = vm
                .template_id
                .as_ref()
                .and_then(|id| {
                    deploy.with(|d| {
                        d.catalogue.templates.iter().find(|t| t.id == *id).map(|t| t.label.clone())
                    })
                })
                .or_else(|| vm.template_label.clone());
            vm.connect(template.as_deref())
        })
    });
    view! {
        <header class="page-header vm-header">
            <div class="vm-title">
                <h1 id="vm-title">{field(|vm| Some(vm.display_name()))}</h1>
                <p class="muted vm-subtitle">
                    <span class="mono" id="vm-hostname">{field(|vm| vm.hostname.clone())}</span>
                    {move || field(|vm| vm.hostname.clone())().map(|_| view! {
                        <CopyButton text=Signal::derive(move || field(|vm| vm.hostname.clone())().unwrap_or_default()) what=t::VM_PAGE_COPY_HOSTNAME.get() id="copy-hostname"/>
                    })}
                    {move || field(|vm| vm.ip_addresses.first().cloned())().map(|ip| view! { " · " <span class="mono" id="vm-primary-ip">{ip}</span> })}
                    {move || field(|vm| vm.id.clone())().map(|id| view! { " · " <span class="mono">{vmdeck_core::tf!(c::VM_NUMBER, id = id)}</span> })}
                </p>
                {move || connect.get().map(|connect| {
                    let text = connect.text().to_owned();
                    view! {
                        <p class="vm-connect small" id="vm-connect">
                            <span class="muted">{connect.label()}</span>
                            <code class="mono" id="vm-connect-text">{text.clone()}</code>
                            <CopyButton text=text what=t::VM_PAGE_COPY_CONNECT.get() id="copy-connect"/>
                        </p>
                    }
                })}
            </div>
            <div class="vm-state">
                {move || {
                    let busy = ctx.busy();
                    ctx.vm.with(|vm| vm.as_ref().map(|vm| view! { <StatusBadge status=vm.status.clone() locked=busy suspended=vm.suspended/> }))
                }}
                {move || protection.is_some_and(|p| p.is_protected(&ctx.id.get())).then(|| view! { <ProtectedBadge/> })}
                {move || view! { <VmTags vm=ctx.id.get() store=tags/> }}
                <TagsButton ctx=ctx/>
                <A href=move || href::new_vm_like(&ctx.id.get()) attr:class="button" attr:id="create-like-this">{t::VM_PAGE_CREATE_LIKE_THIS.get()}</A>
                <power::PowerActions ctx=ctx/>
            </div>
        </header>
    }
}

/// Opens the VM's tags to change them.
#[component]
fn TagsButton(ctx: VmCtx) -> impl IntoView {
    let Some(_) = use_tags() else { return ().into_any() };
    let open = RwSignal::new(false);
    let vms = Signal::derive(move || vec![ctx.id.get()]);
    view! {
        <button type="button" class="button" id="vm-tags-edit" aria-haspopup="dialog" on:click=move |_| open.set(true)>{c::TAGS_ELLIPSIS.get()}</button>
        <Modal open=open title=c::TAGS.get() id="vm-tags-dialog">
            <p class="muted small">{t::TAGS_KEPT_HERE.get()}</p>
            <TagEditor vms=vms prefix="vm-tags" add_id="vm-tags-add"/>
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{c::CLOSE.get()}</button>
            </div>
        </Modal>
    }
    .into_any()
}

/// The header's frame while the VM is read, line for line as `VmHeader`
/// draws it, so that the tabs below it stay where they are.
#[component]
fn VmHeaderPending() -> impl IntoView {
    view! {
        <header class="page-header vm-header" aria-busy="true">
            <div class="vm-title">
                <h1><span class="skeleton skeleton-text skeleton-name"></span><span class="visually-hidden">{shell::SHELL_LOADING.get()}</span></h1>
                <p class="muted vm-subtitle"><span class="skeleton skeleton-text skeleton-subtitle"></span></p>
                <p class="vm-connect small"><span class="skeleton skeleton-text skeleton-connect"></span></p>
            </div>
            <div class="vm-state"><span class="skeleton skeleton-actions"></span></div>
        </header>
    }
}

#[component]
fn TabNav(id: Memo<String>) -> impl IntoView {
    view! {
        <nav class="tabs" aria-label=t::VM_PAGE_TABS.get()>
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
