//! The VM's disks, and applying them (with formatting, which loses data).

use super::{use_op, use_tab_data, use_vm, VmCtx};
use crate::api::vms::list_disks;
use crate::components::{
    ActionButton, ApiRequestView, CheckField, Column, DataTable, Empty, EmptyState, FormView,
    Loaded, Modal, RawFields, SubmitButton, TableId, TypedConfirm, TypedWord,
};
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{self, common as c, or_dash, vm as t};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::format_gb;

#[component]
pub fn DisksTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let disks = use_tab_data(ctx, |api, id| async move { list_disks(&api, &id).await });
    view! {
        <div class="tab-toolbar">
            <p class="muted">{t::DISKS_INTRO.get()}</p>
            <ApplyDisks ctx=ctx/>
        </div>
        <Loaded data=disks doing=t::DISKS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::list(|| view! { <EmptyState title=t::DISKS_EMPTY_TITLE.get() text=t::DISKS_EMPTY_TEXT.get()/> })
            render={|disks: Vec<Disk>| view! { <DiskTable disks=disks/> }}/>
    }
    .into_any()
}

#[component]
fn DiskTable(disks: Vec<Disk>) -> impl IntoView {
    let columns = vec![
        Column::text(c::DISK.get()),
        Column::number(t::VM_TABLE_SIZE.get()),
        Column::text(t::DISKS_KIND.get()),
        Column::text(t::DISKS_MOUNT_POINT.get()),
        Column::text(t::DISKS_DATA_STORE_GROUP.get()),
        Column::text(c::STATUS.get()),
    ];
    let rows = disks.iter().map(|d| view! {
        <tr id=d.id.as_ref().map(|id| format!("disk-{id}"))>
            <td>{d.name()}<div class="muted small mono">{d.id.clone().map(|id| format!("#{id}"))}</div></td>
            <td class="num">{or_dash(d.size_gb.map(format_gb))}</td>
            <td>{if d.is_system() { t::DISKS_KIND_SYSTEM.get() } else if d.is_swap { t::DISKS_KIND_SWAP.get() } else { t::DISKS_KIND_DATA.get() }}</td>
            <td class="mono">{or_dash(d.mount_point.clone())}</td>
            <td>{or_dash(d.data_store_group_id.clone())}</td>
            <td>
                {or_dash(d.status.clone())}
                {d.locked.then(|| view! { " " <span class="busy"><span class="spinner" aria-hidden="true"></span>{t::DISKS_BUSY.get()}</span> })}
            </td>
        </tr>
    }).collect_view();
    view! {
        <DataTable id=TableId::Exact("disk-table") columns=columns>{rows}</DataTable>
        {disks.into_iter().enumerate().map(|(i, d)| view! { <RawFields map=d.raw summary=vmdeck_core::tf!(t::DISKS_RAW_FIELDS, n = i18n::integer(i as i64 + 1))/> }).collect_view()}
    }
}

#[component]
fn ApplyDisks(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::ApplyDisks,
        move |_, _| open.set(false),
        |account, id, format: &bool| request::apply_disks(account, id, *format),
    );
    view! {
        <ActionButton id="open-apply-disks" blocked=op.blocked() on:click=move |_| open.set(true)>{t::DISKS_APPLY_OPEN.get()}</ActionButton>
        <Modal open=open title=t::DISKS_APPLY_TITLE.get() id="apply-disks-dialog">
            <ApplyDisksForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn ApplyDisksForm(ctx: VmCtx, op: super::Op<bool>) -> impl IntoView {
    let expected =
        ctx.vm.with_untracked(|vm| vm.as_ref().map(|vm| vm.confirm_word())).unwrap_or_default();
    let form = use_form_with_options(
        "apply-disks",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let blocked = op.blocked();
    let format = move || form.with(|f| f.format);
    let word = TypedWord::new(form, expected);
    let typed = word.confirmed();
    let ready = Signal::derive(move || !form.with(|f| f.format) || typed.get());
    let input = Callback::new(|f: ConfirmForm| f.format);
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::DISKS_APPLY_DOING.get()>
            <p>{t::DISKS_APPLY_TEXT.get()}</p>
            <CheckField bound=form.bind_flag("format", |f| f.format, |f, on| f.format = on)>{t::DISKS_FORMAT.get()}</CheckField>
            {move || format().then(|| view! {
                <div class="notice notice-error"><p class="notice-title">{t::DISKS_FORMAT_WARNING.get()}</p></div>
                <TypedConfirm word=word.clone()/>
            })}
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=t::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                {move || if format() {
                    view! { <SubmitButton form=form id="confirm-action" label=t::DISKS_FORMAT_AND_APPLY.get() blocked=blocked ready=ready danger=true/> }.into_any()
                } else {
                    view! { <SubmitButton form=form id="confirm-action" label=t::DISKS_APPLY.get() blocked=blocked ready=ready/> }.into_any()
                }}
            </div>
        </FormView>
    }
}
