//! The tab's filters and its cards: an interface each, with its addresses
//! and the buttons that open its dialogs.

use super::{NetworkData, NicDialogs};
use crate::components::{public_options, ActionButton, CopyButton, FilterSelect, RawFields};
use crate::hooks::UrlFilters;
use crate::hooks::{network_name, network_options};
use crate::pages::vm::{busy_reason, VmCtx};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, network as t, or_dash, shell as s};
use vmdeck_core::network::{format_rate_limit, IpAddress};
use vmdeck_core::tf;

#[component]
pub fn InterfaceFilters(filters: UrlFilters) -> impl IntoView {
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>{c::LABEL.get()}</span>
                <input type="search" id="nic-filter-label" prop:value=move || filters.get("interface_label") on:change=move |ev| filters.set("interface_label", event_target_value(&ev))/>
            </label>
            <FilterSelect filters=filters key="network_id" id="nic-filter-network" label=c::NETWORK.get() options=network_options()/>
            <FilterSelect filters=filters key="public" id="nic-filter-public" label=s::NICS_PUBLIC.get() options=public_options()/>
        </div>
    }
}

#[component]
pub fn InterfaceList(ctx: VmCtx, data: NetworkData, dialogs: NicDialogs) -> impl IntoView {
    let blocked = Signal::derive(move || busy_reason(ctx));
    data.interfaces
        .into_iter()
        .map(|nic| {
            let id = nic.id.clone().unwrap_or_default();
            let ips: Vec<IpAddress> = data.ips.iter().filter(|ip| ip.interface_id.as_deref() == Some(id.as_str())).cloned().collect();
            let only_one = ips.len() == 1;
            let policy = or_dash(nic.default_firewall_policy.clone());
            let open = |dialog: RwSignal<bool>| {
                let nic = nic.clone();
                move |_| dialogs.open(dialog, nic.clone())
            };
            view! {
                <article class="card nic" id=format!("nic-{id}")>
                    <header class="card-head">
                        <h2>{nic.name()} {nic.primary.then(|| view! { <span class="badge badge-online">{c::PRIMARY.get()}</span> })}</h2>
                        <span class="muted">{let network = nic.network_id.clone(); move || network_name(network.as_deref())}</span>
                    </header>
                    <dl class="facts">
                        <div><dt>{s::NICS_COL_PORT_SPEED.get()}</dt><dd class="nic-rate">{format_rate_limit(nic.rate_limit)}</dd></div>
                        <div><dt>{c::STATUS.get()}</dt><dd>{or_dash(nic.status.clone())}</dd></div>
                        <div><dt>"MAC"</dt><dd class="mono">{or_dash(nic.mac_address.clone())}
                            {nic.mac_address.clone().map(|mac| view! { " " <CopyButton text=mac what=t::NIC_COPY_MAC.get()/> })}</dd></div>
                        <div><dt>{t::NIC_DEFAULT_POLICY.get()}</dt><dd class="nic-policy">{policy}</dd></div>
                        <div><dt>"VLAN"</dt><dd>{or_dash(nic.vlan.clone())}</dd></div>
                    </dl>
                    <p class="subheading">{c::IP_ADDRESSES.get()}</p>
                    {if ips.is_empty() {
                        view! { <p class="muted small">{t::NIC_NO_ADDRESSES.get()}</p> }.into_any()
                    } else {
                        view! {
                            <ul class="plain-list nic-ips">
                                {ips.into_iter().map(|ip| {
                                    let target = ip.clone();
                                    let nic = nic.clone();
                                    view! {
                                        <li>
                                            <span class="mono">{or_dash(ip.address.clone())}</span>
                                            {ip.address.clone().map(|address| view! { <CopyButton text=address what=t::NIC_COPY_ADDRESS.get()/> })}
                                            <span class="muted small">{ip.netmask.clone().unwrap_or_default()} {ip.gateway.clone().map(|g| format!(" {}", tf!(t::NIC_VIA, gateway = g)))}</span>
                                            <ActionButton class="button button-quiet" blocked=blocked hint=if only_one { t::NIC_ONLY_ADDRESS_HINT.get() } else { "" }
                                                on:click=move |_| {
                                                    dialogs.ip.set(Some(target.clone()));
                                                    dialogs.open(dialogs.remove_ip, nic.clone());
                                                }>{c::REMOVE.get()}</ActionButton>
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                        }.into_any()
                    }}
                    <div class="card-actions">
                        <ActionButton blocked=blocked on:click=open(dialogs.add_ip)>{t::NIC_ADD_IP.get()}</ActionButton>
                        <ActionButton blocked=blocked on:click=open(dialogs.edit)>{c::EDIT.get()}</ActionButton>
                        <ActionButton blocked=blocked on:click=open(dialogs.policy)>{t::NIC_DEFAULT_POLICY.get()}</ActionButton>
                        <ActionButton class="button button-quiet danger-text" blocked=blocked on:click=open(dialogs.delete)>{c::DELETE.get()}</ActionButton>
                    </div>
                    <RawFields map=nic.raw.clone() summary=t::NIC_ALL_FIELDS.get()/>
                </article>
            }
        })
        .collect_view()
}
