//! The one rule form, for a rule added and for a rule edited in place: its
//! fields (the description only for a rule added: an edit does not take
//! one), "Allow my address", the warnings, the lockout guard's notice, the
//! submit and the request it sends. Who uses it says what is sent
//! (`input`), what the guard checks and what the warnings compare with.

use crate::components::{
    fixed_options, ApiRequestView, FormView, SelectField, SubmitButton, TextField,
};
use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};
use crate::hooks::Form;
use crate::pages::vm::Op;
use leptos::prelude::*;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::i18n::{common as c, firewall as t};

/// What tells adding a rule from editing one on screen.
#[derive(Clone, Copy)]
pub struct RuleFormText {
    /// The submit's id and label (also in the guard's "press … again").
    pub submit_id: &'static str,
    pub submit: &'static str,
    /// What a refusal was of.
    pub doing: &'static str,
    /// The id and heading of "Show as API request".
    pub request_id: &'static str,
    pub sends: &'static str,
    /// Whether the description is asked for.
    pub description: bool,
}

#[component]
pub fn RuleFields<I: Clone + Send + Sync + 'static>(
    form: Form<RuleForm>,
    op: Op<I>,
    /// What is typed made into the operation's input; none while it has mistakes.
    input: Callback<RuleForm, Option<I>>,
    guard: Guard,
    /// What a careful colleague would say about the rule as typed.
    warnings: Memo<Vec<String>>,
    text: RuleFormText,
    /// A further condition of the submit (an edit that changes something).
    #[prop(optional, into)]
    ready: Option<Signal<bool>>,
) -> impl IntoView {
    // Ids of the form's own parts, from its name: `rule-warnings`, `edit-rule-warnings`.
    let id = move |part: &str| format!("{}-{part}", form.prefix);
    let (ask_id, warnings_id) = (id("ask-address"), id("warnings"));
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
    let ready = ready.unwrap_or_else(|| Signal::derive(|| true));
    view! {
        <FormView form=form on_submit=submit doing=text.doing>
            <div class="grid-4">
                <SelectField bound=form.text("command", |f| &f.command, |f| &mut f.command) label=t::FW_COMMAND.get() options=fixed_options(&[("ACCEPT", "ACCEPT"), ("DROP", "DROP")])/>
                <SelectField bound=form.text("protocol", |f| &f.protocol, |f| &mut f.protocol) label=c::PROTOCOL.get() options=fixed_options(&[("TCP", "TCP"), ("UDP", "UDP")])/>
                <TextField bound=form.text("address", |f| &f.address, |f| &mut f.address) label=t::FW_FROM_ADDRESS.get() placeholder=t::FW_EVERYONE.get() hint=t::FW_ADDRESS_HINT.get()/>
                <TextField bound=form.text("port", |f| &f.port, |f| &mut f.port) label=c::PORT.get() placeholder=vmdeck_core::i18n::shell::FILTER_ANY.get() hint=t::FW_PORT_HINT.get()/>
            </div>
            {text.description.then(|| view! {
                <TextField bound=form.text("description", |f| &f.description, |f| &mut f.description) label=t::FW_DESCRIPTION.get()/>
            })}
            <p class="allow-mine">
                <button type="button" class="button button-small" id=id("allow-mine") on:click=allow_mine>{t::FW_ALLOW_MY_ADDRESS.get()}</button>
                {move || ask_address.get().then(|| view! { <span class="muted small" id=ask_id.clone() role="status">{t::FW_ALLOW_MY_ADDRESS_ASK.get()}</span> })}
            </p>
            {move || {
                let list = warnings.get();
                (!list.is_empty()).then(|| view! {
                    <div class="notice notice-warning" id=warnings_id.clone()><ul>{list.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul></div>
                })
            }}
            <LockoutNotice guard=guard again=text.submit/>
            <div class="modal-actions">
                <SubmitButton form=form id=text.submit_id label=text.submit blocked=op.blocked() ready=ready/>
            </div>
            <ApiRequestView requests=op.preview(form, input) id=text.request_id what=text.sends/>
        </FormView>
    }
}
