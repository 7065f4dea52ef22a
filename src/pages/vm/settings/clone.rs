//! Clone: a new VM from this one, with its sizes, disks and owner chosen.

use super::{Card, DialogActions, Effect, OpenButton};
use crate::api::vms::clone_vm;
use crate::components::{Field, Modal, TextField};
use crate::deploy::use_deploy;
use crate::pages::vm::{use_disks, use_op, Op, VmCtx};
use leptos::prelude::*;
use leptos_router::components::A;
use serde_json::Value;
use vmdeck_core::clone_vm::{CloneDisk, CloneVmForm};
use vmdeck_core::create_vm::SecondaryDisk;

#[component]
pub fn CloneCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let created = RwSignal::new(None::<(String, String)>);
    let op = use_op(ctx, "Clone", move |_| open.set(false), move |api, id, body: Value| async move {
        let (outcome, clone) = clone_vm(&api, &id, body).await?;
        created.set(clone.and_then(|vm| Some((vm.id.clone()?, vm.display_name()))));
        Ok(outcome)
    });
    view! {
        <Card id="card-clone" title="Clone" effect=Effect::MayRestart
            text="Makes a new VM with a copy of this one's disks. This VM is busy while it is copied.">
            <OpenButton ctx=ctx op=op open=open id="open-clone" label="Clone…"/>
            {move || created.get().map(|(id, name)| view! {
                <p class="card-note" id="clone-created">"Clone started: " <A href=format!("/vms/{id}")>{name}</A></p>
            })}
        </Card>
        <Modal open=open title="Clone this virtual machine" id="clone-dialog">
            <CloneForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn CloneForm(ctx: VmCtx, op: Op<Value>) -> impl IntoView {
    let disks = use_disks(ctx);
    view! {
        {move || disks.get().map(|result| {
            let (disks, note) = match result {
                Ok(disks) => (disks, None),
                Err(e) => (Vec::new(), Some(format!("The disks could not be read ({e}); the copy keeps their sizes."))),
            };
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
            view! {
                {note.map(|n| view! { <p class="hint">{n}</p> })}
                <CloneFields ctx=ctx op=op initial=form/>
            }
        })}
    }
}

#[component]
fn CloneFields(ctx: VmCtx, op: Op<Value>, initial: CloneVmForm) -> impl IntoView {
    let deploy = use_deploy();
    let form = RwSignal::new(initial);
    let submitted = RwSignal::new(false);
    let touched = RwSignal::new(std::collections::BTreeSet::<String>::new());
    let errors = Memo::new(move |_| form.with(CloneVmForm::errors));
    let error = move |key: String| {
        Signal::derive(move || {
            (submitted.get() || touched.with(|t| t.contains(&key))).then(|| errors.with(|e| e.get(&key).cloned())).flatten()
        })
    };
    let edit = move |key: String, change: Box<dyn FnOnce(&mut CloneVmForm)>| {
        form.update(|f| change(f));
        touched.update(|t| {
            t.insert(key);
        });
    };
    let text = move |label: &'static str, key: &'static str, get: fn(&CloneVmForm) -> String, set: fn(&mut CloneVmForm, String), hint: &'static str| {
        view! {
            <TextField
                label=label
                id=format!("clone-{}", key.replace('_', "-"))
                value=Signal::derive(move || form.with(get))
                on_input=Callback::new(move |v| edit(key.to_owned(), Box::new(move |f| set(f, v))))
                error=error(key.to_owned())
                hint=hint
            />
        }
    };
    let stores = move || deploy.with(|d| d.catalogue.data_store_groups.clone());
    let store_select = move |id: String, get: Box<dyn Fn() -> String + Send + Sync>, set: Callback<String>| {
        let get = std::sync::Arc::new(get);
        view! {
            <select id=id on:change=move |ev| set.run(event_target_value(&ev))>
                <option value="" selected={ let get = get.clone(); move || get().is_empty() }>"Provider's default"</option>
                {stores().into_iter().map(|c| {
                    let (value, get) = (c.id.clone(), get.clone());
                    view! { <option value=c.id selected=move || get() == value>{c.label}</option> }
                }).collect_view()}
            </select>
        }
    };
    let submit = Callback::new(move |()| {
        submitted.set(true);
        if let Ok(body) = form.with_untracked(CloneVmForm::body) {
            op.run(body);
        }
    });
    let disk_count = form.with_untracked(|f| f.disks.len());
    view! {
        <form class="form-compact" on:submit=move |ev| { ev.prevent_default(); submit.run(()); }>
            <div class="grid-2">
                {text("Hostname", "hostname", |f| f.hostname.clone(), |f, v| f.hostname = v, "Of the new VM.")}
                {text("Label", "label", |f| f.label.clone(), |f, v| f.label = v, "")}
                {text("Memory (MB)", "memory", |f| f.memory.clone(), |f, v| f.memory = v, "Empty: as this VM.")}
                {text("CPUs", "cpus", |f| f.cpus.clone(), |f, v| f.cpus = v, "Empty: as this VM.")}
                <Field label="CPU type" for_id="clone-cpu-type">
                    <select id="clone-cpu-type" on:change=move |ev| form.update(|f| f.cpu_type = event_target_value(&ev))>
                        <option value="">"As this VM"</option>
                        <option value="intel">"Intel"</option>
                        <option value="amd">"AMD"</option>
                    </select>
                </Field>
                {text("Owner (user id)", "clone_user_id", |f| f.clone_user_id.clone(), |f, v| f.clone_user_id = v, "Empty: you.")}
            </div>
            <p class="subheading">"Copies of this VM's disks"</p>
            {(0..disk_count).map(|i| {
                let name = form.with_untracked(|f| f.disks.get(i).map(|d| d.name.clone()).unwrap_or_default());
                let size_key = format!("clone_disk_size.{i}");
                view! {
                    <div class="disk-row">
                        <TextField
                            label=format!("{name} (GB)")
                            id=format!("clone-disk-size-{i}")
                            value=Signal::derive(move || form.with(|f| f.disks.get(i).map(|d| d.size.clone()).unwrap_or_default()))
                            on_input=Callback::new(move |v: String| edit(format!("clone_disk_size.{i}"), Box::new(move |f| if let Some(d) = f.disks.get_mut(i) { d.size = v })))
                            error=error(size_key)
                            numeric=true
                        />
                        <Field label="Data store" for_id=format!("clone-disk-group-{i}")>
                            {store_select(
                                format!("clone-disk-group-{i}"),
                                Box::new(move || form.with(|f| f.disks.get(i).map(|d| d.data_store_group_id.clone()).unwrap_or_default())),
                                Callback::new(move |v: String| form.update(|f| if let Some(d) = f.disks.get_mut(i) { d.data_store_group_id = v })),
                            )}
                        </Field>
                    </div>
                }
            }).collect_view()}
            <p class="subheading">"New secondary disks"</p>
            <For each=move || 0..form.with(|f| f.secondary_disks.len()) key=|i| *i let:i>
                <div class="disk-row">
                    <TextField
                        label=format!("New disk {} (GB)", i + 1)
                        id=format!("clone-secondary-size-{i}")
                        value=Signal::derive(move || form.with(|f| f.secondary_disks.get(i).map(|d| d.size.clone()).unwrap_or_default()))
                        on_input=Callback::new(move |v: String| edit(format!("secondary_disk_size.{i}"), Box::new(move |f| if let Some(d) = f.secondary_disks.get_mut(i) { d.size = v })))
                        error=error(format!("secondary_disk_size.{i}"))
                        numeric=true
                    />
                    <Field label="Data store" for_id=format!("clone-secondary-group-{i}")>
                        {store_select(
                            format!("clone-secondary-group-{i}"),
                            Box::new(move || form.with(|f| f.secondary_disks.get(i).map(|d| d.data_store_group_id.clone()).unwrap_or_default())),
                            Callback::new(move |v: String| form.update(|f| if let Some(d) = f.secondary_disks.get_mut(i) { d.data_store_group_id = v })),
                        )}
                    </Field>
                    <button type="button" class="button button-quiet remove-disk" on:click=move |_| form.update(|f| if i < f.secondary_disks.len() { f.secondary_disks.remove(i); })>"Remove"</button>
                </div>
            </For>
            <button type="button" class="button" id="clone-add-disk" on:click=move |_| form.update(|f| f.secondary_disks.push(SecondaryDisk { size: "10".into(), data_store_group_id: String::new() }))>"Add a disk"</button>
            <label class="checkbox">
                <input type="checkbox" id="clone-start" prop:checked=move || form.with(|f| f.required_startup) on:change=move |ev| form.update(|f| f.required_startup = event_target_checked(&ev))/>
                "Start the clone when it is ready"
            </label>
            <DialogActions ctx=ctx op=op doing="Cloning the VM" label="Clone"
                ready=Signal::derive(move || !submitted.get() || errors.with(|e| e.is_empty()))
                submit=submit/>
        </form>
    }
}
