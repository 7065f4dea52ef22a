//! Removing an address from an interface; the last one takes the interface
//! with it, which the dialog says first.

use super::nic_id;
use crate::api::network::vm_ips;
use crate::components::Modal;
use crate::hooks::{use_data_with_options, UseDataOptions};
use crate::pages::vm::{use_op, ConfirmDialog, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::network as t;
use vmdeck_core::network::{Interface, IpAddress};
use vmdeck_core::tf;

#[component]
pub fn RemoveIp(
    ctx: VmCtx,
    open: RwSignal<bool>,
    nic: RwSignal<Option<Interface>>,
    ip: RwSignal<Option<IpAddress>>,
) -> impl IntoView {
    let op: Op<(String, String)> = use_op(
        ctx,
        Operation::RemoveIpAddress,
        move |_, _| open.set(false),
        |account, _, (nic, ip): &(String, String)| request::remove_ip(account, nic, ip),
    );
    view! {
        <Modal open=open title=t::NIC_REMOVE_IP_TITLE.get() id="remove-ip-dialog">
            {ip.get_untracked().map(|ip| {
                let address = ip.address.clone().unwrap_or_else(|| t::NIC_THIS_ADDRESS.get().to_owned());
                let ip_id = ip.id.clone().unwrap_or_default();
                let nic_id = nic.with_untracked(nic_id);
                let name = nic.with_untracked(|n| n.as_ref().map(Interface::name)).unwrap_or_default();
                let target = nic_id.clone();
                view! {
                    <ConfirmDialog op=op input=Callback::new(move |()| (target.clone(), ip_id.clone())) label=t::NIC_REMOVE_ADDRESS.get() doing=t::NIC_REMOVING_ADDRESS.get() danger=true>
                        <p>{tf!(t::NIC_REMOVED_FROM, address = address, interface = name)}</p>
                        <LastAddressWarning ctx=ctx nic=nic_id/>
                    </ConfirmDialog>
                }
            })}
        </Modal>
    }
}

/// Warns when the address is its interface's last: the interface goes too.
#[component]
fn LastAddressWarning(ctx: VmCtx, nic: String) -> impl IntoView {
    let count = use_data_with_options(
        move || (ctx.id.get_untracked(), nic.clone()),
        |api, (vm, nic)| async move {
            vm_ips(&api, &vm, &[("interface_id", nic)]).await.map(|ips| ips.len())
        },
        UseDataOptions::default().once(),
    );
    move || {
        (count.data.get() == Some(1)).then(|| {
            view! {
                <div class="notice notice-warning" id="last-ip-warning">
                    <p class="notice-title">{t::NIC_LAST_IP_TITLE.get()}</p>
                    <p>{t::NIC_LAST_IP_TEXT.get()}</p>
                </div>
            }
        })
    }
}
