//! Editing an interface: only what changed is sent.

use super::interface_fields::InterfaceFields;
use super::nic_id;
use crate::components::Modal;
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use serde_json::{Map, Value};
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::network as t;
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::network::Interface;

#[component]
pub fn EditInterface(
    ctx: VmCtx,
    open: RwSignal<bool>,
    nic: RwSignal<Option<Interface>>,
) -> impl IntoView {
    let op: Op<(String, Map<String, Value>)> = use_op(
        ctx,
        Operation::EditInterface,
        move |_, _| open.set(false),
        |account, _, (nic, changes): &(String, Map<String, Value>)| {
            request::edit_interface(account, nic, changes.clone())
        },
    );
    view! {
        <Modal open=open title=t::NIC_EDIT_TITLE.get() id="edit-interface-dialog">
            {nic.with_untracked(|n| n.as_ref().map(InterfaceForm::from_interface)).map(|original| {
                let id = nic.with_untracked(nic_id);
                view! {
                    <InterfaceFields original=original adding=false op=op
                        make=Callback::new(move |(form, original): (InterfaceForm, InterfaceForm)| form.edit_body(&original).ok().map(|changes| (id.clone(), changes)))/>
                }
            })}
        </Modal>
    }
}
