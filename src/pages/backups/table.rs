//! The one table of backups, on the account page (with each one's VM) and
//! on a VM's tab: when each was made, in the user's time zone, its disk,
//! size, kind, system and state, and a button per action, held with the
//! reason while it cannot be taken.

use super::send::{BackupDialogs, BackupOps};
use crate::components::{ActionButton, Cell, Column, DataTable, TableId};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::backup::{BackupAction, BackupState, Located};
use vmdeck_core::i18n::{common as c, or_dash, plural, shell, vm as t, Text};
use vmdeck_core::route::href;

/// A backup's date as the tables show dates: in full, in the user's time
/// zone; the text as sent when it is not a date.
pub fn shown_date(row: &Located) -> String {
    or_dash(row.backup.created_at.as_deref().map(crate::locale::service_moment))
}

/// The headings, each cell labelled by its own on a phone.
#[derive(Clone)]
struct Columns {
    date: Column,
    vm: Option<Column>,
    disk: Column,
    size: Column,
    kind: Column,
    system: Column,
    state: Column,
    actions: Column,
}

impl Columns {
    fn new(with_vm: bool) -> Self {
        let zone = crate::locale::time_zone::zone_name();
        Self {
            date: Column::text(format!("{} ({zone})", t::BACKUPS_DATE.get())),
            vm: with_vm.then(|| Column::text(c::VM.get())),
            disk: Column::text(c::DISK.get()),
            size: Column::number(t::VM_TABLE_SIZE.get()),
            kind: Column::text(t::DISKS_KIND.get()),
            system: Column::text(c::OPERATING_SYSTEM.get()),
            state: Column::text(c::STATUS.get()),
            actions: Column::text(shell::LIST_COL_ACTIONS.get()),
        }
    }

    fn all(&self) -> Vec<Column> {
        [
            Some(&self.date),
            self.vm.as_ref(),
            Some(&self.disk),
            Some(&self.size),
            Some(&self.kind),
            Some(&self.system),
            Some(&self.state),
            Some(&self.actions),
        ]
        .into_iter()
        .flatten()
        .cloned()
        .collect()
    }
}

#[component]
pub fn BackupTable(
    list: Vec<Located>,
    ops: BackupOps,
    dialogs: BackupDialogs,
    /// A column with each backup's VM (the account page's).
    #[prop(optional)]
    with_vm: bool,
) -> impl IntoView {
    let count = plural(list.len() as u64, &t::BACKUPS_COUNT_ONE, &t::BACKUPS_COUNT_OTHER);
    let columns = Columns::new(with_vm);
    view! {
        <DataTable id=TableId::Exact("backup-table") columns=columns.all() count=count blocks=true>
            {list.into_iter().map(|row| view! { <BackupRow row=row columns=columns.clone() ops=ops dialogs=dialogs/> }).collect_view()}
        </DataTable>
    }
}

#[component]
fn BackupRow(
    row: Located,
    columns: Columns,
    ops: BackupOps,
    dialogs: BackupDialogs,
) -> impl IntoView {
    let id = row.backup.id.clone().unwrap_or_default();
    let state = row.backup.state();
    let badge = match state {
        BackupState::Ready => "badge badge-online",
        BackupState::Busy => "badge badge-unbuilt",
        BackupState::Failed => "badge badge-failed",
        BackupState::Other(_) | BackupState::Unknown => "badge badge-other",
    };
    // Made here, once: the cells' children are closures of their own.
    let (row_id, row_class) =
        (format!("backup-{id}"), format!("backup backup-{}", state.css_class()));
    let (state_label, raw_date, date) =
        (state.label().to_owned(), row.backup.created_at.clone(), shown_date(&row));
    let (disk, size, kind) =
        (row.disk_name(), row.backup.size_label(), row.backup.kind.label().to_owned());
    let os = row.backup.operating_system.clone();
    let system = or_dash(row.backup.distro.clone().or_else(|| os.clone()));
    let vm = columns.vm.clone().map(|column| {
        let link = match &row.vm {
            Some(vm) => {
                let (href, name) = (href::vm(&vm.id), vm.name.clone());
                view! { <A href=href>{name}</A> }.into_any()
            }
            None => {
                let gone = row.vm_name();
                view! { <span class="muted">{gone}</span> }.into_any()
            }
        };
        view! { <Cell of=column>{link}</Cell> }
    });
    // A button per action, named with the backup's date for a screen reader.
    let button = |action: BackupAction, label: &'static str, named: &'static Text| {
        let blocked = ops.blocked(action, &row);
        let chosen = row.clone();
        let (what, class) = match action {
            BackupAction::Restore => ("restore", "button button-small"),
            BackupAction::Template => ("template", "button button-small"),
            BackupAction::Delete => ("delete", "button button-small button-quiet danger-text"),
        };
        let (button_id, name) =
            (format!("backup-{what}-{id}"), vmdeck_core::tf!(named, date = date));
        view! {
            <ActionButton class=class blocked=blocked attr:id=button_id attr:aria-label=name
                on:click=move |_| dialogs.open(action, chosen.clone())>{label}</ActionButton>
        }
    };
    let actions = (
        button(BackupAction::Restore, t::BACKUPS_RESTORE_OPEN.get(), &t::BACKUPS_RESTORE_N),
        button(BackupAction::Template, t::BACKUPS_TEMPLATE_OPEN.get(), &t::BACKUPS_TEMPLATE_N),
        button(BackupAction::Delete, c::DELETE.get(), &t::BACKUPS_DELETE_N),
    );
    view! {
        <tr id=row_id class=row_class>
            <Cell of=&columns.date><span title=raw_date>{date}</span></Cell>
            {vm}
            <Cell of=&columns.disk>{disk}</Cell>
            <Cell of=&columns.size>{size}</Cell>
            <Cell of=&columns.kind class="backup-kind">{kind}</Cell>
            <Cell of=&columns.system><span title=os>{system}</span></Cell>
            <Cell of=&columns.state><span class=badge>{state_label}</span></Cell>
            <Cell of=&columns.actions class="backup-actions">{actions}</Cell>
        </tr>
    }
}
