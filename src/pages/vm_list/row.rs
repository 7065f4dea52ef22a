//! One row of the VM list: its cells, the panel's own marks (protection,
//! pin, tags) and its menu; drawn by the table and by its groups by tag.

use super::actions::{Ask, ListActions};
use super::transfer::TransferCell;
use crate::components::{ActionButton, StatusBadge};
use crate::marks::pins::{PinButton, PinStore};
use crate::marks::protection::{use_protection, ProtectedBadge, Protection};
use crate::marks::tags::{TagStore, VmTags};
use leptos::prelude::*;
use vmdeck_core::i18n::{integer, or_dash, shell as t};
use vmdeck_core::route::href;
use vmdeck_core::route::VmTab;
use vmdeck_core::vm::bulk::BulkAction;
use vmdeck_core::vm::columns::Column;
use vmdeck_core::vm::{format_gb, format_memory};
use vmdeck_core::Vm;

/// What the panel itself marks VMs with, looked up once for every row.
#[derive(Clone, Copy)]
pub(super) struct RowMarks {
    pub(super) protection: Option<Protection>,
    pub(super) pins: Option<PinStore>,
    pub(super) tags: Option<TagStore>,
}

#[component]
pub(super) fn VmRow(
    vm: RwSignal<Vm>,
    columns: StoredValue<Vec<Column>>,
    actions: ListActions,
    page_ids: Memo<Vec<String>>,
    marks: RowMarks,
    #[prop(optional)] again: bool,
) -> impl IntoView {
    // A VM shown a second time (in another tag's group) has no ids of its own.
    let row_id =
        move || vm.with(|vm| vm.id.as_ref().filter(|_| !again).map(|id| format!("vm-row-{id}")));
    view! {
        <tr id=row_id class:is-busy=move || vm.with(|vm| vm.locked)>
            {move || vm.with(|vm| {
                let name = vm.display_name();
                let hostname = vm.hostname.clone().unwrap_or_default();
                let link = vm.id.as_ref().map(|id| href::vm(id));
                let id = vm.id.clone().unwrap_or_default();
                let select = {
                    let (id, checked) = (id.clone(), id.clone());
                    view! {
                        <td class="cell-select">
                            <input type="checkbox" class="row-select" id=(!again).then(|| format!("select-{id}")) aria-label=vmdeck_core::tf!(t::LIST_SELECT_VM, name = name)
                                prop:checked=move || actions.selection.with(|s| s.contains(&checked))
                                on:click=move |ev| {
                                    let id = id.clone();
                                    if ev.shift_key() {
                                        actions.selection.update(|s| page_ids.with_untracked(|p| s.extend(&id, p)));
                                    } else {
                                        actions.selection.update(|s| s.toggle(&id));
                                    }
                                }/>
                        </td>
                    }
                };
                let menu = view! { <td class="cell-actions"><RowMenu id=id.clone() name=name.clone() locked=vm.locked actions=actions/></td> };
                view! {
                    {select}
                    <td class="cell-name">
                        <PinButton vm=id.clone() name=name.clone() store=marks.pins/>
                        // A plain link: the router follows it all the same, and a thousand
                        // rows need no thousand watchers of the current location.
                        {match link {
                            Some(href) => view! { <a href=href class="vm-link">{name}</a> }.into_any(),
                            None => view! { <span>{name}</span> }.into_any(),
                        }}
                        {marks.protection.is_some_and(|p| p.is_protected(&id)).then(|| view! { " " <ProtectedBadge/> })}
                        <div class="muted small mono">{hostname}</div>
                    </td>
                    {columns.with_value(|columns| columns.iter().map(|column| cell(*column, vm, &id, marks)).collect_view())}
                    {menu}
                }
            })}
        </tr>
    }
}

/// `vm`'s cell in `column`, labelled for the cards a narrow screen shows.
fn cell(column: Column, vm: &Vm, id: &str, marks: RowMarks) -> impl IntoView {
    use leptos::either::EitherOf4;
    let label = column.title().get();
    let class = match column {
        Column::Addresses => Some("mono small"),
        Column::Note => Some("cell-note"),
        Column::Tags => Some("cell-tags"),
        _ => column.numeric().then_some("num"),
    };
    // One concrete type a cell: a thousand rows of boxed cells draw slower.
    let content = match column {
        Column::Status => {
            return EitherOf4::A(
                view! { <td data-label=label><StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/></td> },
            )
        }
        Column::Tags => {
            return EitherOf4::B(
                view! { <td class=class data-label=label><VmTags vm=id.to_owned() store=marks.tags/></td> },
            )
        }
        Column::Transfer => {
            return EitherOf4::D(
                view! { <td class="cell-transfer" data-label=label><TransferCell id=id.to_owned()/></td> },
            )
        }
        Column::Memory => or_dash(vm.memory_mb.map(format_memory)),
        Column::Cpus => or_dash(vm.cpus.map(integer)),
        Column::CpuShares => or_dash(vm.cpu_shares.map(integer)),
        Column::CpuType => or_dash(vm.cpu_type.clone()),
        Column::Disk => or_dash(vm.disks_size_gb.map(format_gb)),
        Column::DiskType => or_dash(vm.disk_type.clone()),
        Column::Os => or_dash(vm.os_name()),
        Column::Template => or_dash(vm.template_label.clone().or_else(|| vm.template_id.clone())),
        Column::Addresses => {
            or_dash((!vm.ip_addresses.is_empty()).then(|| vm.ip_addresses.join(", ")))
        }
        Column::Location => {
            or_dash(vm.location_id.as_ref().map(|l| vmdeck_core::tf!(t::LIST_LOCATION_N, id = l)))
        }
        Column::Type => or_dash(vm.vm_type.as_ref().map(|kind| kind.label().to_owned())),
        Column::Note => or_dash(vm.note.clone()),
        Column::Created => or_dash(vm.created_at.as_deref().map(crate::locale::service_moment)),
    };
    EitherOf4::C(view! { <td class=class data-label=label>{content}</td> })
}

/// A row's own actions, in a menu that is drawn when opened (a thousand
/// rows draw a thousand closed menus). Start, stop and reboot go at once,
/// destroy asks first; all of them through the list's bulk runner.
#[component]
fn RowMenu(id: String, name: String, locked: bool, actions: ListActions) -> impl IntoView {
    let open = RwSignal::new(false);
    let menu = NodeRef::<leptos::html::Details>::new();
    let close = move || {
        if let Some(details) = menu.get_untracked() {
            details.set_open(false);
        }
    };
    let label = vmdeck_core::tf!(t::LIST_ACTIONS_FOR, name = name);
    let protection = use_protection();
    view! {
        <details class="row-menu" node_ref=menu
            on:toggle=move |_| open.set(menu.get_untracked().is_some_and(|d| d.open()))
            on:keydown=move |ev| if ev.key() == "Escape" {
                close();
                if let Some(summary) = menu.get_untracked().and_then(|d| d.first_element_child()) {
                    if let Ok(summary) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(summary) {
                        let _ = summary.focus();
                    }
                }
            }>
            <summary class="button button-quiet button-small" aria-label=label.clone()>"⋯"</summary>
            {move || open.get().then(|| {
                // A busy VM says why; while a bulk action runs, the bar says so.
                let blocked = Signal::derive(move || locked.then(|| vmdeck_core::i18n::vm::VM_OP_BUSY.get()));
                let running = Signal::derive(move || actions.running());
                let protected = {
                    let id = id.clone();
                    Signal::derive(move || protection.is_some_and(|p| p.is_protected(&id)))
                };
                let destroy_blocked = Signal::derive(move || blocked.get().or_else(|| protected.get().then(|| vmdeck_core::i18n::vm::PROTECTION_REFUSES.get())));
                let act = {
                    let id = id.clone();
                    move |action: BulkAction| {
                        let id = id.clone();
                        move |_| {
                            close();
                            actions.ask(Ask::Bulk(action, vec![id.clone()]));
                        }
                    }
                };
                view! {
                    <div class="row-menu-list" role="group" aria-label=label.clone()>
                        {[BulkAction::Start, BulkAction::Stop, BulkAction::Reboot].into_iter().map(|action| view! {
                            <ActionButton blocked=blocked held=running class="button button-quiet button-small" attr:data-action=action.id() on:click=act(action)>{action.label()}</ActionButton>
                        }).collect_view()}
                        {[(VmTab::Overview, t::LIST_OPEN.get()), (VmTab::Network, VmTab::Network.label()), (VmTab::Firewall, VmTab::Firewall.label()), (VmTab::Settings, VmTab::Settings.label())].into_iter().map(|(tab, text)| view! {
                            <a class="button button-quiet button-small" href=tab.href(&id)>{text}</a>
                        }).collect_view()}
                        <ActionButton blocked=destroy_blocked held=running class="button button-quiet button-small danger-text" attr:data-action="destroy" on:click=act(BulkAction::Destroy)>{vmdeck_core::i18n::common::DESTROY_ELLIPSIS.get()}</ActionButton>
                    </div>
                }
            })}
        </details>
    }
}
