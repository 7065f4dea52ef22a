//! One virtual machine.

use crate::api::vms::get_vm;
use crate::api::Api;
use crate::components::{Loaded, StatusBadge};
use crate::hooks::use_poll;
use crate::session::use_session;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_params_map;
use vmdeck_core::vm::format_memory;
use vmdeck_core::Vm;

#[component]
pub fn VmDetailPage() -> impl IntoView {
    let session = use_session();
    let params = use_params_map();
    let id = Memo::new(move |_| params.with(|p| p.get("id")).unwrap_or_default());
    let vm = LocalResource::new(move || {
        let id = id.get();
        let api = Api::from_session(session);
        async move { get_vm(&api?, &id).await }
    });

    // A VM that is busy (building, starting…) is looked at again until it is free.
    let busy = Memo::new(move |_| vm.get().is_some_and(|result| result.is_ok_and(|vm| vm.locked)));
    use_poll(busy, 2_000, move || vm.refetch());

    view! {
        <section class="page">
            <p class="breadcrumb"><A href="/vms">"Virtual machines"</A></p>
            <Loaded
                resource=vm
                doing="Loading the virtual machine"
                fallback=|| view! { <div class="skeleton skeleton-title"></div> }
                render=|vm| view! { <VmSummary vm=vm/> }
            />
        </section>
    }
}

#[component]
fn VmSummary(vm: Vm) -> impl IntoView {
    let dash = || "—".to_owned();
    let fields: Vec<(&str, String)> = vec![
        ("Hostname", vm.hostname.clone().unwrap_or_else(dash)),
        ("Memory", vm.memory_mb.map(format_memory).unwrap_or_else(dash)),
        ("CPUs", vm.cpus.map(|c| c.to_string()).unwrap_or_else(dash)),
        ("Operating system", vm.os_name().unwrap_or_else(dash)),
        ("Type", vm.vm_type.as_ref().map(|t| t.label().to_owned()).unwrap_or_else(dash)),
        ("Location", vm.location_id.clone().map(|l| format!("Location {l}")).unwrap_or_else(dash)),
        ("IP addresses", if vm.ip_addresses.is_empty() { dash() } else { vm.ip_addresses.join(", ") }),
        ("Created", vm.created_at.clone().unwrap_or_else(dash)),
        ("Note", vm.note.clone().unwrap_or_else(dash)),
    ];
    view! {
        <header class="page-header vm-header">
            <div>
                <h1 id="vm-title">{vm.display_name()}</h1>
                <p class="muted mono">{vm.id.clone().map(|id| format!("VM {id}")).unwrap_or_default()}</p>
            </div>
            <StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/>
        </header>
        <dl class="fields" id="vm-fields">
            {fields.into_iter().map(|(name, value)| view! { <div class="field-row"><dt>{name}</dt><dd>{value}</dd></div> }).collect_view()}
        </dl>
    }
}
