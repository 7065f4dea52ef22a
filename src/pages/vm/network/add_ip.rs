//! Adding an address to an interface: a new one, or one of the account's
//! reserved addresses that are free.

use crate::api::network::account_ips;
use crate::components::{ApiRequestView, FormView, Modal, SelectField, SubmitButton};
use crate::hooks::{use_data_with_options, use_form_with_options, UseDataOptions, UseFormOptions};
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, network as t, vm};
use vmdeck_core::network::form::AddIpForm;
use vmdeck_core::network::Interface;
use vmdeck_core::tf;

#[component]
pub fn AddIp(ctx: VmCtx, open: RwSignal<bool>, nic: RwSignal<Option<Interface>>) -> impl IntoView {
    let op: Op<(String, Option<String>)> = use_op(
        ctx,
        Operation::AddIpAddress,
        move |_, _| open.set(false),
        |account, _, (nic, reserved): &(String, Option<String>)| {
            request::add_ip(account, nic, reserved.as_deref())
        },
    );
    view! {
        <Modal open=open title=t::NIC_ADD_IP_TITLE.get() id="add-ip-dialog">
            <AddressChoice nic=nic.get_untracked() op=op/>
        </Modal>
    }
}

#[component]
fn AddressChoice(nic: Option<Interface>, op: Op<(String, Option<String>)>) -> impl IntoView {
    let nic_id = nic.as_ref().and_then(|n| n.id.clone()).unwrap_or_default();
    let network = nic.as_ref().and_then(|n| n.network_id.clone());
    let form = use_form_with_options(
        "ip",
        AddIpForm::default(),
        UseFormOptions::default().check(AddIpForm::errors).pending(op.pending()),
    );
    // The account's reserved addresses that are free, on the interface's network.
    let free = use_data_with_options(
        move || network.clone(),
        |api, network| async move {
            let all = account_ips(&api, "").await?;
            Ok(all
                .into_iter()
                .filter(|ip| ip.free == Some(true) && ip.reserved != Some(false))
                .filter(|ip| {
                    network.is_none() || ip.network_id.is_none() || ip.network_id == network
                })
                .collect::<Vec<_>>())
        },
        UseDataOptions::default().once(),
    );
    let options = Signal::derive(move || {
        free.data
            .get()
            .unwrap_or_default()
            .into_iter()
            .map(|ip| {
                (
                    ip.id.clone().unwrap_or_default(),
                    tf!(t::NIC_RESERVED, address = ip.address.clone().unwrap_or_default()),
                )
            })
            .collect::<Vec<_>>()
    });
    let input = Callback::new(move |f: AddIpForm| (nic_id.clone(), f.reserved()));
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::NIC_ADDING_ADDRESS.get()>
            <p>{t::NIC_ADD_IP_TEXT.get()}</p>
            <SelectField bound=form.text("ip_address_id", |f| &f.ip_address_id, |f| &mut f.ip_address_id) label=c::ADDRESS.get() options=options empty=t::NIC_NEW_ADDRESS.get()/>
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=vm::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="confirm-action" label=t::NIC_ADD_ADDRESS.get()/>
            </div>
        </FormView>
    }
}
