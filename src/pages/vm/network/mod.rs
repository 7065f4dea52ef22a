//! The VM's network interfaces and their IP addresses: add, edit, default
//! policy, delete; addresses added (new or reserved) and removed. A file per
//! dialog, each opened by its own flag.

mod add_interface;
mod add_ip;
mod delete_interface;
mod edit_interface;
mod interface_fields;
mod list;
mod policy;
mod remove_ip;

use super::{busy_reason, use_tab_data, use_vm};
use crate::api::network::{vm_interfaces, vm_ips};
use crate::api::Api;
use crate::components::{ActionButton, Empty, EmptyState, Loaded};
use crate::hooks::use_url_filters;
use leptos::prelude::*;
use vmdeck_core::i18n::{messages as m, network as t, shell as s};
use vmdeck_core::network::{Interface, IpAddress};

const FILTERS: &[&str] = &["interface_label", "network_id", "public"];

/// The interfaces with their addresses, read together.
#[derive(Clone, PartialEq)]
struct NetworkData {
    interfaces: Vec<Interface>,
    ips: Vec<IpAddress>,
}

/// What the dialogs of an interface are about, and whether each is open.
#[derive(Clone, Copy)]
struct NicDialogs {
    /// The interface of the dialog opened last.
    nic: RwSignal<Option<Interface>>,
    /// The address the remove dialog is about.
    ip: RwSignal<Option<IpAddress>>,
    edit: RwSignal<bool>,
    policy: RwSignal<bool>,
    delete: RwSignal<bool>,
    add_ip: RwSignal<bool>,
    remove_ip: RwSignal<bool>,
}

impl NicDialogs {
    fn new() -> Self {
        let closed = || RwSignal::new(false);
        Self {
            nic: RwSignal::new(None),
            ip: RwSignal::new(None),
            edit: closed(),
            policy: closed(),
            delete: closed(),
            add_ip: closed(),
            remove_ip: closed(),
        }
    }

    /// Opens `dialog` about `nic` (its content reads `nic` as it opens).
    fn open(self, dialog: RwSignal<bool>, nic: Interface) {
        self.nic.set(Some(nic));
        dialog.set(true);
    }
}

/// An interface's id, or nothing before one is chosen.
fn nic_id(nic: &Option<Interface>) -> String {
    nic.as_ref().and_then(|n| n.id.clone()).unwrap_or_default()
}

#[component]
pub fn NetworkTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let filters = use_url_filters(FILTERS);
    let data = use_tab_data(ctx, move |api: Api, id: String| {
        let query = filters.pairs(FILTERS);
        async move {
            let interfaces = vm_interfaces(&api, &id, &query).await?;
            let ips = vm_ips(&api, &id, &[]).await?;
            Ok(NetworkData { interfaces, ips })
        }
    });
    let dialogs = NicDialogs::new();
    let add_open = RwSignal::new(false);
    let add_blocked = Signal::derive(move || busy_reason(ctx));
    view! {
        <div class="tab-toolbar">
            <list::InterfaceFilters filters=filters/>
            <ActionButton class="button button-primary" id="open-add-interface" blocked=add_blocked
                on:click=move |_| add_open.set(true)>{m::ACTION_ADD_INTERFACE.get()}</ActionButton>
        </div>
        <Loaded data=data doing=s::NICS_LOADING.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::when(|data: &NetworkData| data.interfaces.is_empty(), move || {
                let text = if filters.pairs(FILTERS).is_empty() { t::NIC_NONE.get() } else { t::NIC_NONE_MATCH.get() };
                view! { <EmptyState title=s::NICS_EMPTY_TITLE.get() text=text id="nic-empty"/> }
            })
            render={move |data: NetworkData| view! { <list::InterfaceList ctx=ctx data=data dialogs=dialogs/> }}/>
        <add_interface::AddInterface ctx=ctx open=add_open/>
        <edit_interface::EditInterface ctx=ctx open=dialogs.edit nic=dialogs.nic/>
        <policy::PolicyDialog ctx=ctx open=dialogs.policy nic=dialogs.nic/>
        <delete_interface::DeleteInterface ctx=ctx open=dialogs.delete nic=dialogs.nic/>
        <add_ip::AddIp ctx=ctx open=dialogs.add_ip nic=dialogs.nic/>
        <remove_ip::RemoveIp ctx=ctx open=dialogs.remove_ip nic=dialogs.nic ip=dialogs.ip/>
    }
    .into_any()
}
