//! The packet tester: would a packet from an address, by a protocol, to a
//! port be let in, and which rule (or the default policy) says so.

use crate::components::{fixed_options, FormView, SelectField, SubmitButton, TextField};
use crate::firewall::lockout_guard::{my_address, save_my_address};
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::firewall::form::PacketForm;
use vmdeck_core::firewall::rules::{describe, Command, Decision, Packet, RuleSet};
use vmdeck_core::i18n::{common as c, firewall as t};
use vmdeck_core::network::FirewallRule;

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
pub fn use_tester(
    rule_set: Signal<Option<RuleSet>>,
    rules: Memo<Option<Vec<FirewallRule>>>,
) -> Tester {
    let tested = RwSignal::new(None::<Packet>);
    let decision = Memo::new(move |_| {
        tested.get().and_then(|packet| {
            rule_set.with(|set| set.as_ref().map(|set| (packet, set.decide(&packet))))
        })
    });
    let decider = Memo::new(move |_| {
        decision.with(|d| match d {
            Some((_, Decision::Rule { index, .. })) => rules.with(|list| {
                list.as_ref().and_then(|list| list.get(*index)).and_then(|rule| rule.id.clone())
            }),
            Some((_, Decision::Policy(_))) => Some(POLICY.to_owned()),
            None => None,
        })
    });
    Tester { tested, decision, decider }
}

#[component]
pub fn PacketTester(
    tester: Tester,
    rule_set: Signal<Option<RuleSet>>,
    rules: Memo<Option<Vec<FirewallRule>>>,
) -> impl IntoView {
    let saved = RwSignal::new(my_address());
    let initial = PacketForm {
        source: saved.get_untracked().map(|a| a.to_string()).unwrap_or_default(),
        ..PacketForm::default()
    };
    let form = use_form_with_options(
        "tester",
        initial,
        UseFormOptions::default().check(PacketForm::errors),
    );
    let Tester { tested, decision, .. } = tester;
    let submit = Callback::new(move |value: PacketForm| {
        // A test run is nothing unsent.
        form.start_from(value.clone());
        tested.set(value.packet().ok());
    });
    let number_of = move |index: usize| {
        rule_set.with(|set| {
            set.as_ref().and_then(|set| set.order().iter().position(|i| *i == index)).map(|n| n + 1)
        })
    };
    let answer = move || {
        decision.get().map(|(packet, decided)| {
            let what = vmdeck_core::tf!(t::FW_TESTER_WHAT, protocol = packet.protocol.label(), port = packet.port, source = packet.source);
            let (verdict, why) = match decided {
                Decision::Rule { index, command } => {
                    let rule = rules.with(|list| list.as_ref().and_then(|list| list.get(index).cloned()));
                    let text = rule.as_ref().map(describe);
                    let place = number_of(index).map(|n| vmdeck_core::tf!(t::FW_TESTER_RULE_N, n = n)).unwrap_or_else(|| t::FW_TESTER_A_RULE.get().to_owned());
                    (Some(command), vmdeck_core::tf!(t::FW_TESTER_RULE_DECIDES, place = place, rule = text.unwrap_or_default()))
                }
                Decision::Policy(Some(command)) => (Some(command), t::FW_TESTER_POLICY_DECIDES.get().to_owned()),
                Decision::Policy(None) => (None, t::FW_TESTER_POLICY_UNKNOWN.get().to_owned()),
            };
            let (class, label) = match verdict {
                Some(Command::Accept) => ("badge badge-online", "ACCEPT"),
                Some(Command::Drop) => ("badge badge-suspended", "DROP"),
                None => ("badge", vmdeck_core::i18n::common::UNKNOWN.get()),
            };
            view! {
                <p id="tester-result" aria-live="polite">
                    <span class=class id="tester-verdict">{label}</span>" "{vmdeck_core::tf!(t::FW_TESTER_RESULT, what = what, why = why)}
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
            <h2>{t::FW_TESTER_TITLE.get()}</h2>
            <p class="muted small">{t::FW_TESTER_INTRO.get()}</p>
            <FormView form=form on_submit=submit doing=t::FW_TESTER_TESTING.get()>
                <div class="grid-4">
                    <TextField bound=form.text("source", |f| &f.source, |f| &mut f.source) label=t::FW_FROM_ADDRESS.get() placeholder=t::FW_TESTER_SOURCE_PLACEHOLDER.get()
                        hint=t::FW_TESTER_SOURCE_HINT.get()/>
                    <SelectField bound=form.text("protocol", |f| &f.protocol, |f| &mut f.protocol) label=c::PROTOCOL.get() options=fixed_options(&[("TCP", "TCP"), ("UDP", "UDP")])/>
                    <TextField bound=form.text("port", |f| &f.port, |f| &mut f.port) label=c::PORT.get() numeric=true/>
                </div>
                <div class="modal-actions">
                    <button type="button" class="button button-quiet" id="tester-save-address" on:click=save>{t::FW_TESTER_SAVE.get()}</button>
                    <SubmitButton form=form id="tester-run" label=t::FW_TESTER_RUN.get()/>
                </div>
            </FormView>
            {move || saved.get().map(|address| view! { <p class="muted small" id="my-address">{vmdeck_core::tf!(t::FW_MY_ADDRESS, address = address)}</p> })}
            {answer}
        </section>
    }
}
