//! Resizing a disk, only larger (the core checks it): a running VM takes
//! the larger disk only when it restarts, so the provider is let reboot it
//! unless the user says otherwise. Accepted for later (202): the VM busy.

use super::{running, DiskEdit};
use crate::components::{CheckField, FormView, Modal, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, DialogActions, Impact, ImpactBadge, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{or_dash, vm as t};
use vmdeck_core::tf;
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::disk_edit::{resize_restarts, ResizeDiskForm};
use vmdeck_core::vm::format_gb;

#[component]
pub fn ResizeDisk(ctx: VmCtx, open: RwSignal<bool>, disk: RwSignal<Option<Disk>>) -> impl IntoView {
    let op: Op<DiskEdit> = use_op(
        ctx,
        Operation::ResizeDisk,
        move |_, _| open.set(false),
        |account, _, (disk, changes): &DiskEdit| request::edit_disk(account, disk, changes),
    );
    view! {
        <Modal open=open title=t::DISKS_RESIZE_TITLE.get() id="resize-disk-dialog">
            {disk.get_untracked().map(|disk| view! { <ResizeForm ctx=ctx op=op disk=disk/> })}
        </Modal>
    }
}

#[component]
fn ResizeForm(ctx: VmCtx, op: Op<DiskEdit>, disk: Disk) -> impl IntoView {
    // As the dialog opens: a VM that starts or stops meanwhile is the
    // provider's to refuse, and the form says it at the top.
    let running = running(ctx);
    let restarts = resize_restarts(running);
    let now = disk.size_gb;
    let id = disk.id.clone().unwrap_or_default();
    let form = use_form_with_options(
        "resize",
        ResizeDiskForm::new(&disk, running),
        UseFormOptions::default()
            .check(move |f: &ResizeDiskForm| f.errors(now))
            .pending(op.pending()),
    );
    let impact = Signal::derive(move || match (restarts, form.with(|f| f.force_reboot)) {
        (false, _) => Impact::NoRestart,
        (true, true) => Impact::Restarts,
        (true, false) => Impact::MayRestart,
    });
    let input = Callback::new(move |f: ResizeDiskForm| {
        f.changes(now, running).map(|changes| (id.clone(), changes))
    });
    let text = tf!(
        t::DISKS_RESIZE_TEXT,
        disk = disk.name(),
        vm = ctx.name(),
        size = or_dash(now.map(format_gb))
    );
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::DISKS_RESIZE_DOING.get()>
            <p><ImpactBadge impact=impact id="resize-impact"/></p>
            <p>{text}</p>
            <TextField bound=form.text("disk_size", |f| &f.disk_size, |f| &mut f.disk_size) label=t::DISKS_RESIZE_SIZE.get() numeric=true hint=t::EDIT_VM_PRIMARY_DISK_HINT.get()/>
            {restarts.then(|| view! {
                <CheckField bound=form.bind_flag("force_reboot", |f| f.force_reboot, |f, on| f.force_reboot = on)>{t::DISKS_RESIZE_REBOOT.get()}</CheckField>
                <p class="hint" id="resize-force-reboot-hint">{t::DISKS_RESIZE_REBOOT_TEXT.get()}</p>
            })}
            <DialogActions op=op form=form input=input label=t::DISKS_RESIZE_CONFIRM.get()/>
        </FormView>
    }
}
