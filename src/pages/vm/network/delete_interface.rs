//! Deleting an interface, saying what goes with it: its addresses and its rules.

use super::nic_id;
use crate::api::network::{interface_rules, vm_ips};
use crate::components::{Loaded, Modal};
use crate::hooks::{use_data_with_options, UseDataOptions};
use crate::pages::vm::{use_op, ConfirmDialog, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{messages as m, network as t};
use vmdeck_core::network::{FirewallRule, Interface, IpAddress};
use vmdeck_core::tf;

#[component]
pub fn DeleteInterface(
    ctx: VmCtx,
    open: RwSignal<bool>,
    nic: RwSignal<Option<Interface>>,
) -> impl IntoView {
    let op: Op<String> = use_op(
        ctx,
        Operation::DeleteInterface,
        move |_, _| open.set(false),
        |account, _, nic: &String| request::delete_interface(account, nic),
    );
    view! {
        <Modal open=open title=t::NIC_DELETE_TITLE.get() id="delete-interface-dialog">
            <WhatGoes ctx=ctx nic=nic.with_untracked(nic_id) name=nic.with_untracked(|n| n.as_ref().map(Interface::name)).unwrap_or_default() op=op/>
        </Modal>
    }
}

#[component]
fn WhatGoes(ctx: VmCtx, nic: String, name: String, op: Op<String>) -> impl IntoView {
    let parts = use_data_with_options(
        {
            let nic = nic.clone();
            move || (ctx.id.get_untracked(), nic.clone())
        },
        |api, (vm, nic)| async move {
            let ips = vm_ips(&api, &vm, &[("interface_id", nic.clone())]).await?;
            let rules = interface_rules(&api, &nic, &[]).await?;
            Ok((ips, rules))
        },
        UseDataOptions::default().once(),
    );
    view! {
        <ConfirmDialog op=op input=Callback::new(move |()| nic.clone()) label=m::ACTION_DELETE_INTERFACE.get() doing=t::NIC_DELETING.get() danger=true>
            <p>{tf!(t::NIC_DELETED_WITH, name = name)}</p>
            <Loaded data=parts doing=t::NIC_LISTING_PARTS.get() render=|(ips, rules): (Vec<IpAddress>, Vec<FirewallRule>)| view! {
                <ul id="delete-interface-parts">
                    <li>{if ips.is_empty() { t::NIC_NO_ADDRESSES_LEFT.get().to_owned() } else { tf!(t::NIC_ITS_ADDRESSES, list = ips.iter().filter_map(|i| i.address.clone()).collect::<Vec<_>>().join(", ")) }}</li>
                    <li>{match rules.len() { 0 => t::NIC_NO_RULES.get().to_owned(), n => vmdeck_core::i18n::plural(n as u64, &t::NIC_RULES_ONE, &t::NIC_RULES_OTHER) }}</li>
                </ul>
            }/>
        </ConfirmDialog>
    }
}
