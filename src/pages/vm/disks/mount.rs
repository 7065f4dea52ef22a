//! Changing where a disk is mounted, and whether the VM's `/etc/fstab`
//! gets it: no restart, the answer at once.

use super::DiskEdit;
use crate::components::{CheckField, FormView, Modal, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, DialogActions, Impact, ImpactBadge, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::tf;
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::disk_edit::MountPointForm;

#[component]
pub fn MountPoint(ctx: VmCtx, open: RwSignal<bool>, disk: RwSignal<Option<Disk>>) -> impl IntoView {
    let op: Op<DiskEdit> = use_op(
        ctx,
        Operation::EditDisk,
        move |_, _| open.set(false),
        |account, _, (disk, changes): &DiskEdit| request::edit_disk(account, disk, changes),
    );
    view! {
        <Modal open=open title=t::DISKS_MOUNT_TITLE.get() id="mount-disk-dialog">
            {disk.get_untracked().map(|disk| view! { <MountForm ctx=ctx op=op disk=disk/> })}
        </Modal>
    }
}

#[component]
fn MountForm(ctx: VmCtx, op: Op<DiskEdit>, disk: Disk) -> impl IntoView {
    let id = disk.id.clone().unwrap_or_default();
    let text = tf!(t::DISKS_MOUNT_TEXT, vm = ctx.name(), disk = disk.name());
    let start = MountPointForm::new(&disk);
    let disk = StoredValue::new(disk);
    let form = use_form_with_options(
        "mount",
        start,
        UseFormOptions::default()
            .check(move |f: &MountPointForm| disk.with_value(|d| f.errors(d)))
            .pending(op.pending()),
    );
    let input = Callback::new(move |f: MountPointForm| {
        disk.with_value(|d| f.changes(d)).map(|changes| (id.clone(), changes))
    });
    let changed = Signal::derive(move || form.dirty());
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::DISKS_MOUNT_DOING.get()>
            <p><ImpactBadge impact=Impact::NoRestart id="mount-impact"/></p>
            <p>{text}</p>
            <TextField bound=form.text("mount_point", |f| &f.mount_point, |f| &mut f.mount_point) label=t::DISKS_MOUNT_POINT.get()/>
            <CheckField bound=form.bind_flag("add_to_linux_fstab", |f| f.add_to_linux_fstab, |f, on| f.add_to_linux_fstab = on)>{t::DISKS_MOUNT_FSTAB.get()}</CheckField>
            <DialogActions op=op form=form input=input label=t::DISKS_MOUNT_SAVE.get() ready=changed/>
        </FormView>
    }
}
