//! Clone: a new VM from this one, with its sizes, disks and owner chosen.

use super::{DialogActions, DialogCard, Impact, Opener};
use crate::components::{
    fixed_options, CheckField, ChoiceField, FormView, Loaded, SelectField, TextField,
};
use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_disks, use_op, Op, VmCtx};
use leptos::prelude::*;
use leptos_router::components::A;
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::forms::row_key;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t};
use vmdeck_core::route::href;
use vmdeck_core::vm::clone::{CloneDisk, CloneVmForm};
use vmdeck_core::vm::create::{add_secondary_disk, remove_secondary_disk};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::Vm;

#[component]
pub fn CloneCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let created = RwSignal::new(None::<(String, String)>);
    let op = use_op(
        ctx,
        Operation::CloneVm,
        move |_, reply| {
            open.set(false);
            // The answer names the new VM, when the provider says it.
            let clone = reply.decode(Vm::from_json).ok();
            created.set(clone.and_then(|vm| Some((vm.id.clone()?, vm.display_name()))));
        },
        |account, id, body: &Value| request::clone_vm(account, id, body.clone()),
    );
    view! {
        <DialogCard id="card-clone" title=t::CLONE_VM_CLONE.get() impact=Impact::MayRestart text=t::CLONE_VM_TEXT.get()
            opener=Opener { id: "open-clone", label: t::CLONE_VM_OPEN.get(), danger: false } blocked=op.blocked()
            open=open dialog_id="clone-dialog" dialog_title=t::CLONE_VM_TITLE.get()
            note=move || created.get().map(|(id, name)| view! {
                <p class="card-note" id="clone-created">{t::CLONE_VM_STARTED.get()} " " <A href=href::vm(&id)>{name}</A></p>
            })>
            <CloneForm ctx=ctx op=op/>
        </DialogCard>
    }
}

#[component]
fn CloneForm(ctx: VmCtx, op: Op<Value>) -> impl IntoView {
    let disks = use_disks(ctx);
    let fields = move |disks: Vec<Disk>| {
        let form = CloneVmForm {
            required_startup: false,
            disks: disks
                .into_iter()
                .filter_map(|d| {
                    let size = d.size_gb.map(|s| s.to_string()).unwrap_or_default();
                    let group = d.data_store_group_id.clone().unwrap_or_default();
                    Some(CloneDisk {
                        name: d.name(),
                        disk_id: d.id?,
                        current_size: size.clone(),
                        current_group: group.clone(),
                        size,
                        data_store_group_id: group,
                    })
                })
                .collect(),
            ..Default::default()
        };
        view! { <CloneFields ctx=ctx op=op initial=form/> }
    };
    view! {
        <Loaded data=disks doing=t::DISKS_DOING_LOAD.get() render=fields
            failed=move || view! { <p class="hint">{t::CLONE_VM_DISKS_UNREAD.get()}</p> {fields(Vec::new())} }/>
    }
}

#[component]
fn CloneFields(ctx: VmCtx, op: Op<Value>, initial: CloneVmForm) -> impl IntoView {
    let deploy = use_deploy();
    let form = use_form_with_options(
        "clone",
        initial,
        UseFormOptions::default()
            .check(CloneVmForm::errors)
            .field_for(CloneVmForm::field_for)
            .draft(&format!("clone.{}", ctx.id.get_untracked()), CloneVmForm::clone)
            .pending(op.pending()),
    );
    let stores = Signal::derive(move || deploy.with(|d| d.catalogue.data_store_groups.clone()));
    let input = Callback::new(|value: CloneVmForm| value.body().ok());
    let disk_count = form.with_untracked(|f| f.disks.len());
    let rows = Memo::new(move |_| {
        form.with(|f| f.secondary_disks.iter().map(|d| d.row).collect::<Vec<_>>())
    });
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::CLONE_VM_DOING.get()>
            <div class="grid-2">
                <TextField bound=form.text("hostname", |f| &f.hostname, |f| &mut f.hostname) label=c::HOSTNAME.get() hint=t::CLONE_VM_HOSTNAME_HINT.get()/>
                <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=c::LABEL.get()/>
                <TextField bound=form.text("memory", |f| &f.memory, |f| &mut f.memory) label=c::MEMORY_MB.get() hint=t::CLONE_VM_AS_THIS_HINT.get()/>
                <TextField bound=form.text("cpus", |f| &f.cpus, |f| &mut f.cpus) label=c::CPUS.get() hint=t::CLONE_VM_AS_THIS_HINT.get()/>
                <SelectField bound=form.text("cpu_type", |f| &f.cpu_type, |f| &mut f.cpu_type) label=c::CPU_TYPE.get() empty=t::CLONE_VM_AS_THIS.get()
                    options=fixed_options(&[("intel", "Intel"), ("amd", "AMD")])/>
                <TextField bound=form.text("clone_user_id", |f| &f.clone_user_id, |f| &mut f.clone_user_id) label=t::CLONE_VM_OWNER.get() hint=t::CLONE_VM_OWNER_HINT.get()/>
            </div>
            <p class="subheading">{t::CLONE_VM_COPIES.get()}</p>
            {(0..disk_count).map(|i| {
                let name = form.with_untracked(|f| f.disks.get(i).map(|d| d.name.clone()).unwrap_or_default());
                let size = form.bind(
                    format!("clone_disk_size.{i}"),
                    move |f| f.disks.get(i).map(|d| d.size.clone()).unwrap_or_default(),
                    move |f, v| if let Some(d) = f.disks.get_mut(i) { d.size = v },
                );
                let group = form.bind(
                    format!("clone_disk_data_store_group_id.{i}"),
                    move |f| f.disks.get(i).map(|d| d.data_store_group_id.clone()).unwrap_or_default(),
                    move |f, v| if let Some(d) = f.disks.get_mut(i) { d.data_store_group_id = v },
                );
                view! {
                    <div class="disk-row">
                        <TextField bound=size label=format!("{name} (GB)") numeric=true/>
                        <ChoiceField bound=group label=vmdeck_core::i18n::common::DATA_STORE.get() choices=stores empty=c::PROVIDERS_DEFAULT.get()/>
                    </div>
                }
            }).collect_view()}
            <p class="subheading">{t::CLONE_VM_NEW_DISKS.get()}</p>
            <For each=move || rows.get().into_iter().enumerate() key=|(_, row)| *row let((place, row))>
                {
                    let size = form.bind(
                        row_key("secondary_disk_size", row),
                        move |f| f.secondary_disks.iter().find(|d| d.row == row).map(|d| d.size.clone()).unwrap_or_default(),
                        move |f, v| if let Some(d) = f.secondary_disks.iter_mut().find(|d| d.row == row) { d.size = v },
                    );
                    let group = form.bind(
                        row_key("data_store_group_secondary_id", row),
                        move |f| f.secondary_disks.iter().find(|d| d.row == row).map(|d| d.data_store_group_id.clone()).unwrap_or_default(),
                        move |f, v| if let Some(d) = f.secondary_disks.iter_mut().find(|d| d.row == row) { d.data_store_group_id = v },
                    );
                    view! {
                        <div class="disk-row">
                            <TextField bound=size label=vmdeck_core::tf!(t::CLONE_VM_NEW_DISK, n = vmdeck_core::i18n::integer(place as i64 + 1)) numeric=true/>
                            <ChoiceField bound=group label=vmdeck_core::i18n::common::DATA_STORE.get() choices=stores empty=c::PROVIDERS_DEFAULT.get()/>
                            <button type="button" class="button button-quiet remove-disk" on:click=move |_| {
                                form.edit("secondary_disks", |f| remove_secondary_disk(&mut f.secondary_disks, row));
                                form.forget_row(row);
                            }>{c::REMOVE.get()}</button>
                        </div>
                    }
                }
            </For>
            <button type="button" class="button" id="clone-add-disk" on:click=move |_| form.edit("secondary_disks", |f| {
                add_secondary_disk(&mut f.secondary_disks);
            })>{vmdeck_core::i18n::common::ADD_A_DISK.get()}</button>
            <CheckField bound=form.bind_flag("required_startup", |f| f.required_startup, |f, on| f.required_startup = on)>
                {t::CLONE_VM_START.get()}
            </CheckField>
            <DialogActions op=op form=form input=input label=t::CLONE_VM_CLONE.get()/>
        </FormView>
    }
}
