//! Every IP address of the account, with the `ip` filter.

use crate::api::network::account_ips_with_vms;
use crate::components::{
    Column, DataTable, Empty, EmptyState, Export, ExportButtons, Loaded, VmNetworkLink,
};
use crate::deploy::network_name;
use crate::hooks::{use_data, use_url_filters};
use leptos::prelude::*;
use vmdeck_core::history::export;
use vmdeck_core::i18n::{common as c, or_dash, shell as t, DASH};
use vmdeck_core::network::IpAddress;

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
                        <td>{network_name(ip.network_id.as_deref())}</td>
                        <td>{or_dash(ip.interface_id.clone().map(|i| format!("#{i}")))}</td>
                        <td><VmNetworkLink vm_id=ip.vm_id.clone()/></td>
                        <td>{state}</td>
                    </tr>
                }
            }).collect_view()}
        </DataTable>
    }
}
