//! Edit: names, sizes, CPU type and boot device, with what each change means.

use super::{Card, DialogActions, Effect, OpenButton};
use crate::api::vms::edit_vm;
use crate::components::{described_by, Field, Modal, TextField};
use crate::pages::vm::{use_disks, use_op, Op, VmCtx};
use leptos::prelude::*;
use serde_json::{Map, Value};
use vmdeck_core::edit_vm::EditVmForm;

#[component]
pub fn EditCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, "Edit", move |_| open.set(false), |api, id, changes: Map<String, Value>| async move {
        edit_vm(&api, &id, changes).await
    });
    view! {
        <Card id="card-edit" title="Edit" effect=Effect::MayRestart
            text="Label, hostname, memory, CPUs, primary disk size, note, CPU type and boot device.">
            <OpenButton ctx=ctx op=op open=open id="open-edit" label="Edit…"/>
        </Card>
        <Modal open=open title="Edit this virtual machine" id="edit-dialog">
            <EditForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn EditForm(ctx: VmCtx, op: Op<Map<String, Value>>) -> impl IntoView {
    // The primary disk's size is on the disk list, not on the VM.
    let disks = use_disks(ctx);
    view! {
        {move || match disks.get() {
            None => view! { <div class="skeleton skeleton-row"></div> }.into_any(),
            Some(result) => {
                let primary = result.ok().and_then(|disks| disks.into_iter().find(|d| d.primary).and_then(|d| d.size_gb));
                let original = ctx.vm.with_untracked(|vm| vm.as_ref().map(|vm| EditVmForm::from_vm(vm, primary))).unwrap_or_default();
                view! { <EditFields ctx=ctx op=op original=original/> }.into_any()
            }
        }}
    }
}

#[component]
fn EditFields(ctx: VmCtx, op: Op<Map<String, Value>>, original: EditVmForm) -> impl IntoView {
    let form = RwSignal::new(original.clone());
    let original = StoredValue::new(original);
    let submitted = RwSignal::new(false);
    let errors = Memo::new(move |_| form.with(|f| original.with_value(|o| f.errors(o))));
    let changes = Memo::new(move |_| form.with(|f| original.with_value(|o| f.changes(o).unwrap_or_default())));
    let consequences = Memo::new(move |_| form.with(|f| original.with_value(|o| f.consequences(o))));
    let error = move |field: &'static str| {
        Signal::derive(move || if submitted.get() || form.with(|f| original.with_value(|o| differs(f, o, field))) {
            errors.with(|e| e.get(field).cloned())
        } else {
            None
        })
    };
    let field = move |label: &'static str, key: &'static str, get: fn(&EditVmForm) -> String, set: fn(&mut EditVmForm, String), numeric: bool, hint: &'static str| {
        view! {
            <TextField
                label=label
                id=format!("edit-{}", key.replace('_', "-"))
                value=Signal::derive(move || form.with(get))
                on_input=Callback::new(move |v| form.update(|f| set(f, v)))
                error=error(key)
                numeric=numeric
                hint=hint
            />
        }
    };
    let submit = Callback::new(move |()| {
        submitted.set(true);
        if errors.with_untracked(|e| e.is_empty()) {
            op.run(changes.get_untracked());
        }
    });
    view! {
        <form class="form-compact" on:submit=move |ev| { ev.prevent_default(); submit.run(()); }>
            <div class="grid-2">
                {field("Label", "label", |f| f.label.clone(), |f, v| f.label = v, false, "")}
                {field("Hostname", "hostname", |f| f.hostname.clone(), |f, v| f.hostname = v, false, "Informative only: nothing changes inside the VM.")}
                {field("Memory (MB)", "memory", |f| f.memory.clone(), |f, v| f.memory = v, true, "")}
                {field("CPUs", "cpus", |f| f.cpus.clone(), |f, v| f.cpus = v, true, "")}
                {field("Primary disk (GB)", "primary_disk_size", |f| f.primary_disk_size.clone(), |f, v| f.primary_disk_size = v, true, "Can grow, not shrink.")}
                <Field label="CPU type" for_id="edit-cpu-type" error=error("cpu_type") hint="Needs a reboot to apply.">
                    <select id="edit-cpu-type" aria-describedby=described_by("edit-cpu-type", error("cpu_type"), true) on:change=move |ev| form.update(|f| f.cpu_type = event_target_value(&ev))>
                        {["intel", "amd"].into_iter().map(|t| view! { <option value=t selected=move || form.with(|f| f.cpu_type == t)>{t}</option> }).collect_view()}
                    </select>
                </Field>
                <Field label="Boot from" for_id="edit-boot-type" error=error("boot_type") hint="The CD-ROM needs a mounted ISO.">
                    <select id="edit-boot-type" aria-describedby=described_by("edit-boot-type", error("boot_type"), true) on:change=move |ev| form.update(|f| f.boot_type = event_target_value(&ev))>
                        <option value="default" selected=move || form.with(|f| f.boot_type == "default")>"Disk (default)"</option>
                        <option value="cdrom" selected=move || form.with(|f| f.boot_type == "cdrom")>"CD-ROM"</option>
                    </select>
                </Field>
            </div>
            <Field label="Note" for_id="edit-note">
                <textarea id="edit-note" rows="2" prop:value=move || form.with(|f| f.note.clone()) on:input=move |ev| form.update(|f| f.note = event_target_value(&ev))></textarea>
            </Field>
            {move || {
                let notes = consequences.get();
                (!notes.is_empty()).then(|| view! {
                    <div class="notice notice-warning" id="edit-consequences">
                        <ul>{notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}</ul>
                    </div>
                })
            }}
            <DialogActions ctx=ctx op=op doing="Saving the changes" label="Save changes"
                ready=Signal::derive(move || !changes.with(Map::is_empty) && (!submitted.get() || errors.with(|e| e.is_empty())))
                submit=submit/>
        </form>
    }
}

/// Whether a field was edited: its problems show from the first change.
fn differs(form: &EditVmForm, original: &EditVmForm, field: &str) -> bool {
    let pick = |f: &EditVmForm| match field {
        "label" => f.label.clone(),
        "hostname" => f.hostname.clone(),
        "memory" => f.memory.clone(),
        "cpus" => f.cpus.clone(),
        "primary_disk_size" => f.primary_disk_size.clone(),
        "cpu_type" => f.cpu_type.clone(),
        "boot_type" => f.boot_type.clone(),
        _ => f.note.clone(),
    };
    pick(form) != pick(original)
}
