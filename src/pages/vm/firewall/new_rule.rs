//! A new rule: typed, checked, explained, and guarded against locking
//! oneself out; it is sent at once and applied with the others.

use crate::components::{
    fixed_options, ApiRequestView, FormView, SelectField, SubmitButton, TextField,
};
use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};
use crate::hooks::Form;
use crate::pages::vm::Op;
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::rules::{describe, RuleSet};
use vmdeck_core::i18n::{common as c, firewall as t};
use vmdeck_core::network::FirewallRule;

#[component]
pub fn NewRule(
    form: Form<RuleForm>,
    op: Op<(String, Value, String)>,
    nic: Memo<String>,
    /// Every rule of the interface, which the warnings compare the new one with.
    rules: Memo<Option<Vec<FirewallRule>>>,
    rule_set: Signal<Option<RuleSet>>,
) -> impl IntoView {
    // Only a DROP rule can lock anyone out.
    let guard = Guard::new(Signal::derive(move || {
        let added = form.with(|f| (f.command == "DROP").then(|| f.body().ok()).flatten())?;
        let rule = FirewallRule::from_map(added.as_object()?);
        rule_set.with(|set| set.as_ref().and_then(|set| set.with_rule(&rule).lockout(my_address())))
    }));
    let warnings = Memo::new(move |_| {
        let existing = rules.get().unwrap_or_default();
        form.with(|f| f.warnings(&existing))
    });
    let blocked = op.blocked();
    let input = Callback::new(move |f: RuleForm| {
        let body = f.body().ok()?;
        let said = describe(&FirewallRule::from_map(body.as_object()?));
        Some((nic.get(), body, said))
    });
    // "Allow my address": the address saved in this browser, else where to save it.
    let ask_address = RwSignal::new(false);
    let allow_mine = move |_| match my_address() {
        Some(address) => {
            ask_address.set(false);
            form.edit("command", |f| f.command = "ACCEPT".into());
            form.edit("address", |f| f.address = address.to_string());
        }
        None => {
            ask_address.set(true);
            if let Some(field) = document()
                .get_element_by_id("tester-source")
                .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
            {
                let _ = field.focus();
            }
        }
    };
    let submit = Callback::new(move |f: RuleForm| {
        if let Some(input) = input.run(f) {
            if guard.pass() {
                op.submit(form, input);
            }
        }
    });
    view! {
        <section class="panel" id="new-rule">
            <h2>{t::FW_ADD_RULE_TITLE.get()}</h2>
            <FormView form=form on_submit=submit doing=t::FW_CREATING_RULE.get()>
                <div class="grid-4">
                    <SelectField bound=form.text("command", |f| &f.command, |f| &mut f.command) label=t::FW_COMMAND.get() options=fixed_options(&[("ACCEPT", "ACCEPT"), ("DROP", "DROP")])/>
                    <SelectField bound=form.text("protocol", |f| &f.protocol, |f| &mut f.protocol) label=c::PROTOCOL.get() options=fixed_options(&[("TCP", "TCP"), ("UDP", "UDP")])/>
                    <TextField bound=form.text("address", |f| &f.address, |f| &mut f.address) label=t::FW_FROM_ADDRESS.get() placeholder=t::FW_EVERYONE.get() hint=t::FW_ADDRESS_HINT.get()/>
                    <TextField bound=form.text("port", |f| &f.port, |f| &mut f.port) label=c::PORT.get() placeholder=vmdeck_core::i18n::shell::FILTER_ANY.get() hint=t::FW_PORT_HINT.get()/>
                </div>
                <TextField bound=form.text("description", |f| &f.description, |f| &mut f.description) label=t::FW_DESCRIPTION.get()/>
                <p class="allow-mine">
                    <button type="button" class="button button-small" id="rule-allow-mine" on:click=allow_mine>{t::FW_ALLOW_MY_ADDRESS.get()}</button>
                    {move || ask_address.get().then(|| view! { <span class="muted small" id="rule-ask-address" role="status">{t::FW_ALLOW_MY_ADDRESS_ASK.get()}</span> })}
                </p>
                {move || {
                    let list = warnings.get();
                    (!list.is_empty()).then(|| view! {
                        <div class="notice notice-warning" id="rule-warnings"><ul>{list.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul></div>
                    })
                }}
                <LockoutNotice guard=guard again=t::FW_ADD_RULE.get()/>
                <div class="modal-actions">
                    <SubmitButton form=form id="rule-create" label=t::FW_ADD_RULE.get() blocked=blocked/>
                </div>
                <ApiRequestView requests=op.preview(form, input) id="rule-request" what=t::FW_ADD_RULE_SENDS.get()/>
            </FormView>
        </section>
    }
}
