//! The VM's disks, and what can be done to each: resized (only larger),
//! its automatic backups turned on or off, its mount point changed,
//! formatted or deleted (both after the typed hostname); and all of them
//! applied. A file per dialog, each opened by its own flag about the disk
//! chosen last; each says what it does to the running VM.

mod apply;
mod delete;
mod erase;
mod format;
mod mount;
mod resize;
mod table;

use super::{use_op, use_tab_data, use_vm, VmCtx};
use crate::api::vms::list_disks;
use crate::components::{Empty, EmptyState, ErrorView, Loaded};
use leptos::prelude::*;
use vmdeck_core::api::request::{self, DiskChanges};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::VmStatus;

/// What the disk dialogs are about, and whether each is open.
#[derive(Clone, Copy)]
struct DiskDialogs {
    /// The disk of the dialog opened last.
    disk: RwSignal<Option<Disk>>,
    resize: RwSignal<bool>,
    mount: RwSignal<bool>,
    format: RwSignal<bool>,
    delete: RwSignal<bool>,
}

impl DiskDialogs {
    fn new() -> Self {
        let closed = || RwSignal::new(false);
        Self {
            disk: RwSignal::new(None),
            resize: closed(),
            mount: closed(),
            format: closed(),
            delete: closed(),
        }
    }

    /// Opens `dialog` about `disk` (its content reads `disk` as it opens).
    fn open(self, dialog: RwSignal<bool>, disk: Disk) {
        self.disk.set(Some(disk));
        dialog.set(true);
    }
}

/// A disk's edit as an operation's input: its id and what changes.
type DiskEdit = (String, DiskChanges);

/// Whether the VM runs now (untracked): a resize must then restart it.
fn running(ctx: VmCtx) -> bool {
    ctx.vm.with_untracked(|vm| vm.as_ref().is_some_and(|vm| vm.status == VmStatus::Online))
}

#[component]
pub fn DisksTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let disks = use_tab_data(ctx, |api, id| async move { list_disks(&api, &id).await });
    let dialogs = DiskDialogs::new();
    // Automatic backups change with a click: no dialog, a refusal shown over the table.
    let autobackup = use_op(
        ctx,
        Operation::EditDisk,
        |_, _| {},
        |account, _, (disk, changes): &DiskEdit| request::edit_disk(account, disk, changes),
    );
    view! {
        <div class="tab-toolbar">
            <p class="muted">{t::DISKS_INTRO.get()}</p>
            <apply::ApplyDisks ctx=ctx/>
        </div>
        <p class="muted small" id="disk-impacts">{t::DISKS_IMPACTS.get()}</p>
        {move || autobackup.error.get().map(|e| view! { <div id="disk-autobackup-error"><ErrorView error=e doing=t::DISKS_AUTOBACKUP_DOING.get()/></div> })}
        <Loaded data=disks doing=t::DISKS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::list(|| view! { <EmptyState title=t::DISKS_EMPTY_TITLE.get() text=t::DISKS_EMPTY_TEXT.get()/> })
            render={move |disks: Vec<Disk>| view! { <table::DiskTable ctx=ctx disks=disks dialogs=dialogs autobackup=autobackup/> }}/>
        <resize::ResizeDisk ctx=ctx open=dialogs.resize disk=dialogs.disk/>
        <mount::MountPoint ctx=ctx open=dialogs.mount disk=dialogs.disk/>
        <format::FormatDisk ctx=ctx open=dialogs.format disk=dialogs.disk/>
        <delete::DeleteDisk ctx=ctx open=dialogs.delete disk=dialogs.disk/>
    }
    .into_any()
}
