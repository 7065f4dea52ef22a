//! The table of the VM's disks: a row each, with its automatic backups
//! turned on or off in place and the buttons that open its dialogs. Each
//! button's tooltip says what it does to the running VM.

use super::{running, DiskDialogs, DiskEdit};
use crate::components::{ActionButton, Column, DataTable, RawFields, TableId};
use crate::pages::vm::{busy_reason, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request::DiskChanges;
use vmdeck_core::i18n::{self, common as c, or_dash, shell, vm as t};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::disk_edit::{resize_restarts, MountPointForm};
use vmdeck_core::vm::format_gb;

#[component]
pub fn DiskTable(
    ctx: VmCtx,
    disks: Vec<Disk>,
    dialogs: DiskDialogs,
    autobackup: Op<DiskEdit>,
) -> impl IntoView {
    let columns = vec![
        Column::text(c::DISK.get()),
        Column::number(t::VM_TABLE_SIZE.get()),
        Column::text(t::DISKS_KIND.get()),
        Column::text(t::DISKS_MOUNT_POINT.get()),
        Column::text(t::DISKS_AUTOBACKUP.get()),
        Column::text(t::DISKS_DATA_STORE_GROUP.get()),
        Column::text(c::STATUS.get()),
        Column::text(shell::LIST_COL_ACTIONS.get()),
    ];
    let rows = disks
        .iter()
        .map(|d| {
            view! {
                <tr id=d.id.as_ref().map(|id| format!("disk-{id}"))>
                    <td>{d.name()}<div class="muted small mono">{d.id.clone().map(|id| format!("#{id}"))}</div></td>
                    <td class="num">{or_dash(d.size_gb.map(format_gb))}</td>
                    <td>{if d.is_system() { t::DISKS_KIND_SYSTEM.get() } else if d.is_swap { t::DISKS_KIND_SWAP.get() } else { t::DISKS_KIND_DATA.get() }}</td>
                    <td class="mono disk-mount-point">{or_dash(d.mount_point.clone())}</td>
                    <td class="disk-autobackup"><Autobackup disk=d.clone() op=autobackup/></td>
                    <td>{or_dash(d.data_store_group_id.clone())}</td>
                    <td>
                        {or_dash(d.status.clone())}
                        {d.locked.then(|| view! { " " <span class="busy"><span class="spinner" aria-hidden="true"></span>{t::DISKS_BUSY.get()}</span> })}
                    </td>
                    <td class="cell-actions"><DiskActions ctx=ctx disk=d.clone() dialogs=dialogs/></td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <DataTable id=TableId::Exact("disk-table") columns=columns>{rows}</DataTable>
        {disks.into_iter().enumerate().map(|(i, d)| view! { <RawFields map=d.raw summary=vmdeck_core::tf!(t::DISKS_RAW_FIELDS, n = i18n::integer(i as i64 + 1))/> }).collect_view()}
    }
}

/// Whether the provider backs the disk up on its own, and the button that
/// turns it the other way (no restart: the answer is at once).
#[component]
fn Autobackup(disk: Disk, op: Op<DiskEdit>) -> impl IntoView {
    let on = disk.autobackup.unwrap_or(false);
    let state = match disk.autobackup {
        Some(true) => t::DISKS_AUTOBACKUP_ON.get().to_owned(),
        Some(false) => t::DISKS_AUTOBACKUP_OFF.get().to_owned(),
        None => i18n::DASH.to_owned(),
    };
    let button = disk.id.map(|id| {
        let changes = DiskChanges { autobackup: Some(!on), ..DiskChanges::default() };
        view! {
            " "
            <ActionButton class="button button-small button-quiet" blocked=op.blocked() hint=t::SETTINGS_NO_RESTART.get()
                attr:data-action="autobackup"
                on:click=move |_| op.run((id.clone(), changes.clone()))>
                {if on { t::DISKS_AUTOBACKUP_TURN_OFF.get() } else { t::DISKS_AUTOBACKUP_TURN_ON.get() }}
            </ActionButton>
        }
    });
    view! { <span class="disk-autobackup-state">{state}</span>{button} }
}

/// The buttons that open a disk's dialogs: a mount point only where the
/// disk takes one, and no Delete for the system disk (the provider keeps it).
#[component]
fn DiskActions(ctx: VmCtx, disk: Disk, dialogs: DiskDialogs) -> impl IntoView {
    if disk.id.is_none() {
        return ().into_any();
    }
    let blocked = Signal::derive(move || busy_reason(ctx));
    let open = |dialog: RwSignal<bool>| {
        let disk = disk.clone();
        move |_| dialogs.open(dialog, disk.clone())
    };
    let resize_hint = if resize_restarts(running(ctx)) {
        t::SETTINGS_RESTARTS.get()
    } else {
        t::SETTINGS_NO_RESTART.get()
    };
    let erases = t::SETTINGS_ERASES_DATA.get();
    view! {
        <ActionButton class="button button-small" blocked=blocked hint=resize_hint attr:data-action="resize" on:click=open(dialogs.resize)>{t::DISKS_RESIZE_OPEN.get()}</ActionButton>
        {MountPointForm::offered(&disk).then(|| view! {
            <ActionButton class="button button-small" blocked=blocked hint=t::SETTINGS_NO_RESTART.get() attr:data-action="mount" on:click=open(dialogs.mount)>{t::DISKS_MOUNT_OPEN.get()}</ActionButton>
        })}
        <ActionButton class="button button-small button-quiet danger-text" blocked=blocked hint=erases attr:data-action="format" on:click=open(dialogs.format)>{t::DISKS_FORMAT_OPEN.get()}</ActionButton>
        {(!disk.is_system()).then(|| view! {
            <ActionButton class="button button-small button-quiet danger-text" blocked=blocked hint=erases attr:data-action="delete" on:click=open(dialogs.delete)>{t::DISKS_DELETE_OPEN.get()}</ActionButton>
        })}
    }
    .into_any()
}
