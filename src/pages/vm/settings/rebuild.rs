//! Rebuild from a template: the disks are zeroed.

use super::{Card, DialogActions, Effect, OpenButton};
use crate::api::vms::rebuild_vm;
use crate::components::{Modal, TypedConfirm};
use crate::deploy::use_deploy;
use crate::pages::vm::{use_op, VmCtx};
use leptos::prelude::*;

#[component]
pub fn RebuildCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let op = use_op(ctx, "Rebuild", move |_| open.set(false), |api, id, (template, start): (String, bool)| async move {
        rebuild_vm(&api, &id, &template, start).await
    });
    view! {
        <Card id="card-rebuild" title="Rebuild from a template" effect=Effect::ErasesData
            text="Installs the operating system again from a template. Every disk is zeroed first: all data on the VM is lost.">
            <OpenButton ctx=ctx op=op open=open id="open-rebuild" label="Rebuild…" danger=true/>
        </Card>
        <Modal open=open title="Rebuild this virtual machine" id="rebuild-dialog">
            <RebuildForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn RebuildForm(ctx: VmCtx, op: crate::pages::vm::Op<(String, bool)>) -> impl IntoView {
    let deploy = use_deploy();
    let current = ctx.vm.with_untracked(|vm| vm.as_ref().and_then(|vm| vm.template_id.clone())).unwrap_or_default();
    let template = RwSignal::new(current);
    let start = RwSignal::new(true);
    let confirmed = RwSignal::new(false);
    let hostname = ctx.vm.with_untracked(|vm| vm.as_ref().and_then(|vm| vm.hostname.clone())).unwrap_or_default();
    let valid = move || vmdeck_core::validate::id(&template.get(), "template").is_ok();
    view! {
        <div class="notice notice-error">
            <p class="notice-title">"All data on this VM's disks will be erased."</p>
            <p>"The disks are zeroed, the operating system installed anew and the network configured again."</p>
        </div>
        <div class="field">
            <label for="rebuild-template">"Template"</label>
            {move || {
                let templates = deploy.with(|d| d.catalogue.templates.clone());
                if templates.is_empty() {
                    view! { <input id="rebuild-template" type="text" inputmode="numeric" prop:value=move || template.get() on:input=move |ev| template.set(event_target_value(&ev))/> }.into_any()
                } else {
                    view! {
                        <select id="rebuild-template" on:change=move |ev| template.set(event_target_value(&ev))>
                            <option value="" selected=move || template.get().is_empty()>"Choose…"</option>
                            {templates.into_iter().map(|t| {
                                let value = t.id.clone();
                                view! { <option value=t.id selected=move || template.get() == value>{t.label}</option> }
                            }).collect_view()}
                        </select>
                    }.into_any()
                }
            }}
        </div>
        <label class="checkbox">
            <input type="checkbox" id="rebuild-start" prop:checked=move || start.get() on:change=move |ev| start.set(event_target_checked(&ev))/>
            "Start the VM when it is built"
        </label>
        <TypedConfirm expected=hostname confirmed=confirmed/>
        <DialogActions ctx=ctx op=op doing="Rebuilding the VM" label="Erase and rebuild" danger=true
            ready=Signal::derive(move || confirmed.get() && valid())
            submit=Callback::new(move |()| op.run((template.get_untracked(), start.get_untracked())))/>
    }
}
