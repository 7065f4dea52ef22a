//! Every snapshot of the account's VMs, each with its VM (named from the
//! account's VM list, linked to its Snapshots tab) and its state as that
//! tab shows it; narrowed to one VM with the `virtual_machine_id` filter.
//! Read only: the provider documents no snapshot write here (a VM's
//! snapshots are deleted on its tab).

use crate::api::snapshots::account_snapshots;
use crate::api::vms::list_vms;
use crate::components::{Column, DataTable, Empty, EmptyState, FilterSelect, Loaded};
use crate::hooks::{use_data, use_data_with_options, use_url_filters, UseDataOptions};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::i18n::{common as c, or_dash, shell as t, vm as tv};
use vmdeck_core::route::VmTab;
use vmdeck_core::vm::format_gb;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::snapshot::{Snapshot, SnapshotState};

const FILTERS: &[&str] = &["virtual_machine_id"];

/// The VMs one read names: the list's largest page. A VM beyond it is
/// shown by its number.
const NAMED_VMS: u64 = 1000;

/// Each VM's id and name, in name order.
type Names = Memo<Vec<(String, String)>>;

#[component]
pub fn SnapshotsPage() -> impl IntoView {
    let filters = use_url_filters(FILTERS);
    let list = use_data(
        move || filters.pairs(FILTERS),
        |api, query| async move { account_snapshots(&api, &query).await },
    );
    // A snapshot names only its VM's id: the names come from the VM list, read once.
    let vms = use_data_with_options(
        || (),
        |api, ()| async move {
            let page = list_vms(&api, &VmQuery::default().with_limit(NAMED_VMS)).await?;
            let mut names: Vec<(String, String)> = page
                .items
                .into_iter()
                .filter_map(|vm| Some((vm.id.clone()?, vm.display_name())))
                .collect();
            names.sort_by_key(|(_, name)| name.to_lowercase());
            Ok(names)
        },
        UseDataOptions::default().once(),
    );
    let names: Names = Memo::new(move |_| vms.data.get().unwrap_or_default());
    // The VM chosen stays a choice even when the list does not name it.
    let options = Signal::derive(move || {
        let mut options = names.get();
        let chosen = filters.get("virtual_machine_id");
        if !chosen.is_empty() && !options.iter().any(|(id, _)| *id == chosen) {
            let name = vm_name(names, &chosen);
            options.push((chosen, name));
        }
        options
    });
    view! {
        <section class="page">
            <header class="page-header"><h1>{vmdeck_core::i18n::messages::TAB_SNAPSHOTS.get()}</h1></header>
            <p class="muted">{t::ACCOUNT_SNAPSHOTS_INTRO.get()}</p>
            <div class="filter-row">
                <FilterSelect filters=filters key="virtual_machine_id" id="account-snapshots-filter-vm" label=c::VM.get() options=options/>
            </div>
            <Loaded data=list doing=tv::SNAPSHOTS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::list(|| view! { <EmptyState title=tv::SNAPSHOTS_EMPTY_TITLE.get() text=t::ACCOUNT_SNAPSHOTS_EMPTY_TEXT.get() id="account-snapshots-empty"/> })
                render={move |list: Vec<Snapshot>| view! { <SnapshotTable list=list names=names/> }}/>
        </section>
    }
}

/// A VM's name as the account's list gives it, else its number (tracked).
fn vm_name(names: Names, id: &str) -> String {
    names
        .with(|names| names.iter().find(|(vm, _)| vm == id).map(|(_, name)| name.clone()))
        .unwrap_or_else(|| vmdeck_core::tf!(c::VM_NUMBER, id = id))
}

#[component]
fn SnapshotTable(list: Vec<Snapshot>, names: Names) -> impl IntoView {
    let count = vmdeck_core::i18n::plural(
        list.len() as u64,
        &t::ACCOUNT_SNAPSHOTS_COUNT_ONE,
        &t::ACCOUNT_SNAPSHOTS_COUNT_OTHER,
    );
    // As on the VM's tab: the documented snapshot has no size or date, so
    // their columns come only with a service that sends them.
    let sized = list.iter().any(|s| s.size_gb.is_some());
    let dated = list.iter().any(|s| s.created_at.is_some());
    let failed = list.iter().any(|s| s.state() == SnapshotState::Failed);
    let taken = || {
        let zone = crate::locale::time_zone::zone_name();
        Column::text(format!("{} ({zone})", tv::SNAPSHOTS_TAKEN.get()))
    };
    let columns = [
        Some(Column::text(tv::SNAPSHOTS_SNAPSHOT.get())),
        Some(Column::text(c::VM.get())),
        sized.then(|| Column::number(tv::VM_TABLE_SIZE.get())),
        Some(Column::text(c::STATUS.get())),
        dated.then(taken),
    ];
    view! {
        {failed.then(|| view! { <p class="notice notice-warning" id="account-snapshots-failed">{tv::SNAPSHOTS_FAILED_HINT.get()}</p> })}
        <DataTable id="account-snapshots" columns=columns.into_iter().flatten().collect() count=count>
            {list.into_iter().map(|s| {
                let state = s.state();
                let vm = s.vm_id.clone().map(|vm| {
                    let href = VmTab::Snapshots.href(&vm);
                    view! { <A href=href>{move || vm_name(names, &vm)}</A> }
                });
                view! {
                    <tr class=format!("snapshot-{}", state.css_class())>
                        <td title=s.identifier.clone()>{s.name()}</td>
                        <td>{vm.map_or_else(|| vmdeck_core::i18n::DASH.into_any(), IntoAny::into_any)}</td>
                        {sized.then(|| view! { <td class="num">{or_dash(s.size_gb.map(format_gb))}</td> })}
                        <td><span class=state.badge_class()>{state.label().to_owned()}</span></td>
                        {dated.then(|| view! { <td title=s.created_at.clone()>{or_dash(s.created_at.as_deref().map(crate::locale::service_moment))}</td> })}
                    </tr>
                }
            }).collect_view()}
        </DataTable>
    }
}
