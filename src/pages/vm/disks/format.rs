//! Formatting a disk: everything on it is erased, the VM busy meanwhile
//! (accepted for later, 202).

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
pub fn FormatDisk(ctx: VmCtx, open: RwSignal<bool>, disk: RwSignal<Option<Disk>>) -> impl IntoView {
    let op: Op<String> = use_op(
        ctx,
        Operation::FormatDisk,
        move |_, _| open.set(false),
        |account, _, disk: &String| request::format_disk(account, disk),
    );
    view! {
        <Modal open=open title=t::DISKS_FORMAT_TITLE.get() id="format-disk-dialog">
            {disk.get_untracked().map(|disk| {
                let warning = tf!(t::DISKS_FORMAT_ERASES, disk = disk.name(), vm = ctx.name());
                view! {
                    <EraseForm ctx=ctx op=op disk=disk prefix="format-disk" warning=warning note=t::DISKS_FORMAT_BUSY.get()
                        label=t::DISKS_FORMAT_CONFIRM.get() doing=t::DISKS_FORMAT_DOING.get()/>
                }
            })}
        </Modal>
    }
}
