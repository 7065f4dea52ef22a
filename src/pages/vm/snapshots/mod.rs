//! The VM's snapshots, and deleting them all.

use super::{blocked_reason, use_op, use_tab_data, use_vm, ConfirmDialog, VmCtx};
use crate::api::vms::snapshots;
use crate::components::{Column, DataTable, EmptyState, Loaded, Modal, TableId};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, or_dash, vm as t};
use vmdeck_core::vm::format_gb;
use vmdeck_core::vm::snapshot::{Snapshot, SnapshotState};

#[component]
pub fn SnapshotsTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let list = use_tab_data(ctx, |api, id| async move { snapshots(&api, &id).await });
    view! {
        <div class="tab-toolbar">
            <p class="muted">{t::SNAPSHOTS_INTRO.get()}</p>
            <DeleteAll ctx=ctx/>
        </div>
        <Loaded data=list doing=t::SNAPSHOTS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            render={|list: Vec<Snapshot>| view! { <SnapshotTable list=list/> }}/>
    }
    .into_any()
}

#[component]
fn SnapshotTable(list: Vec<Snapshot>) -> impl IntoView {
    if list.is_empty() {
        return view! { <EmptyState title=t::SNAPSHOTS_EMPTY_TITLE.get() text=t::SNAPSHOTS_EMPTY_TEXT.get() id="snapshots-empty"/> }.into_any();
    }
    // The documented snapshot has no size or date: their columns come only
    // with a service that sends them.
    let sized = list.iter().any(|s| s.size_gb.is_some());
    let dated = list.iter().any(|s| s.created_at.is_some());
    let failed = list.iter().any(|s| s.state() == SnapshotState::Failed);
    let taken = || {
        let zone = crate::locale::time_zone::zone_name();
        Column::text(format!("{} ({zone})", t::SNAPSHOTS_TAKEN.get()))
    };
    let columns = [
        Some(Column::text(t::SNAPSHOTS_SNAPSHOT.get())),
        sized.then(|| Column::number(t::VM_TABLE_SIZE.get())),
        Some(Column::text(c::STATUS.get())),
        dated.then(taken),
    ];
    view! {
        {failed.then(|| view! { <p class="notice notice-warning" id="snapshots-failed">{t::SNAPSHOTS_FAILED_HINT.get()}</p> })}
        <DataTable id=TableId::Exact("snapshot-table") columns=columns.into_iter().flatten().collect()>
            {list.into_iter().map(|s| {
                let state = s.state();
                let badge = state.badge_class();
                view! {
                    <tr class=format!("snapshot-{}", state.css_class())>
                        <td title=s.identifier.clone()>{s.name()}</td>
                        {sized.then(|| view! { <td class="num">{or_dash(s.size_gb.map(format_gb))}</td> })}
                        <td><span class=badge>{state.label().to_owned()}</span></td>
                        {dated.then(|| view! { <td title=s.created_at.clone()>{or_dash(s.created_at.as_deref().map(crate::locale::service_moment))}</td> })}
                    </tr>
                }
            }).collect_view()}
        </DataTable>
    }
    .into_any()
}

#[component]
fn DeleteAll(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::DeleteAllSnapshots,
        move |_, _| open.set(false),
        |account, id, ()| request::delete_snapshots(account, id),
    );
    let blocked = move || blocked_reason(ctx, op.pending());
    view! {
        <button type="button" class="button button-danger" id="open-delete-snapshots" disabled=move || blocked().is_some() title=move || blocked().unwrap_or("") on:click=move |_| open.set(true)>{t::SNAPSHOTS_DELETE_ALL_OPEN.get()}</button>
        <Modal open=open title=t::SNAPSHOTS_DELETE_ALL.get() id="delete-snapshots-dialog">
            <ConfirmDialog op=op input=Callback::new(|()| ()) label=t::SNAPSHOTS_DELETE_ALL.get() doing=t::SNAPSHOTS_DOING_DELETE.get() danger=true>
                <p>{t::SNAPSHOTS_DELETE_TEXT.get()}</p>
            </ConfirmDialog>
        </Modal>
    }
}
