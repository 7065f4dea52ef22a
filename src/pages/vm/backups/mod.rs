//! The VM's backups: those of its disks, newest first, with the account
//! page's table and dialogs; restored, made into templates or deleted as
//! operations of the VM's page, so that the page shows it busy and reads
//! it until it is free.

use super::{use_tab_data, use_vm};
use crate::api::backups::vm_backups;
use crate::components::{Empty, EmptyState, Loaded};
use crate::pages::backups::{BackupDialogViews, BackupDialogs, BackupOps, BackupTable};
use leptos::prelude::*;
use vmdeck_core::backup::{locate, Backup};
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::disk::Disk;

#[component]
pub fn BackupsTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let list = use_tab_data(ctx, |api, id| async move { vm_backups(&api, &id).await });
    let dialogs = BackupDialogs::default();
    let ops = BackupOps::of_vm(ctx, dialogs);
    // Each row names this VM as the page knows it: its name, and the word
    // a restore asks for.
    let render = move |(disks, backups): (Vec<Disk>, Vec<Backup>)| {
        let vm_id = ctx.id.get_untracked();
        let disks: Vec<(String, Disk)> = disks.into_iter().map(|d| (vm_id.clone(), d)).collect();
        let list = ctx.vm.with_untracked(|vm| locate(backups, &disks, vm.as_slice()));
        view! { <BackupTable list=list ops=ops dialogs=dialogs/> }
    };
    let empty = Empty::when(
        |(_, backups): &(Vec<Disk>, Vec<Backup>)| backups.is_empty(),
        || view! { <EmptyState title=t::BACKUPS_EMPTY_TITLE.get() text=t::BACKUPS_EMPTY_VM.get() id="backups-empty"/> },
    );
    view! {
        <div class="tab-toolbar">
            <p class="muted">{t::BACKUPS_INTRO.get()}</p>
        </div>
        <Loaded data=list doing=t::BACKUPS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=empty render=render/>
        <BackupDialogViews ops=ops dialogs=dialogs/>
    }
    .into_any()
}
