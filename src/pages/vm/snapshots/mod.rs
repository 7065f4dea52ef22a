//! The VM's snapshots, and deleting them all.

use super::{blocked_reason, use_op, use_tab_data, use_vm, ConfirmDialog, VmCtx};
use crate::api::storage::snapshots;
use crate::components::{EmptyState, Loaded, Modal};
use leptos::prelude::*;
use vmdeck_core::request;
use vmdeck_core::storage::Snapshot;

#[component]
pub fn SnapshotsTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let list = use_tab_data(ctx, |api, id| async move { snapshots(&api, &id).await });
    view! {
        <div class="tab-toolbar">
            <p class="muted">"Snapshots hold the disks' state at a moment; changes since then are kept apart until they are merged."</p>
            <DeleteAll ctx=ctx/>
        </div>
        <Loaded data=list doing="Loading the snapshots" fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            render={|list: Vec<Snapshot>| view! { <SnapshotTable list=list/> }}/>
    }
    .into_any()
}

#[component]
fn SnapshotTable(list: Vec<Snapshot>) -> impl IntoView {
    if list.is_empty() {
        return view! { <EmptyState title="No snapshots" text="This VM has no snapshots." id="snapshots-empty"/> }.into_any();
    }
    let dash = || "—".to_owned();
    view! {
        <div class="table-wrap">
            <table class="table" id="snapshot-table">
                <thead><tr><th scope="col">"Snapshot"</th><th scope="col" class="num">"Size"</th><th scope="col">"Status"</th><th scope="col">"Taken"</th></tr></thead>
                <tbody>
                    {list.into_iter().map(|s| view! {
                        <tr>
                            <td>{s.label.clone().or(s.id.clone().map(|id| format!("#{id}"))).unwrap_or_else(dash)}</td>
                            <td class="num">{s.size_gb.map(|g| format!("{g} GB")).unwrap_or_else(dash)}</td>
                            <td>{s.status.clone().unwrap_or_else(dash)}</td>
                            <td title=s.created_at.clone()>{s.created_at.as_deref().map(crate::pages::vm::overview::local_time).unwrap_or_else(dash)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}

#[component]
fn DeleteAll(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, "Delete all snapshots", move |_, _| open.set(false), |account, id, ()| request::delete_snapshots(account, id));
    let blocked = move || blocked_reason(ctx, op.pending());
    view! {
        <button type="button" class="button button-danger" id="open-delete-snapshots" disabled=move || blocked().is_some() title=move || blocked().unwrap_or("") on:click=move |_| open.set(true)>"Delete all snapshots…"</button>
        <Modal open=open title="Delete all snapshots" id="delete-snapshots-dialog">
            <ConfirmDialog ctx=ctx op=op input=Callback::new(|()| ()) label="Delete all snapshots" doing="Deleting the snapshots" danger=true>
                <p>"Every snapshot of this VM is deleted. The changes made since each snapshot are merged into the disks, so the VM keeps its current state; only the way back to the older states is gone."</p>
            </ConfirmDialog>
        </Modal>
    }
}
