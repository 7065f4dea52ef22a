//! The packet tester: would a packet from an address, by a protocol, to a
//! port be let in, and which rule (or the default policy) says so.

use super::guard::{my_address, save_my_address};
use crate::components::{fixed_options, FormView, SelectField, SubmitButton, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::network::FirewallRule;
use vmdeck_core::rules::{describe, Command, Decision, Packet, RuleSet};
use vmdeck_core::small_forms::PacketForm;

/// What the table highlights when the default policy decided.
pub const POLICY: &str = "policy";

/// The packet last tested and what decided it: the tester says it, the
/// rule table marks the deciding row (`decider`: the rule's id, or
/// [`POLICY`]).
#[derive(Clone, Copy)]
pub struct Tester {
    tested: RwSignal<Option<Packet>>,
    decision: Memo<Option<(Packet, Decision)>>,
    pub decider: Memo<Option<String>>,
}

/// The tester of the rules as listed; its answer follows them when they
/// reload.
pub fn use_tester(rule_set: Signal<Option<RuleSet>>, rules: Memo<Option<Vec<FirewallRule>>>) -> Tester {
    let tested = RwSignal::new(None::<Packet>);
    let decision = Memo::new(move |_| tested.get().and_then(|packet| rule_set.with(|set| set.as_ref().map(|set| (packet, set.decide(&packet))))));
    let decider = Memo::new(move |_| {
        decision.with(|d| match d {
            Some((_, Decision::Rule { index, .. })) => rules.with(|list| list.as_ref().and_then(|list| list.get(*index)).and_then(|rule| rule.id.clone())),
            Some((_, Decision::Policy(_))) => Some(POLICY.to_owned()),
            None => None,
        })
    });
    Tester { tested, decision, decider }
}

#[component]
pub fn PacketTester(tester: Tester, rule_set: Signal<Option<RuleSet>>, rules: Memo<Option<Vec<FirewallRule>>>) -> impl IntoView {
    let saved = RwSignal::new(my_address());
    let initial = PacketForm { source: saved.get_untracked().map(|a| a.to_string()).unwrap_or_default(), ..PacketForm::default() };
    let form = use_form_with_options("tester", initial, UseFormOptions::default().check(PacketForm::errors));
    let Tester { tested, decision, .. } = tester;
    let submit = Callback::new(move |value: PacketForm| {
        // A test run is nothing unsent.
        form.start_from(value.clone());
        tested.set(value.packet().ok());
    });
    let number_of = move |index: usize| rule_set.with(|set| set.as_ref().and_then(|set| set.order().iter().position(|i| *i == index)).map(|n| n + 1));
    let answer = move || {
        decision.get().map(|(packet, decided)| {
            let what = format!("{} {} to port {} from {}", packet.protocol.label(), "packet", packet.port, packet.source);
            let (verdict, why) = match decided {
                Decision::Rule { index, command } => {
                    let rule = rules.with(|list| list.as_ref().and_then(|list| list.get(index).cloned()));
                    let text = rule.as_ref().map(describe);
                    let place = number_of(index).map(|n| format!("rule {n}")).unwrap_or_else(|| "a rule".into());
                    (Some(command), format!("{place} decides: {}.", text.unwrap_or_default()))
                }
                Decision::Policy(Some(command)) => (Some(command), "no rule matches, so the default policy decides.".to_owned()),
                Decision::Policy(None) => (None, "no rule matches, and the interface's default policy is not known.".to_owned()),
            };
            let (class, label) = match verdict {
                Some(Command::Accept) => ("badge badge-online", "ACCEPT"),
                Some(Command::Drop) => ("badge badge-suspended", "DROP"),
                None => ("badge", "unknown"),
            };
            view! {
                <p id="tester-result" aria-live="polite">
                    <span class=class id="tester-verdict">{label}</span>" "{format!("A {what}: {why}")}
                </p>
            }
        })
    };
    let save = move |_| {
        let address = form.with_untracked(|f| f.source.trim().parse().ok());
        save_my_address(address);
        saved.set(address);
    };
    view! {
        <section class="panel" id="packet-tester">
            <h2>"Test a packet"</h2>
            <p class="muted small">"Which rule decides a packet, without sending one. The answer follows the rules as listed, applied or not."</p>
            <FormView form=form on_submit=submit doing="Testing the packet">
                <div class="grid-4">
                    <TextField bound=form.text("source", |f| &f.source, |f| &mut f.source) label="From address" placeholder="e.g. 203.0.113.9"
                        hint="Save your own address to have the guard check it too."/>
                    <SelectField bound=form.text("protocol", |f| &f.protocol, |f| &mut f.protocol) label="Protocol" options=fixed_options(&[("TCP", "TCP"), ("UDP", "UDP")])/>
                    <TextField bound=form.text("port", |f| &f.port, |f| &mut f.port) label="Port" numeric=true/>
                </div>
                <div class="modal-actions">
                    <button type="button" class="button button-quiet" id="tester-save-address" on:click=save>"Save as my address"</button>
                    <SubmitButton form=form id="tester-run" label="Test"/>
                </div>
            </FormView>
            {move || saved.get().map(|address| view! { <p class="muted small" id="my-address">{format!("Your address, kept in this browser: {address}")}</p> })}
            {answer}
        </section>
    }
}
