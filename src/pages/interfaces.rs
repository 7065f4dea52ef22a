//! Every network interface of the account, with the spec's filters.

use crate::api::network::account_interfaces;
use crate::components::{EmptyState, Export, ExportButtons, Loaded};
use crate::deploy::use_deploy;
use crate::hooks::{use_data, use_url_filters};
use crate::pages::vm::network::network_name;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::export;
use vmdeck_core::network::{format_rate_limit, Interface};

const FILTERS: &[&str] = &["virtual_machine_id", "network_id", "public", "interface_label"];

#[component]
pub fn InterfacesPage() -> impl IntoView {
    let deploy = use_deploy();
    let filters = use_url_filters(FILTERS);
    let list = use_data(move || filters.pairs(FILTERS), |api, query| async move { account_interfaces(&api, &query).await });
    view! {
        <section class="page">
            <header class="page-header">
                <h1>"Network interfaces"</h1>
                <ExportButtons id="nics" name="network-interfaces" export=Callback::new(move |()| list.data.with(|l| l.as_ref().map(|l| Export::of(&export::interfaces(l), l.iter().map(|nic| &nic.raw)))))/>
            </header>
            <div class="filter-row">
                <label class="filter"><span>"VM id"</span>
                    <input type="search" id="nics-filter-vm" inputmode="numeric" size="8" prop:value=move || filters.get("virtual_machine_id") on:change=move |ev| filters.set("virtual_machine_id", event_target_value(&ev))/></label>
                <label class="filter"><span>"Label"</span>
                    <input type="search" id="nics-filter-label" size="12" prop:value=move || filters.get("interface_label") on:change=move |ev| filters.set("interface_label", event_target_value(&ev))/></label>
                <label class="filter"><span>"Network"</span>
                    <select id="nics-filter-network" on:change=move |ev| filters.set("network_id", event_target_value(&ev))>
                        <option value="" selected=move || filters.get("network_id").is_empty()>"any"</option>
                        {move || deploy.with(|d| d.catalogue.networks.clone()).into_iter().map(|n| {
                            let id = n.id.clone();
                            view! { <option value=n.id selected=move || filters.get("network_id") == id>{n.label}</option> }
                        }).collect_view()}
                    </select></label>
                <label class="filter"><span>"Public"</span>
                    <select id="nics-filter-public" on:change=move |ev| filters.set("public", event_target_value(&ev))>
                        <option value="" selected=move || filters.get("public").is_empty()>"any"</option>
                        <option value="1" selected=move || filters.get("public") == "1">"public"</option>
                        <option value="0" selected=move || filters.get("public") == "0">"private"</option>
                    </select></label>
            </div>
            <Loaded data=list doing="Loading the network interfaces" fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                render={|list: Vec<Interface>| view! { <InterfaceTable list=list/> }}/>
        </section>
    }
}

#[component]
fn InterfaceTable(list: Vec<Interface>) -> impl IntoView {
    if list.is_empty() {
        return view! { <EmptyState title="No interfaces" text="No interface matches." id="nics-empty"/> }.into_any();
    }
    let dash = || "—".to_owned();
    let count = list.len();
    view! {
        <p class="muted small" id="nics-count">{format!("{count} interfaces")}</p>
        <div class="table-wrap">
            <table class="table" id="nics-table">
                <thead><tr>
                    <th scope="col">"Interface"</th><th scope="col">"VM"</th><th scope="col">"Network"</th><th scope="col">"Port speed"</th>
                    <th scope="col">"Policy"</th><th scope="col">"MAC"</th><th scope="col">"Status"</th>
                </tr></thead>
                <tbody>
                    {list.into_iter().map(|nic| {
                        let vm = nic.vm_id.clone();
                        view! {
                            <tr>
                                <td>{nic.name()} {nic.primary.then(|| view! { " " <span class="badge badge-online">"primary"</span> })}</td>
                                <td>{match vm {
                                    Some(vm) => view! { <A href=format!("/vms/{vm}/network")>{format!("VM {vm}")}</A> }.into_any(),
                                    None => view! { <span>"—"</span> }.into_any(),
                                }}</td>
                                <td>{network_name(nic.network_id.as_deref())}</td>
                                <td>{format_rate_limit(nic.rate_limit)}</td>
                                <td>{nic.default_firewall_policy.clone().unwrap_or_else(dash)}</td>
                                <td class="mono small">{nic.mac_address.clone().unwrap_or_else(dash)}</td>
                                <td>{nic.status.clone().unwrap_or_else(dash)}</td>
                            </tr>
                        }
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
    .into_any()
}
