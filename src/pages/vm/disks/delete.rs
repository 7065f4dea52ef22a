//! Deleting a disk other than the system disk (which the provider keeps):
//! the disk and its data go, the VM busy meanwhile (accepted for later, 202).

use super::erase::EraseForm;
use crate::components::Modal;
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::tf;
use vmdeck_core::vm::disk::Disk;

#[component]
pub fn DeleteDisk(ctx: VmCtx, open: RwSignal<bool>, disk: RwSignal<Option<Disk>>) -> impl IntoView {
    let op: Op<String> = use_op(
        ctx,
        Operation::DeleteDisk,
        move |_, _| open.set(false),
        |account, _, disk: &String| request::delete_disk(account, disk),
    );
    view! {
        <Modal open=open title=t::DISKS_DELETE_TITLE.get() id="delete-disk-dialog">
            {disk.get_untracked().filter(|disk| !disk.is_system()).map(|disk| {
                let warning = tf!(t::DISKS_DELETE_ERASES, disk = disk.name(), vm = ctx.name());
                view! {
                    <EraseForm ctx=ctx op=op disk=disk prefix="delete-disk" warning=warning
                        label=t::DISKS_DELETE_CONFIRM.get() doing=t::DISKS_DELETE_DOING.get()/>
                }
            })}
        </Modal>
    }
}
