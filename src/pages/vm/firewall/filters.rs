//! The URL's filters: the interface whose rules are shown, and which of
//! them the table shows.

use crate::components::{fixed_options, FilterSelect};
use crate::hooks::network_name;
use crate::hooks::UrlFilters;
use leptos::prelude::*;
use vmdeck_core::firewall::filter;
use vmdeck_core::i18n::{common as c, firewall as t};
use vmdeck_core::network::{FirewallRule, Interface};

/// The rules the URL's filters pick (`vmdeck_core::firewall::filter`).
pub fn picked(rules: Vec<FirewallRule>, filters: UrlFilters) -> Vec<FirewallRule> {
    filter::picked(rules, &filters.pairs(filter::RULE_FILTERS))
}

#[component]
pub fn RuleFilters(
    filters: UrlFilters,
    listed: Memo<Vec<Interface>>,
    chosen: Memo<String>,
) -> impl IntoView {
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>{c::INTERFACE.get()}</span>
                <select id="rule-interface" on:change=move |ev| filters.set("interface", event_target_value(&ev))>
                    {move || listed.get().into_iter().map(|n| {
                        let id = n.id.clone().unwrap_or_default();
                        let value = id.clone();
                        view! { <option value=id selected=move || chosen.get() == value>{format!("{} ({})", n.name(), network_name(n.network_id.as_deref()))}</option> }
                    }).collect_view()}
                </select>
            </label>
            <FilterSelect filters=filters key="command" id="rule-filter-command" label=t::FW_COMMAND.get() options=fixed_options(&[("accept", "ACCEPT"), ("drop", "DROP")])/>
            <label class="filter"><span>{c::PORT.get()}</span>
                <input type="search" id="rule-filter-port" size="10" prop:value=move || filters.get("port") on:change=move |ev| filters.set("port", event_target_value(&ev))/></label>
            <label class="filter"><span>{c::ADDRESS.get()}</span>
                <input type="search" id="rule-filter-address" size="14" prop:value=move || filters.get("address") on:change=move |ev| filters.set("address", event_target_value(&ev))/></label>
        </div>
    }
}
