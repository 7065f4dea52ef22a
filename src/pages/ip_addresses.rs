//! Every IP address of the account, with the `ip` filter, and an address
//! added to a network by hand: reserved for the account, on no VM yet.

use crate::api::network::account_ips_with_vms;
use crate::components::{
    ApiRequestView, ChoiceField, Column, DataTable, Empty, EmptyState, Export, ExportButtons,
    FormView, Loaded, SubmitButton, TextField, VmNetworkLink,
};
use crate::hooks::network_name;
use crate::hooks::{
    use_data, use_form_with_options, use_offered_networks, use_url_filters, UseFormOptions,
};
use crate::pages::vm::use_account_op;
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::{export, Operation};
use vmdeck_core::i18n::{common as c, network as n, or_dash, shell as t, DASH};
use vmdeck_core::network::new_address::NetworkAddressForm;
use vmdeck_core::network::IpAddress;
use vmdeck_core::tf;

#[component]
pub fn IpAddressesPage() -> impl IntoView {
    let filters = use_url_filters(&["ip"]);
    let list = use_data(
        move || filters.get("ip"),
        |api, ip| async move { account_ips_with_vms(&api, &ip).await },
    );
    view! {
        <section class="page">
            <header class="page-header">
                <h1>{c::IP_ADDRESSES.get()}</h1>
                <ExportButtons id="ips" name="ip-addresses" export=Callback::new(move |()| list.data.with(|l| l.as_ref().map(|l| Export::of(&export::ips(l), l.iter().map(|ip| &ip.raw)))))/>
            </header>
            <div class="filter-row">
                <label class="filter"><span>{c::ADDRESS.get()}</span>
                    <input type="search" id="ips-filter" size="16" placeholder=t::IPS_FILTER_PLACEHOLDER.get() prop:value=move || filters.get("ip") on:change=move |ev| filters.set("ip", event_target_value(&ev))/></label>
            </div>
            <AddAddress added=Callback::new(move |()| list.refresh())/>
            <Loaded data=list doing=t::IPS_LOADING.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::list(|| view! { <EmptyState title=t::IPS_EMPTY_TITLE.get() text=t::IPS_EMPTY_TEXT.get() id="ips-empty"/> })
                render={|list: Vec<IpAddress>| view! { <IpTable list=list/> }}/>
        </section>
    }
}

#[component]
fn IpTable(list: Vec<IpAddress>) -> impl IntoView {
    let count =
        vmdeck_core::i18n::plural(list.len() as u64, &t::IPS_COUNT_ONE, &t::IPS_COUNT_OTHER);
    let columns = vec![
        Column::text(c::ADDRESS.get()),
        Column::text(t::IPS_COL_NETMASK.get()),
        Column::text(t::IPS_COL_GATEWAY.get()),
        Column::text(c::NETWORK.get()),
        Column::text(c::INTERFACE.get()),
        Column::text(c::VM.get()),
        Column::text(t::IPS_COL_STATE.get()),
    ];
    view! {
        <DataTable id="ips" columns=columns count=count>
            {list.into_iter().map(|ip| {
                let state = match (ip.free, ip.reserved) {
                    (Some(true), Some(true)) => t::IPS_RESERVED_FREE.get(),
                    (Some(true), _) => t::IPS_FREE.get(),
                    (_, Some(true)) => t::IPS_RESERVED_IN_USE.get(),
                    (Some(false), _) => t::IPS_IN_USE.get(),
                    _ => DASH,
                };
                view! {
                    <tr>
                        <td class="mono">{or_dash(ip.address.clone())}</td>
                        <td class="mono small">{or_dash(ip.netmask.clone())}</td>
                        <td class="mono small">{or_dash(ip.gateway.clone())}</td>
                        <td>{let network = ip.network_id.clone(); move || network_name(network.as_deref())}</td>
                        <td>{or_dash(ip.interface_id.clone().map(|i| format!("#{i}")))}</td>
                        <td><VmNetworkLink vm_id=ip.vm_id.clone()/></td>
                        <td>{state}</td>
                    </tr>
                }
            }).collect_view()}
        </DataTable>
    }
}

/// "Add an address to a network": the network chosen among those offered
/// and the address typed, sent by the one write path and recorded in the
/// history (on no VM); `added` hears when the service has it. A refusal
/// lands at the field it names, what was typed kept.
#[component]
fn AddAddress(added: Callback<()>) -> impl IntoView {
    let networks = use_offered_networks();
    let done = RwSignal::new(None::<String>);
    let send = use_account_op(
        Operation::AddNetworkAddress,
        // The history names the write by the address and its network.
        move |(network, address): &(String, String)| {
            let label = networks
                .choices
                .with_untracked(|list| {
                    list.iter().find(|n| n.id == *network).map(|n| n.label.clone())
                })
                .unwrap_or_else(|| network.clone());
            (String::new(), tf!(t::IPS_ADD_NAME, address = address, network = label))
        },
        move |(_, address): &(String, String), _| {
            done.set(Some(address.clone()));
            added.run(());
        },
        |account, (network, address): &(String, String)| {
            request::add_network_address(account, network, address)
        },
    );
    let form = use_form_with_options(
        "add-address",
        NetworkAddressForm::default(),
        UseFormOptions::default().check(NetworkAddressForm::errors).pending(send.pending()),
    );
    let input = Callback::new(move |value: NetworkAddressForm| {
        done.set(None);
        value.input()
    });
    let on_submit = send.sender(form, input);
    let requests = send.preview(form, Callback::new(|value: NetworkAddressForm| value.input()));
    view! {
        <section class="card" id="add-address" aria-labelledby="add-address-title">
            <h2 id="add-address-title">{t::IPS_ADD_TITLE.get()}</h2>
            <p class="muted">{t::IPS_ADD_TEXT.get()}</p>
            <FormView form=form on_submit=on_submit doing=n::NIC_ADDING_ADDRESS.get()>
                <div class="grid-2">
                    <ChoiceField bound=form.text("network_id", |f| &f.network_id, |f| &mut f.network_id) label=c::NETWORK.get() choices=networks.choices reading=networks.reading/>
                    <TextField bound=form.text("address", |f| &f.address, |f| &mut f.address) label=c::ADDRESS.get() hint=t::IPS_ADD_ADDRESS_HINT.get()/>
                </div>
                <ApiRequestView requests=requests id="add-address-request" what=t::IPS_ADD_SENDS.get()/>
                <SubmitButton form=form id="add-address-submit" label=n::NIC_ADD_ADDRESS.get()/>
                {move || done.get().map(|address| view! { <p class="notice notice-success" role="status" id="add-address-done">{tf!(t::IPS_ADD_DONE, address = address)}</p> })}
            </FormView>
        </section>
    }
}
