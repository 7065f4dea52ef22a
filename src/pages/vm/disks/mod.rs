//! The VM's disks, and applying them (with formatting, which loses data).

use super::{blocked_reason, use_op, use_tab_data, use_vm, VmCtx};
use crate::api::vms::list_disks;
use crate::components::{ApiRequestView, CheckField, EmptyState, FormView, Loaded, Modal, RawFields, SubmitButton, TypedConfirm};
use crate::hooks::{use_form_with_options, UseFormOptions};
use vmdeck_core::small_forms::{self, ConfirmForm};
use leptos::prelude::*;
use vmdeck_core::disk::Disk;
use vmdeck_core::request;

#[component]
pub fn DisksTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let disks = use_tab_data(ctx, |api, id| async move { list_disks(&api, &id).await });
    view! {
        <div class="tab-toolbar">
            <p class="muted">"The disks of this VM, in the order they are attached."</p>
            <ApplyDisks ctx=ctx/>
        </div>
        <Loaded data=disks doing="Loading the disks" fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            render={|disks: Vec<Disk>| view! { <DiskTable disks=disks/> }}/>
    }
    .into_any()
}

#[component]
fn DiskTable(disks: Vec<Disk>) -> impl IntoView {
    if disks.is_empty() {
        return view! { <EmptyState title="No disks" text="The service lists no disks for this VM."/> }.into_any();
    }
    let dash = || "—".to_owned();
    view! {
        <div class="table-wrap">
            <table class="table" id="disk-table">
                <thead><tr>
                    <th scope="col">"Disk"</th><th scope="col" class="num">"Size"</th><th scope="col">"Kind"</th>
                    <th scope="col">"Mount point"</th><th scope="col">"Data store group"</th><th scope="col">"Status"</th>
                </tr></thead>
                <tbody>
                    {disks.iter().map(|d| view! {
                        <tr id=d.id.as_ref().map(|id| format!("disk-{id}"))>
                            <td>{d.name()}<div class="muted small mono">{d.id.clone().map(|id| format!("#{id}"))}</div></td>
                            <td class="num">{d.size_gb.map(|s| format!("{s} GB")).unwrap_or_else(dash)}</td>
                            <td>{if d.primary { "primary" } else if d.is_swap { "swap" } else { "data" }}</td>
                            <td class="mono">{d.mount_point.clone().unwrap_or_else(dash)}</td>
                            <td>{d.data_store_group_id.clone().unwrap_or_else(dash)}</td>
                            <td>
                                {d.status.clone().unwrap_or_else(dash)}
                                {d.locked.then(|| view! { " " <span class="busy"><span class="spinner" aria-hidden="true"></span>"busy"</span> })}
                            </td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
        {disks.into_iter().enumerate().map(|(i, d)| view! { <RawFields map=d.raw summary=format!("All fields of disk {}", i + 1)/> }).collect_view()}
    }
    .into_any()
}

#[component]
fn ApplyDisks(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, "Apply disks", move |_, _| open.set(false), |account, id, format: &bool| request::apply_disks(account, id, *format));
    let blocked = move || blocked_reason(ctx, op.pending());
    view! {
        <button type="button" class="button" id="open-apply-disks" disabled=move || blocked().is_some() title=move || blocked().unwrap_or("") on:click=move |_| open.set(true)>"Apply disks…"</button>
        <Modal open=open title="Apply the disk configuration" id="apply-disks-dialog">
            <ApplyDisksForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn ApplyDisksForm(ctx: VmCtx, op: super::Op<bool>) -> impl IntoView {
    let hostname = ctx.vm.with_untracked(|vm| vm.as_ref().and_then(|vm| vm.hostname.clone())).unwrap_or_default();
    let form = use_form_with_options("apply-disks", ConfirmForm::default(), UseFormOptions::default().pending(op.pending()));
    let blocked = Signal::derive(move || blocked_reason(ctx, op.pending()));
    let format = move || form.with(|f| f.format);
    let expected = hostname.clone();
    let ready = Signal::derive(move || form.with(|f| !f.format || small_forms::confirmed(&f.typed, &hostname)));
    let input = Callback::new(|f: ConfirmForm| f.format);
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing="Applying the disks">
            <p>"Makes the hypervisor take up the VM's disk configuration."</p>
            <CheckField bound=form.bind_flag("format", |f| f.format, |f, on| f.format = on)>"Format the disks"</CheckField>
            {move || format().then(|| view! {
                <div class="notice notice-error"><p class="notice-title">"Formatting erases all data on the disks."</p></div>
                <TypedConfirm bound=form.text("typed", |f| &f.typed, |f| &mut f.typed).with_id("typed-confirm") expected=expected.clone()/>
            })}
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what="What this dialog sends"/>
            <div class="modal-actions">
                {move || if format() {
                    view! { <SubmitButton form=form id="confirm-action" label="Format and apply" blocked=blocked ready=ready danger=true/> }.into_any()
                } else {
                    view! { <SubmitButton form=form id="confirm-action" label="Apply disks" blocked=blocked ready=ready/> }.into_any()
                }}
            </div>
        </FormView>
    }
}
