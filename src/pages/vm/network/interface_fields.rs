//! The fields of an interface, which adding one and editing one share.

use crate::components::{fixed_options, CheckField, ChoiceField, FormView, SelectField, TextField};
use crate::hooks::{use_form_with_options, Form, UseFormOptions};
use crate::pages::vm::{DialogActions, Op};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, messages as m, network as t, shell as s};
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::ApiError;

/// A 412 of an interface operation, said in words.
fn explain_412(form: Form<InterfaceForm>) -> impl IntoView {
    move || {
        matches!(form.top(), Some(ApiError::PreconditionFailed(_))).then(|| {
            view! {
                <div class="notice notice-warning" id="nic-412">
                    <p class="notice-title">{t::NIC_412_TITLE.get()}</p>
                    <p>{t::NIC_412_TEXT.get()}</p>
                </div>
            }
        })
    }
}

/// The fields of an interface, for adding one or editing it; `make` turns
/// what is typed (and the original) into the operation's input.
#[component]
pub fn InterfaceFields<I: Clone + Send + Sync + 'static>(
    original: InterfaceForm,
    adding: bool,
    op: Op<I>,
    make: Callback<(InterfaceForm, InterfaceForm), Option<I>>,
) -> impl IntoView {
    let before = original.clone();
    let form = use_form_with_options(
        "nic",
        original,
        UseFormOptions::default().check(InterfaceForm::errors).pending(op.pending()),
    );
    let networks = crate::hooks::use_offered_networks();
    let input = Callback::new(move |value: InterfaceForm| make.run((value, before.clone())));
    let doing = if adding { t::NIC_ADDING.get() } else { t::NIC_SAVING.get() };
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=doing>
            {explain_412(form)}
            <div class="grid-2">
                <ChoiceField bound=form.text("network_id", |f| &f.network_id, |f| &mut f.network_id) label=c::NETWORK.get() choices=networks.choices reading=networks.reading/>
                <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=c::LABEL.get() placeholder=t::NIC_LABEL_PLACEHOLDER.get()/>
                <TextField bound=form.text("rate_limit", |f| &f.rate_limit, |f| &mut f.rate_limit) label=s::CREATE_PORT_SPEED_MB.get() numeric=true hint=t::NIC_RATE_HINT.get()/>
                {(!adding).then(|| view! {
                    <TextField bound=form.text("mac_address", |f| &f.mac_address, |f| &mut f.mac_address) label=t::NIC_MAC_ADDRESS.get() hint=t::NIC_MAC_HINT.get()/>
                    <SelectField bound=form.text("default_firewall_policy", |f| &f.default_firewall_policy, |f| &mut f.default_firewall_policy) label=s::CREATE_FIREWALL_POLICY.get()
                        options=fixed_options(&[("ACCEPT", "ACCEPT"), ("DROP", "DROP")])/>
                })}
            </div>
            <CheckField bound=form.bind_flag("primary", |f| f.primary, |f, on| f.primary = on)>
                {t::NIC_PRIMARY_CHECK.get()}
            </CheckField>
            <DialogActions op=op form=form input=input label=if adding { m::ACTION_ADD_INTERFACE.get() } else { c::SAVE.get() }/>
        </FormView>
    }
}
