//! An interface's default firewall policy, with the guard against locking
//! oneself out when it becomes DROP.

use super::nic_id;
use crate::api::network::interface_rules;
use crate::components::ErrorView;
use crate::components::{described_by, ApiRequestView, FormView, Modal, SubmitButton};
use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};
use crate::firewall::rollback::{use_firewall_rollback, write_unapplied};
use crate::firewall::rollback_choice::{RollbackChoice, RollbackChooser};
use crate::hooks::{
    use_data_with_options, use_form_with_options, Bound, UseDataOptions, UseFormOptions,
};
use crate::pages::vm::{use_op, Op, VmCtx};
use crate::session::use_session;
use leptos::prelude::*;
use vmdeck_core::api::request;
use vmdeck_core::firewall::form::PolicyForm;
use vmdeck_core::firewall::rules::{Command, RuleSet};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{network as t, shell as s, vm};
use vmdeck_core::network::Interface;

/// The policy set, and whether the VM's rules are then applied (a change
/// with undo takes effect at once, to be kept or put back).
type PolicyInput = (String, String, bool);

#[component]
pub fn PolicyDialog(
    ctx: VmCtx,
    open: RwSignal<bool>,
    nic: RwSignal<Option<Interface>>,
) -> impl IntoView {
    let session = use_session();
    let apply = use_op(
        ctx,
        Operation::ApplyFirewallRules,
        move |_, _| {
            write_unapplied(session, &ctx.id.get_untracked(), &[]);
            open.set(false);
        },
        |account, id, ()| request::apply_firewall_rules(account, id),
    );
    let op: Op<PolicyInput> = use_op(
        ctx,
        Operation::SetDefaultPolicy,
        move |(_, _, then_apply), _| if *then_apply { apply.run(()) } else { open.set(false) },
        |account, _, (nic, policy, _): &PolicyInput| {
            request::set_default_policy(account, nic, policy)
        },
    );
    view! {
        <Modal open=open title=s::CREATE_FIREWALL_POLICY.get() id="policy-dialog">
            <PolicyChoice ctx=ctx current=nic.with_untracked(|n| n.as_ref().and_then(|n| n.default_firewall_policy.clone())).unwrap_or_default()
                op=op apply=apply nic=nic.with_untracked(nic_id)/>
        </Modal>
    }
}

#[component]
fn PolicyChoice(
    ctx: VmCtx,
    current: String,
    op: Op<PolicyInput>,
    apply: Op<()>,
    nic: String,
) -> impl IntoView {
    let undo = use_firewall_rollback();
    undo.keep_when_refused(move || ctx.id.get_untracked(), op.error);
    let with_rollback = RollbackChooser::new("policy-undo");
    let form = use_form_with_options(
        "policy",
        PolicyForm::from_current(&current),
        UseFormOptions::default().check(PolicyForm::errors).pending(op.pending()),
    );
    // Setting DROP may lock the user out: the guard looks at the interface's rules.
    let rules = use_data_with_options(
        {
            let nic = nic.clone();
            move || nic.clone()
        },
        |api, nic| async move { interface_rules(&api, &nic, &[]).await },
        UseDataOptions::default().once(),
    );
    let guard = Guard::new(Signal::derive(move || {
        let drop = form.with(|f| Command::parse(&f.default_firewall_policy)) == Some(Command::Drop);
        let rules = rules.data.get().filter(|_| drop)?;
        RuleSet::new(&rules, Some(current.as_str()))
            .with_policy(Command::Drop)
            .lockout(my_address())
    }));
    // The radio group is the field: its message and mark are on the group.
    let Bound { id, value, input, leave, message } = form.text(
        "default_firewall_policy",
        |f| &f.default_firewall_policy,
        |f| &mut f.default_firewall_policy,
    );
    let choose = move |policy: &'static str| {
        move |_| {
            input.run(policy.to_owned());
            leave.run(());
        }
    };
    let error_id = format!("{id}-error");
    let then_apply = Memo::new(move |_| with_rollback.form.with(|f| f.on));
    let input = Callback::new(move |f: PolicyForm| {
        (nic.clone(), f.default_firewall_policy, then_apply.get_untracked())
    });
    let submit = Callback::new(move |f: PolicyForm| {
        if guard.pass() {
            with_rollback.send(
                move || vec![(ctx.id.get_untracked(), ctx.name())],
                move |_| op.submit(form, input.run(f)),
            );
        }
    });
    let policy_request = op.preview(form, input);
    let requests = Signal::derive(move || {
        let mut requests = policy_request.get();
        if then_apply.get() && !requests.is_empty() {
            requests.extend(apply.request(&()));
        }
        requests
    });
    view! {
        <FormView form=form on_submit=submit doing=t::NIC_SETTING_POLICY.get()>
            <p>{t::NIC_POLICY_TEXT.get()}</p>
            <div class="choices" role="radiogroup" aria-label=t::NIC_DEFAULT_POLICY.get() id=id.clone() tabindex="-1"
                aria-invalid=move || message.with(Option::is_some).to_string()
                aria-describedby=described_by(id.clone(), message, false)>
                <label class="choice"><input type="radio" name="policy" id="policy-accept" prop:checked=move || value.get() == "ACCEPT" on:change=choose("ACCEPT")/>
                    <span><strong>"ACCEPT"</strong>" "{t::NIC_POLICY_ACCEPT.get()}</span></label>
                <label class="choice"><input type="radio" name="policy" id="policy-drop" prop:checked=move || value.get() == "DROP" on:change=choose("DROP")/>
                    <span><strong>"DROP"</strong>" "{t::NIC_POLICY_DROP.get()}</span></label>
            </div>
            {move || message.get().map(|text| view! { <p class="field-error" id=error_id.clone()>{text}</p> })}
            <LockoutNotice guard=guard again=t::NIC_SET_POLICY.get()/>
            <RollbackChoice chooser=with_rollback/>
            {move || apply.error.get().map(|e| view! { <ErrorView error=e doing=vmdeck_core::i18n::common::APPLYING_FIREWALL_RULES.get()/> })}
            <ApiRequestView requests=requests id="dialog-request" what=vm::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="confirm-action" label=t::NIC_SET_POLICY.get()/>
            </div>
        </FormView>
    }
}
