//! The rules of an interface in order, and its default policy as the last,
//! implicit rule; the row that decided the packet tested is marked.

use super::tester;
use crate::components::{Column, DataTable, TableId};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, firewall as t, or_dash, DASH};
use vmdeck_core::network::FirewallRule;

#[component]
pub fn RuleTable(
    rules: Vec<FirewallRule>,
    policy: Option<String>,
    decider: Memo<Option<String>>,
) -> impl IntoView {
    let policy = policy.unwrap_or_else(|| "ACCEPT".into());
    let columns = vec![
        Column::number("#"),
        Column::text(t::FW_COMMAND.get()),
        Column::text(c::PROTOCOL.get()),
        Column::text(t::FW_FROM.get()),
        Column::text(c::PORT.get()),
        Column::text(t::FW_DESCRIPTION.get()),
    ];
    view! {
        <DataTable id=TableId::Exact("rule-table") columns=columns>
            {rules.into_iter().enumerate().map(|(i, r)| {
                let id = r.id.clone();
                let row_id = id.clone().map(|id| format!("rule-row-{id}"));
                view! {
                <tr class="rule" id=row_id class:is-decider=move || id.is_some() && decider.with(|d| *d == id)>
                    <td class="num">{r.position.unwrap_or(i as i64 + 1)}</td>
                    <td><span class=format!("badge {}", if r.command.as_deref() == Some("DROP") { "badge-suspended" } else { "badge-online" })>{or_dash(r.command.clone())}</span></td>
                    <td>{or_dash(r.protocol.clone())}</td>
                    <td class="mono">{r.address.clone().filter(|a| !a.is_empty() && a != "0.0.0.0").unwrap_or_else(|| t::FW_EVERYONE.get().to_owned())}</td>
                    <td class="mono">{r.port.clone().filter(|p| !p.is_empty()).unwrap_or_else(|| vmdeck_core::i18n::shell::FILTER_ANY.get().to_owned())}</td>
                    <td>{or_dash(r.description.clone())}</td>
                </tr>
            }}).collect_view()}
            <tr class="rule-default" id="rule-default" class:is-decider=move || decider.with(|d| d.as_deref() == Some(tester::POLICY))>
                <td class="num">{DASH}</td>
                <td><span class=format!("badge {}", if policy == "DROP" { "badge-suspended" } else { "badge-online" })>{policy.clone()}</span></td>
                <td colspan="4" class="muted">{t::FW_DEFAULT_POLICY_ROW.get()}</td>
            </tr>
        </DataTable>
    }
}
