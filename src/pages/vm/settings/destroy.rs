//! Destroy: what goes with the VM, and the typed hostname.

use super::{Card, DialogActions, Effect, OpenButton};
use crate::api::vms::destroy_vm;
use crate::components::{Modal, TypedConfirm};
use crate::pages::vm::{use_op, VmCtx};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

#[component]
pub fn DestroyCard(ctx: VmCtx) -> impl IntoView {
    let open = RwSignal::new(false);
    let navigate = StoredValue::new_local(use_navigate());
    // Once the service has accepted it, the VM is on its way out: back to the list.
    let op = use_op(
        ctx,
        "Destroy",
        move |_| {
            open.set(false);
            navigate.with_value(|nav| nav("/vms", Default::default()));
        },
        |api, id, ()| async move { destroy_vm(&api, &id).await },
    );
    view! {
        <Card id="card-destroy" title="Destroy" effect=Effect::ErasesData
            text="Removes the VM for good, with its disks, network interfaces, IP addresses and backups.">
            <OpenButton ctx=ctx op=op open=open id="open-destroy" label="Destroy…" danger=true/>
        </Card>
        <Modal open=open title="Destroy this virtual machine" id="destroy-dialog">
            <DestroyForm ctx=ctx op=op/>
        </Modal>
    }
}

#[component]
fn DestroyForm(ctx: VmCtx, op: crate::pages::vm::Op<()>) -> impl IntoView {
    let confirmed = RwSignal::new(false);
    let (hostname, addresses) = ctx.vm.with_untracked(|vm| {
        vm.as_ref().map(|vm| (vm.hostname.clone().unwrap_or_default(), vm.ip_addresses.clone())).unwrap_or_default()
    });
    view! {
        <div class="notice notice-error">
            <p class="notice-title">"This cannot be undone. With the VM go:"</p>
            <ul id="destroy-list">
                <li>"all its disks and the data on them"</li>
                <li>"its network interfaces and their firewall rules"</li>
                <li>{if addresses.is_empty() { "its IP addresses".to_owned() } else { format!("its IP addresses ({})", addresses.join(", ")) }}</li>
                <li>"its backups"</li>
            </ul>
        </div>
        <TypedConfirm expected=hostname confirmed=confirmed/>
        <DialogActions ctx=ctx op=op doing="Destroying the VM" label="Destroy for good" danger=true
            ready=confirmed submit=Callback::new(move |()| op.run(()))/>
    }
}
