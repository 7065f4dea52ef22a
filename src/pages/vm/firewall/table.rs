//! The rules of an interface in the service's order, and its default policy
//! as the last, implicit rule; the row that decided the packet tested is
//! marked. Each rule with an id can be edited or deleted.

use super::tester;
use crate::components::{ActionButton, Column, DataTable, TableId};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, firewall as t, or_dash, DASH};
use vmdeck_core::network::FirewallRule;

/// The rule the edit and delete dialogs are about (with its number as the
/// table shows it), and whether each is open: owned by the tab, so that the
/// table reloading leaves them as they are.
#[derive(Clone, Copy)]
pub struct RuleDialogs {
    pub rule: RwSignal<Option<(i64, FirewallRule)>>,
    pub edit: RwSignal<bool>,
    pub delete: RwSignal<bool>,
}

impl Default for RuleDialogs {
    fn default() -> Self {
        Self { rule: RwSignal::new(None), edit: RwSignal::new(false), delete: RwSignal::new(false) }
    }
}

impl RuleDialogs {
    /// Opens `dialog` about the rule numbered `place` (its content reads
    /// the rule as it opens).
    fn open(self, dialog: RwSignal<bool>, place: i64, rule: FirewallRule) {
        self.rule.set(Some((place, rule)));
        dialog.set(true);
    }
}

#[component]
pub fn RuleTable(
    rules: Vec<FirewallRule>,
    policy: Option<String>,
    decider: Memo<Option<String>>,
    dialogs: RuleDialogs,
    /// Why no rule can be changed now (the VM is busy), if so.
    blocked: Signal<Option<&'static str>>,
) -> impl IntoView {
    let policy = policy.unwrap_or_else(|| "ACCEPT".into());
    let columns = vec![
        Column::number("#"),
        Column::text(t::FW_COMMAND.get()),
        Column::text(c::PROTOCOL.get()),
        Column::text(t::FW_FROM.get()),
        Column::text(c::PORT.get()),
        Column::text(t::FW_DESCRIPTION.get()),
        Column::text(vmdeck_core::i18n::shell::LIST_COL_ACTIONS.get()),
    ];
    view! {
        <DataTable id=TableId::Exact("rule-table") columns=columns>
            {rules.into_iter().enumerate().map(|(i, r)| {
                let id = r.id.clone();
                let row_id = id.clone().map(|id| format!("rule-row-{id}"));
                let place = r.position.unwrap_or(i as i64 + 1);
                let actions = id.clone().map(|_| {
                    let (edited, deleted) = (r.clone(), r.clone());
                    view! {
                        <ActionButton class="button button-small rule-edit" blocked=blocked attr:aria-label=vmdeck_core::tf!(t::FW_EDIT_RULE_N, n = place)
                            on:click=move |_| dialogs.open(dialogs.edit, place, edited.clone())>{c::EDIT.get()}</ActionButton>
                        <ActionButton class="button button-small button-quiet danger-text rule-delete" blocked=blocked attr:aria-label=vmdeck_core::tf!(t::FW_DELETE_RULE_N, n = place)
                            on:click=move |_| dialogs.open(dialogs.delete, place, deleted.clone())>{c::DELETE.get()}</ActionButton>
                    }
                });
                view! {
                <tr class="rule" id=row_id class:is-decider=move || id.is_some() && decider.with(|d| *d == id)>
                    <td class="num">{place}</td>
                    <td><span class=format!("badge {}", if r.command.as_deref() == Some("DROP") { "badge-suspended" } else { "badge-online" })>{or_dash(r.command.clone())}</span></td>
                    <td>{or_dash(r.protocol.clone())}</td>
                    <td class="mono">{r.address.clone().filter(|a| !a.is_empty() && a != "0.0.0.0").unwrap_or_else(|| t::FW_EVERYONE.get().to_owned())}</td>
                    <td class="mono">{r.port.clone().filter(|p| !p.is_empty()).unwrap_or_else(|| vmdeck_core::i18n::shell::FILTER_ANY.get().to_owned())}</td>
                    <td>{or_dash(r.description.clone())}</td>
                    <td class="rule-actions">{actions}</td>
                </tr>
            }}).collect_view()}
            <tr class="rule-default" id="rule-default" class:is-decider=move || decider.with(|d| d.as_deref() == Some(tester::POLICY))>
                <td class="num">{DASH}</td>
                <td><span class=format!("badge {}", if policy == "DROP" { "badge-suspended" } else { "badge-online" })>{policy.clone()}</span></td>
                <td colspan="5" class="muted">{t::FW_DEFAULT_POLICY_ROW.get()}</td>
            </tr>
        </DataTable>
    }
}
