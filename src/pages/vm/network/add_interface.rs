//! Adding an interface.

use super::interface_fields::InterfaceFields;
use crate::components::Modal;
use crate::pages::vm::{use_op, VmCtx};
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::network as t;
use vmdeck_core::network::form::InterfaceForm;

#[component]
pub fn AddInterface(ctx: VmCtx, open: RwSignal<bool>) -> impl IntoView {
    let op = use_op(
        ctx,
        Operation::AddInterface,
        move |_, _| open.set(false),
        |account, id, body: &Value| request::add_interface(account, id, body.clone()),
    );
    view! {
        <Modal open=open title=t::NIC_ADD_TITLE.get() id="add-interface-dialog">
            <InterfaceFields original=InterfaceForm::default() adding=true op=op
                make=Callback::new(|(form, _): (InterfaceForm, InterfaceForm)| form.add_body().ok())/>
        </Modal>
    }
}
