//! A rule edited in place: the rule form (`rule_form`) filled in from the
//! rule, its warnings against the other rules, the lockout guard on the
//! interface as the edit would leave it (as on a rule added), then
//! `PUT firewall_rule/<id>`, recorded with the rule as it was so that the
//! history can undo it. It takes effect with the next apply.

use super::rule_form::{RuleFields, RuleFormText};
use super::table::RuleDialogs;
use crate::components::Modal;
use crate::firewall::lockout_guard::{my_address, Guard};
use crate::firewall::rollback::Unapplied;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{use_op, Op, VmCtx};
use leptos::prelude::*;
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::firewall::edit::{edit_lockout, Before};
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::rules::describe;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::firewall as t;
use vmdeck_core::network::FirewallRule;

/// An edit: the rule as it was, as typed, and the body sent.
#[derive(Clone)]
struct Edit {
    before: Before,
    rule: RuleForm,
    body: Value,
}

/// What the edit and delete dialogs read of the tab: the interface shown,
/// its name and default policy, and all its rules in order.
#[derive(Clone, Copy)]
pub struct RuleScope {
    pub nic: Memo<String>,
    pub label: Signal<String>,
    pub policy: Memo<Option<String>>,
    pub rules: Memo<Option<Vec<FirewallRule>>>,
}

impl RuleScope {
    /// The rule the dialogs were opened on, as it is before the change, and
    /// its number in the table; none if it is not among the rules now.
    pub fn before(self, dialogs: RuleDialogs) -> Option<(i64, FirewallRule, Before)> {
        let (place, rule) = dialogs.rule.get_untracked()?;
        let id = rule.id.clone()?;
        let nic = self.nic.get_untracked();
        let before = self.rules.with_untracked(|list| Before::of(&nic, list.as_deref()?, &id))?;
        Some((place, rule, before))
    }
}

#[component]
pub fn EditRule(
    ctx: VmCtx,
    dialogs: RuleDialogs,
    scope: RuleScope,
    /// Told of each rule changed, for the rules waiting to be applied.
    changed: Callback<Unapplied>,
) -> impl IntoView {
    let op: Op<Edit> = use_op(
        ctx,
        Operation::EditFirewallRule,
        move |edit: &Edit, _| {
            changed.run(Unapplied::edited(&edit.before, &edit.rule));
            dialogs.edit.set(false);
        },
        |account, _, edit: &Edit| request::edit_rule(account, &edit.before.id, edit.body.clone()),
    )
    .knowing(|edit: &Edit| Some(edit.before.clone()));
    view! {
        <Modal open=dialogs.edit title=t::FW_EDIT_RULE_TITLE.get() id="edit-rule-dialog">
            {scope.before(dialogs).map(|(place, rule, before)| view! {
                <EditFields op=op scope=scope place=place rule=rule before=before/>
            })}
        </Modal>
    }
}

/// The form of one edit, made anew each time the dialog opens.
#[component]
fn EditFields(
    op: Op<Edit>,
    scope: RuleScope,
    place: i64,
    rule: FirewallRule,
    before: Before,
) -> impl IntoView {
    let start = RuleForm::to_edit(&rule);
    let form = use_form_with_options(
        "edit-rule",
        start.clone(),
        UseFormOptions::default().check(RuleForm::errors).pending(op.pending()),
    );
    let id = before.id.clone();
    // The interface as the edit would leave it, checked as a rule added is.
    let guard = Guard::new(Signal::derive({
        let id = id.clone();
        move || {
            let typed = form.with(|f| f.body().is_ok().then(|| f.clone()))?;
            let policy = scope.policy.get();
            scope.rules.with(|list| {
                edit_lockout(list.as_deref()?, policy.as_deref(), &id, &typed, my_address())
            })
        }
    }));
    let warnings = Memo::new(move |_| {
        let existing = scope.rules.get().unwrap_or_default();
        form.with(|f| f.warnings_instead_of(&existing, &id))
    });
    let nic = before.interface.clone();
    let input = Callback::new(move |f: RuleForm| {
        let body = f.edit_body(&nic).ok()?;
        Some(Edit { before: before.clone(), rule: f, body })
    });
    // Saving the rule as it is sends nothing worth sending.
    let ready = Signal::derive(move || form.with(|f| !f.same_rule(&start)));
    let text = RuleFormText {
        submit_id: "edit-rule-save",
        submit: t::FW_SAVE_RULE.get(),
        doing: t::FW_SAVING_RULE.get(),
        request_id: "edit-rule-request",
        sends: t::FW_SAVE_RULE_SENDS.get(),
        description: false,
    };
    let which = vmdeck_core::tf!(
        t::FW_EDIT_RULE_WHICH,
        n = place,
        interface = scope.label.get_untracked(),
        rule = describe(&rule)
    );
    view! {
        <p id="edit-rule-which">{which}</p>
        <p class="muted small">{t::FW_CHANGE_TAKES_EFFECT.get()}</p>
        <RuleFields form=form op=op input=input guard=guard warnings=warnings text=text ready=ready/>
    }
}
