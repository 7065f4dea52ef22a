//! Edit: names, sizes, CPU type and boot device, with what each change means.

use super::{DialogActions, DialogCard, Impact, Opener};
use crate::components::{
    fixed_options, FormView, Loaded, PlanPicker, SelectField, TextAreaField, TextField,
};
use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_disks, use_op, Op, VmCtx};
use leptos::prelude::*;
use serde_json::{Map, Value};
use vmdeck_core::api::request;
use vmdeck_core::deploy::plans::Plan;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, vm as t};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::edit::EditVmForm;

#[component]
pub fn EditCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(
        ctx,
        Operation::Edit,
        move |_, _| open.set(false),
        |account, id, changes: &Map<String, Value>| request::edit_vm(account, id, changes.clone()),
    );
    view! {
        <DialogCard id="card-edit" title=c::EDIT.get() impact=Impact::MayRestart text=t::EDIT_VM_TEXT.get()
            opener=Opener { id: "open-edit", label: t::EDIT_VM_OPEN.get(), danger: false } blocked=op.blocked()
            open=open dialog_id="edit-dialog" dialog_title=t::EDIT_VM_TITLE.get()>
            <EditForm ctx=ctx op=op/>
        </DialogCard>
    }
}

#[component]
fn EditForm(ctx: VmCtx, op: Op<Map<String, Value>>) -> impl IntoView {
    // The system disk's size is on the disk list, not on the VM; without
    // the list, the form leaves the size as it is.
    let disks = use_disks(ctx);
    let fields = move |disks: Vec<Disk>| {
        let primary = Disk::system_size(&disks);
        let original = ctx
            .vm
            .with_untracked(|vm| vm.as_ref().map(|vm| EditVmForm::from_vm(vm, primary)))
            .unwrap_or_default();
        view! { <EditFields ctx=ctx op=op original=original/> }
    };
    view! {
        <Loaded data=disks doing=t::DISKS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            render=fields failed=move || fields(Vec::new())/>
    }
}

#[component]
fn EditFields(ctx: VmCtx, op: Op<Map<String, Value>>, original: EditVmForm) -> impl IntoView {
    let before = original.clone();
    let form = use_form_with_options(
        "edit",
        original.clone(),
        UseFormOptions::default()
            .check(move |f: &EditVmForm| f.errors(&before))
            .draft(&format!("edit.{}", ctx.id.get_untracked()), EditVmForm::clone)
            .pending(op.pending()),
    );
    let original = StoredValue::new(original);
    let changes = Memo::new(move |_| {
        form.with(|f| original.with_value(|o| f.changes(o).unwrap_or_default()))
    });
    let consequences =
        Memo::new(move |_| form.with(|f| original.with_value(|o| f.consequences(o))));
    let field = move |label: &'static str,
                      key: &'static str,
                      get: fn(&EditVmForm) -> &String,
                      set: fn(&mut EditVmForm) -> &mut String,
                      numeric: bool,
                      hint: &'static str| {
        view! { <TextField bound=form.text(key, get, set) label=label numeric=numeric hint=hint/> }
    };
    let input =
        Callback::new(move |value: EditVmForm| original.with_value(|o| value.changes(o)).ok());
    // The provider's plans: picking one resizes to it; the disk cannot shrink.
    let plans = use_deploy().with_untracked(|d| d.catalogue.plans.clone());
    let current = original.with_value(|o| o.plan(&plans).cloned());
    let disk_now = original.with_value(|o| o.sizes().map(|(_, _, disk)| disk)).unwrap_or(0);
    let picker = (!plans.is_empty()).then(|| {
        let known = plans.clone();
        view! {
            <PlanPicker plans=plans current=current
                chosen=Signal::derive(move || form.with(|f| f.plan(&known).map(|p| p.name.clone()).unwrap_or_default()))
                on_choose=Callback::new(move |plan: Option<Plan>| if let Some(plan) = plan { form.edit("memory", |f| f.choose_plan(&plan)) })
                unavailable=Callback::new(move |plan: Plan| (plan.disk < disk_now).then(|| t::EDIT_VM_CANNOT_SHRINK.get()))/>
        }
    });
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::EDIT_VM_DOING.get()>
            {picker}
            <div class="grid-2">
                {field(c::LABEL.get(), "label", |f| &f.label, |f| &mut f.label, false, "")}
                {field(c::HOSTNAME.get(), "hostname", |f| &f.hostname, |f| &mut f.hostname, false, t::EDIT_VM_HOSTNAME_HINT.get())}
                {field(c::MEMORY_MB.get(), "memory", |f| &f.memory, |f| &mut f.memory, true, "")}
                {field(c::CPUS.get(), "cpus", |f| &f.cpus, |f| &mut f.cpus, true, "")}
                {field(vmdeck_core::i18n::common::PRIMARY_DISK_GB.get(), "primary_disk_size", |f| &f.primary_disk_size, |f| &mut f.primary_disk_size, true, t::EDIT_VM_PRIMARY_DISK_HINT.get())}
                <SelectField bound=form.text("cpu_type", |f| &f.cpu_type, |f| &mut f.cpu_type) label=c::CPU_TYPE.get() hint=t::EDIT_VM_CPU_TYPE_HINT.get()
                    options=fixed_options(&[("intel", "intel"), ("amd", "amd")])/>
                <SelectField bound=form.text("boot_type", |f| &f.boot_type, |f| &mut f.boot_type) label=t::EDIT_VM_BOOT_FROM.get() hint=t::EDIT_VM_BOOT_HINT.get()
                    options=Signal::derive(|| vec![("default".to_owned(), t::EDIT_VM_BOOT_DISK.get().to_owned()), ("cdrom".to_owned(), "CD-ROM".to_owned())])/>
            </div>
            <TextAreaField bound=form.text("note", |f| &f.note, |f| &mut f.note) label=c::NOTE.get()/>
            {move || {
                let notes = consequences.get();
                (!notes.is_empty()).then(|| view! {
                    <div class="notice notice-warning" id="edit-consequences">
                        <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                    </div>
                })
            }}
            <DialogActions op=op form=form input=input label=t::EDIT_VM_SAVE.get() ready=Signal::derive(move || !changes.with(Map::is_empty))/>
        </FormView>
    }
}
