//! A new rule: typed in the rule form (`rule_form`), checked, explained,
//! and guarded against locking oneself out; it is sent at once and applied
//! with the others.

use super::rule_form::{RuleFields, RuleFormText};
use crate::firewall::lockout_guard::{my_address, Guard};
use crate::hooks::Form;
use crate::pages::vm::Op;
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::rules::{describe, RuleSet};
use vmdeck_core::i18n::firewall as t;
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
    let input = Callback::new(move |f: RuleForm| {
        let body = f.body().ok()?;
        let said = describe(&FirewallRule::from_map(body.as_object()?));
        Some((nic.get(), body, said))
    });
    let text = RuleFormText {
        submit_id: "rule-create",
        submit: t::FW_ADD_RULE.get(),
        doing: t::FW_CREATING_RULE.get(),
        request_id: "rule-request",
        sends: t::FW_ADD_RULE_SENDS.get(),
        description: true,
    };
    view! {
        <section class="panel" id="new-rule">
            <h2>{t::FW_ADD_RULE_TITLE.get()}</h2>
            <RuleFields form=form op=op input=input guard=guard warnings=warnings text=text/>
        </section>
    }
}
