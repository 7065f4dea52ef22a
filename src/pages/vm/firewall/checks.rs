//! What is wrong with the rules as they stand.

use leptos::prelude::*;
use vmdeck_core::firewall::rules::{semantics, FindingKind, RuleSet};
use vmdeck_core::i18n::firewall as t;

/// What is wrong with the rules as they stand, each finding with the rules
/// it concerns, and how rules are read.
#[component]
pub fn RuleChecks(rule_set: Signal<Option<RuleSet>>) -> impl IntoView {
    let findings = Memo::new(move |_| {
        rule_set.with(|set| set.as_ref().map(RuleSet::checks).unwrap_or_default())
    });
    view! {
        <p class="muted small" id="rule-semantics">{semantics()}</p>
        {move || {
            let list = findings.get();
            (!list.is_empty()).then(|| view! {
                <div class="notice notice-warning" id="rule-checks">
                    <p class="notice-title">{vmdeck_core::i18n::plural(list.len() as u64, &t::FW_CHECKS_ONE, &t::FW_CHECKS_OTHER)}</p>
                    <ul>
                        {list.into_iter().map(|finding| {
                            let kind = match finding.kind {
                                FindingKind::Malformed => "malformed",
                                FindingKind::Shadowed => "shadowed",
                                FindingKind::Duplicate => "duplicate",
                                FindingKind::OverlappingPorts => "overlap",
                                FindingKind::NoRemoteAccess => "no-remote-access",
                            };
                            view! { <li class=format!("finding finding-{kind}")>{finding.message}</li> }
                        }).collect_view()}
                    </ul>
                </div>
            })
        }}
    }
}
