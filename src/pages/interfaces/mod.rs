//! Every network interface of the account, with the spec's filters; the
//! interfaces chosen here take a firewall rule set at once (`apply_set`).

mod apply_set;

use crate::api::network::account_interfaces;
use crate::components::{
    public_options, Column, DataTable, Empty, EmptyState, Export, ExportButtons, FilterSelect,
    Loaded, VmNetworkLink,
};
use crate::hooks::{network_name, network_options};
use crate::hooks::{use_data, use_url_filters};
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::history::export;
use vmdeck_core::i18n::{common as c, or_dash, shell as t};
use vmdeck_core::network::{format_rate_limit, Interface};

const FILTERS: &[&str] = &["virtual_machine_id", "network_id", "public", "interface_label"];

#[component]
pub fn InterfacesPage() -> impl IntoView {
    let filters = use_url_filters(FILTERS);
    let list = use_data(
        move || filters.pairs(FILTERS),
        |api, query| async move { account_interfaces(&api, &query).await },
    );
    // The interfaces chosen, by id: those the filters no longer show are let go.
    let picked = RwSignal::new(BTreeSet::<String>::new());
    let chosen = Memo::new(move |_| {
        picked.with(|ids| {
            list.data.with(|l| {
                l.iter()
                    .flatten()
                    .filter(|n| n.id.as_ref().is_some_and(|id| ids.contains(id)))
                    .cloned()
                    .collect::<Vec<_>>()
            })
        })
    });
    let set_open = RwSignal::new(false);
    view! {
        <section class="page">
            <header class="page-header">
                <h1>{c::NETWORK_INTERFACES.get()}</h1>
                <ExportButtons id="nics" name="network-interfaces" export=Callback::new(move |()| list.data.with(|l| l.as_ref().map(|l| Export::of(&export::interfaces(l), l.iter().map(|nic| &nic.raw)))))/>
            </header>
            <div class="filter-row">
                <label class="filter"><span>{t::FILTER_VM_ID.get()}</span>
                    <input type="search" id="nics-filter-vm" inputmode="numeric" size="8" prop:value=move || filters.get("virtual_machine_id") on:change=move |ev| filters.set("virtual_machine_id", event_target_value(&ev))/></label>
                <label class="filter"><span>{c::LABEL.get()}</span>
                    <input type="search" id="nics-filter-label" size="12" prop:value=move || filters.get("interface_label") on:change=move |ev| filters.set("interface_label", event_target_value(&ev))/></label>
                <FilterSelect filters=filters key="network_id" id="nics-filter-network" label=c::NETWORK.get() options=network_options()/>
                <FilterSelect filters=filters key="public" id="nics-filter-public" label=t::NICS_PUBLIC.get() options=public_options()/>
            </div>
            <Loaded data=list doing=t::NICS_LOADING.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::list(|| view! { <EmptyState title=t::NICS_EMPTY_TITLE.get() text=t::NICS_EMPTY_TEXT.get() id="nics-empty"/> })
                render={move |list: Vec<Interface>| view! {
                    <div class="table-actions">
                        <button type="button" class="button" id="nics-apply-set" disabled=move || chosen.with(Vec::is_empty) on:click=move |_| set_open.set(true)>
                            {move || vmdeck_core::tf!(t::NICS_APPLY_SET, count = vmdeck_core::i18n::integer(chosen.with(Vec::len) as i64))}
                        </button>
                    </div>
                    <InterfaceTable list=list picked=picked/>
                }}/>
            <apply_set::ApplySetDialog open=set_open chosen=chosen sent_all=Callback::new(move |()| list.refresh())/>
        </section>
    }
}

#[component]
fn InterfaceTable(list: Vec<Interface>, picked: RwSignal<BTreeSet<String>>) -> impl IntoView {
    let count =
        vmdeck_core::i18n::plural(list.len() as u64, &t::NICS_COUNT_ONE, &t::NICS_COUNT_OTHER);
    let columns = vec![
        Column::text(t::NICS_COL_CHOOSE.get()),
        Column::text(c::INTERFACE.get()),
        Column::text(c::VM.get()),
        Column::text(c::NETWORK.get()),
        Column::text(t::NICS_COL_PORT_SPEED.get()),
        Column::text(t::NICS_COL_POLICY.get()),
        Column::text("MAC"),
        Column::text(c::STATUS.get()),
    ];
    view! {
        <DataTable id="nics" columns=columns count=count>
            {list.into_iter().map(|nic| {
                let id = nic.id.clone().unwrap_or_default();
                let toggle = id.clone();
                let checked = id.clone();
                let label = vmdeck_core::tf!(t::NICS_CHOOSE_ONE, interface = nic.name(), vm = nic.vm_id.clone().unwrap_or_default());
                view! {
                <tr>
                    <td><input type="checkbox" id=format!("nic-pick-{id}") aria-label=label disabled=id.is_empty()
                        prop:checked=move || picked.with(|p| p.contains(&checked))
                        on:change=move |ev| { let on = event_target_checked(&ev); picked.update(|p| { if on { p.insert(toggle.clone()); } else { p.remove(&toggle); } }) }/></td>
                    <td>{nic.name()} {nic.primary.then(|| view! { " " <span class="badge badge-online">{vmdeck_core::i18n::common::PRIMARY.get()}</span> })}</td>
                    <td><VmNetworkLink vm_id=nic.vm_id.clone()/></td>
                    <td>{let network = nic.network_id.clone(); move || network_name(network.as_deref())}</td>
                    <td>{format_rate_limit(nic.rate_limit)}</td>
                    <td>{or_dash(nic.default_firewall_policy.clone())}</td>
                    <td class="mono small">{or_dash(nic.mac_address.clone())}</td>
                    <td>{or_dash(nic.status.clone())}</td>
                </tr>
            }}).collect_view()}
        </DataTable>
    }
}
