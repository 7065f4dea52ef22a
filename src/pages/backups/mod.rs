//! The account's backups, of every VM, newest first, filtered in the URL
//! as the API filters them; each restored onto its disk, made into a
//! template or deleted. A VM's Backups tab shows its own with the same
//! table ([`BackupTable`]) and dialogs ([`BackupDialogViews`]), its
//! actions sent as operations of the VM's page (`send`).

mod delete;
mod restore;
mod send;
mod table;
mod template;

pub use send::{BackupDialogs, BackupOp, BackupOps};
pub use table::BackupTable;

use crate::api::backups::account_backups;
use crate::components::{Empty, EmptyState, FilterSelect, Loaded};
use crate::hooks::{use_data, use_url_filters};
use crate::tasks::use_tasks;
use leptos::prelude::*;
use vmdeck_core::backup::Located;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t};

/// The API's filters the page offers (`min_disk_size` aside).
const FILTERS: &[&str] = &["disk_id", "operating_system", "operating_system_distro", "locked"];

#[component]
pub fn BackupsPage() -> impl IntoView {
    let filters = use_url_filters(FILTERS);
    let tasks = use_tasks();
    // Read again as the service accepts a write on a backup, and as the
    // write ends (a restore once its VM is free again).
    let answered = Trigger::new();
    let ours = [Operation::RestoreBackup, Operation::TemplateFromBackup, Operation::DeleteBackup]
        .map(Operation::key);
    let running = Memo::new(move |_| {
        tasks.list().with(|list| {
            let running = list.tasks().iter().filter(|t| t.running());
            running.filter(|t| ours.contains(&t.action.as_str())).map(|t| t.id).collect::<Vec<_>>()
        })
    });
    let list = use_data(
        move || {
            answered.track();
            running.track();
            filters.pairs(FILTERS)
        },
        |api, query| async move { account_backups(&api, &query).await },
    );
    let dialogs = BackupDialogs::default();
    let ops = BackupOps::of_account(dialogs, answered);
    let yes_no = Signal::derive(|| {
        vec![("1".to_owned(), c::YES.get().to_owned()), ("0".to_owned(), c::NO.get().to_owned())]
    });
    let text_filter = move |key: &'static str, id: &'static str, label: &'static str| {
        view! {
            <label class="filter"><span>{label}</span>
                <input type="search" id=id size="12" prop:value=move || filters.get(key) on:change=move |ev| filters.set(key, event_target_value(&ev))/></label>
        }
    };
    view! {
        <section class="page">
            <header class="page-header">
                <h1>{c::BACKUPS.get()}</h1>
            </header>
            <p class="muted">{t::BACKUPS_ACCOUNT_INTRO.get()}</p>
            <div class="filter-row">
                {text_filter("disk_id", "backups-filter-disk", t::BACKUPS_FILTER_DISK.get())}
                {text_filter("operating_system", "backups-filter-os", c::OPERATING_SYSTEM.get())}
                {text_filter("operating_system_distro", "backups-filter-distro", c::DISTRIBUTION.get())}
                <FilterSelect filters=filters key="locked" id="backups-filter-locked" label=t::BACKUPS_FILTER_LOCKED.get() options=yes_no/>
            </div>
            <Loaded data=list doing=t::BACKUPS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::list(|| view! { <EmptyState title=t::BACKUPS_EMPTY_TITLE.get() text=t::BACKUPS_EMPTY_TEXT.get() id="backups-empty"/> })
                render={move |list: Vec<Located>| view! { <BackupTable list=list ops=ops dialogs=dialogs with_vm=true/> }}/>
            <BackupDialogViews ops=ops dialogs=dialogs/>
        </section>
    }
}

/// The dialogs of the backups' actions, one open at a time.
#[component]
pub fn BackupDialogViews(ops: BackupOps, dialogs: BackupDialogs) -> impl IntoView {
    view! {
        <restore::RestoreDialog ops=ops dialogs=dialogs/>
        <template::TemplateDialog ops=ops dialogs=dialogs/>
        <delete::DeleteDialog ops=ops dialogs=dialogs/>
    }
}
