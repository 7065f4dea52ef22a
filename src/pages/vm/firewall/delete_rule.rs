//! A rule deleted, once confirmed: the dialog names it, and the lockout
//! guard stops deleting an ACCEPT that keeps the user in as it stops a DROP
//! added. `DELETE firewall_rule/<id>` is recorded with the rule as it was,
//! so that the history can add it again. It takes effect with the next apply.

use super::edit_rule::RuleScope;
use super::table::RuleDialogs;
use crate::components::{FormView, Modal};
use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};
use crate::firewall::rollback::Unapplied;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, DialogActions, Op, VmCtx};
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::firewall::edit::{delete_lockout, Before};
use vmdeck_core::firewall::rules::describe;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::network::FirewallRule;

#[component]
pub fn DeleteRule(
    ctx: VmCtx,
    dialogs: RuleDialogs,
    scope: RuleScope,
    /// Told of each rule deleted, for the rules waiting to be applied.
    changed: Callback<Unapplied>,
) -> impl IntoView {
    let op: Op<Before> = use_op(
        ctx,
        Operation::DeleteFirewallRule,
        move |before: &Before, _| {
            changed.run(Unapplied::deleted(before));
            dialogs.delete.set(false);
        },
        |account, _, before: &Before| request::delete_rule(account, &before.id),
    )
    .knowing(|before: &Before| Some(before.clone()));
    view! {
        <Modal open=dialogs.delete title=t::FW_DELETE_RULE.get() id="delete-rule-dialog">
            {scope.before(dialogs).map(|(place, rule, before)| view! {
                <Confirm op=op scope=scope place=place rule=rule before=before/>
            })}
        </Modal>
    }
}

/// What is deleted, the guard, and the confirming button.
#[component]
fn Confirm(
    op: Op<Before>,
    scope: RuleScope,
    place: i64,
    rule: FirewallRule,
    before: Before,
) -> impl IntoView {
    let form = use_form_with_options(
        "delete-rule",
        ConfirmForm::default(),
        UseFormOptions::default().pending(op.pending()),
    );
    let id = before.id.clone();
    let guard = Guard::new(Signal::derive(move || {
        let policy = scope.policy.get();
        scope
            .rules
            .with(|list| delete_lockout(list.as_deref()?, policy.as_deref(), &id, my_address()))
    }));
    let input = Callback::new(move |_: ConfirmForm| before.clone());
    let submit = Callback::new(move |f: ConfirmForm| {
        if guard.pass() {
            op.submit(form, input.run(f));
        }
    });
    let which = vmdeck_core::tf!(
        t::FW_DELETE_RULE_TEXT,
        n = place,
        interface = scope.label.get_untracked(),
        rule = describe(&rule)
    );
    view! {
        <FormView form=form on_submit=submit doing=t::FW_DELETING_RULE.get()>
            <p id="delete-rule-which">{which}</p>
            <p class="muted small">{t::FW_CHANGE_TAKES_EFFECT.get()}</p>
            <LockoutNotice guard=guard again=t::FW_DELETE_RULE.get()/>
            <DialogActions op=op form=form input=input label=t::FW_DELETE_RULE.get() danger=true/>
        </FormView>
    }
}
