//! Rules imported instead of typed: pasted or loaded (the text form, the
//! panel's CSV or JSON export), shown line by line with what each would be
//! on the interface, and only then added, one request at a time in order,
//! each result shown. They are applied with the others.

use crate::components::{my_address, CheckField, ErrorView, Guard, LockoutNotice, Modal, TextAreaField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::VmCtx;
use crate::session::use_session;
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use vmdeck_core::api::request;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::import::{self, Format};
use vmdeck_core::firewall::rules::{describe, Command, RuleSet};
use vmdeck_core::firewall::sets::{built_in, preview, Verdict};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{firewall as t, integer};
use vmdeck_core::network::FirewallRule;
use vmdeck_core::ApiError;
use wasm_bindgen::JsCast;

/// What is pasted, kept as a draft like any form; a rule set chosen fills
/// it, and may bring its default policy, set after the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
struct ImportText {
    text: String,
    /// ACCEPT or DROP from the set chosen; empty: none.
    policy: String,
    set_policy: bool,
}

/// How one rule's request went.
#[derive(Clone, Debug, PartialEq)]
enum Sent {
    Waiting,
    Done,
    Failed(ApiError),
}

/// A rule that would be sent, its line and what it says.
fn body_of(rule: &RuleForm) -> Option<(Value, String)> {
    let body = rule.body().ok()?;
    let said = describe(&FirewallRule::from_map(body.as_object()?));
    Some((body, said))
}

#[component]
pub fn ImportRules(
    ctx: VmCtx,
    nic: Memo<String>,
    rules: Memo<Option<Vec<FirewallRule>>>,
    rule_set: Signal<Option<RuleSet>>,
    policy: Memo<Option<String>>,
    /// Called with each rule created, as the rule form's creation is.
    created: Callback<(Value, String)>,
) -> impl IntoView {
    let open = RwSignal::new(false);
    let form = use_form_with_options("import", ImportText::default(), UseFormOptions::default().draft(&format!("import.{}", ctx.id.get_untracked()), ImportText::clone));
    let read = Memo::new(move |_| form.with(|f| import::read(&f.text)));
    let deploy = crate::deploy::use_deploy();
    let sets = Memo::new(move |_| {
        let mine = my_address().map(|a| a.to_string());
        let mut sets = built_in(mine.as_deref());
        sets.extend(deploy.with(|d| d.firewall_sets.clone()));
        sets
    });
    // The set's policy, when it is to be set and is not the interface's already.
    let new_policy = Memo::new(move |_| form.with(|f| (f.set_policy && !f.policy.is_empty()).then(|| f.policy.clone())).filter(|p| policy.get().as_deref() != Some(p.as_str())));
    let choose_set = move |ev: leptos::ev::Event| {
        let chosen = event_target_value(&ev).parse::<usize>().ok().and_then(|i| sets.with_untracked(|sets| sets.get(i).cloned()));
        if let Some(set) = chosen {
            form.edit("text", |f| {
                f.text = set.text();
                f.policy = set.policy.clone().unwrap_or_default();
                f.set_policy = set.policy.is_some();
            });
        }
    };
    // Each rule read, with what it would be on the interface as it is now.
    let verdicts = Memo::new(move |_| {
        let existing = rules.get().unwrap_or_default();
        read.with(|read| {
            let list: Vec<RuleForm> = read.rules.iter().map(|r| r.rule.clone()).collect();
            preview(&existing, policy.get().as_deref(), &list)
        })
    });
    let to_send = Memo::new(move |_| read.with(|read| verdicts.with(|v| read.rules.iter().zip(v).filter(|(_, v)| **v != Verdict::Present).map(|(r, _)| r.rule.clone()).collect::<Vec<_>>())));
    let guard = Guard::new(Signal::derive(move || {
        let added: Vec<FirewallRule> = to_send.with(|list| list.iter().filter_map(body_of).filter_map(|(body, _)| body.as_object().map(FirewallRule::from_map)).collect());
        let dropping = new_policy.with(|p| p.as_deref() == Some("DROP"));
        // Only a DROP, a rule's or the policy's, can lock anyone out; the rules
        // it is checked with are all of them, in the order they would be.
        if !dropping && !added.iter().any(|r| r.command.as_deref() == Some("DROP")) {
            return None;
        }
        rule_set.with(|set| {
            let set = added.iter().fold(set.as_ref()?.clone(), |set, rule| set.with_rule(rule));
            if dropping { set.with_policy(Command::Drop) } else { set }.lockout(my_address())
        })
    }));
    let sent = RwSignal::new(Vec::<(String, Sent)>::new());
    let sending = Memo::new(move |_| sent.with(|s| s.iter().any(|(_, state)| *state == Sent::Waiting)));
    let session = use_session();
    let tasks = use_tasks();
    let send = move || {
        if sending.get_untracked() || !guard.pass() {
            return;
        }
        let list: Vec<(Value, String)> = to_send.get_untracked().iter().filter_map(body_of).collect();
        let interface = nic.get_untracked();
        let then_policy = new_policy.get_untracked();
        let policy_said = then_policy.as_ref().map(|p| vmdeck_core::tf!(t::FW_SET_POLICY_SENT, policy = p));
        sent.set(list.iter().map(|(_, said)| said.clone()).chain(policy_said.clone()).map(|said| (said, Sent::Waiting)).collect());
        spawn_local(async move {
            // In order, one at a time: the interface's rules keep the order they were given.
            for (i, (body, said)) in list.into_iter().enumerate() {
                let made = session.account_id().and_then(|account| request::create_rule(&account, &interface, body));
                let (task, reply) = tasks.send(session, Operation::CreateFirewallRule, (ctx.id.get_untracked(), ctx.name()), made);
                let state = match reply.await {
                    Ok(reply) => {
                        tasks.done(task, None);
                        created.run((reply.body, said));
                        Sent::Done
                    }
                    Err(error) => Sent::Failed(error),
                };
                sent.update(|s| if let Some(slot) = s.get_mut(i) { slot.1 = state });
            }
            // The set's policy last, once its rules are there.
            if let Some(wanted) = then_policy {
                let made = session.account_id().and_then(|account| request::set_default_policy(&account, &interface, &wanted));
                let (task, reply) = tasks.send(session, Operation::SetDefaultPolicy, (ctx.id.get_untracked(), ctx.name()), made);
                let state = match reply.await {
                    Ok(_) => {
                        tasks.done(task, None);
                        Sent::Done
                    }
                    Err(error) => Sent::Failed(error),
                };
                sent.update(|s| if let Some(slot) = s.last_mut() { slot.1 = state });
            }
            ctx.refresh();
        });
    };
    let load = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        spawn_local(async move {
            if let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await {
                if let Some(text) = text.as_string() {
                    form.edit("text", |f| f.text = text);
                }
            }
        });
    };
    view! {
        <button type="button" class="button" id="import-rules" on:click=move |_| { sent.set(Vec::new()); open.set(true) }>{t::FW_IMPORT.get()}</button>
        <Modal open=open title=t::FW_IMPORT_TITLE.get() id="import-dialog">
            <label class="field">
                <span class="field-label">{t::FW_SET_START.get()}</span>
                <select id="import-set" on:change=choose_set>
                    <option value="">"—"</option>
                    {move || sets.get().into_iter().enumerate().map(|(i, set)| view! { <option value=i.to_string()>{set.name}</option> }).collect_view()}
                </select>
            </label>
            <p class="muted">{t::FW_IMPORT_INTRO.get()}</p>
            <pre class="import-example mono small">{"accept tcp 22 from 203.0.113.0/24 # office\naccept tcp 80,443\ndrop udp any from any"}</pre>
            <TextAreaField bound=form.text("text", |f| &f.text, |f| &mut f.text) label=t::FW_IMPORT_TEXT.get() rows=6/>
            <label class="field import-file">
                <span class="field-label">{t::FW_IMPORT_FILE.get()}</span>
                <input type="file" id="import-file" accept=".txt,.csv,.json,text/plain,text/csv,application/json" on:change=load/>
            </label>
            {move || form.with(|f| (!f.policy.is_empty()).then(|| f.policy.clone())).map(|wanted| view! {
                <CheckField bound=form.bind_flag("set_policy", |f| f.set_policy, |f, on| f.set_policy = on)>
                    {vmdeck_core::tf!(t::FW_SET_POLICY_TOO, policy = wanted)}
                </CheckField>
            })}
            <ImportPreview read=read verdicts=verdicts/>
            <LockoutNotice guard=guard again=t::FW_IMPORT_SEND.get()/>
            <SentList sent=sent/>
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{vmdeck_core::i18n::common::CLOSE.get()}</button>
                <button type="button" class="button button-primary" id="import-send"
                    disabled=move || sending.get() || (to_send.with(Vec::is_empty) && new_policy.with(Option::is_none)) || nic.with(String::is_empty)
                    on:click=move |_| send()>
                    {move || {
                        let count = to_send.with(Vec::len);
                        if count == 0 {
                            if let Some(policy) = new_policy.get() {
                                return vmdeck_core::tf!(t::FW_SET_POLICY_SEND, policy = policy);
                            }
                        }
                        let text = if count == 1 { &t::FW_IMPORT_SEND_ONE } else { &t::FW_IMPORT_SEND_OTHER };
                        vmdeck_core::tf!(text, count = integer(count as i64))
                    }}
                </button>
            </div>
        </Modal>
    }
}

/// What was read: the rules with their verdicts, and the lines refused with why.
#[component]
fn ImportPreview(read: Memo<import::Import>, verdicts: Memo<Vec<Verdict>>) -> impl IntoView {
    let place = move |at: usize| {
        let format = read.with(|r| r.format);
        if format == Format::Json { vmdeck_core::tf!(t::FW_IMPORT_ITEM, n = at) } else { vmdeck_core::tf!(t::FW_IMPORT_LINE, n = at) }
    };
    view! {
        {move || read.with(|r| (!r.refused.is_empty()).then(|| view! {
            <div class="notice notice-error" id="import-refused">
                <p class="notice-title">{t::FW_IMPORT_REFUSED.get()}</p>
                <ul>{r.refused.iter().map(|refused| view! { <li><strong>{place(refused.at)}</strong>" " {refused.reason.clone()}</li> }).collect_view()}</ul>
            </div>
        }))}
        {move || read.with(|r| (!r.rules.is_empty()).then(|| view! {
            <table class="table import-preview" id="import-preview">
                <thead><tr><th scope="col">{t::FW_IMPORT_WHERE.get()}</th><th scope="col">{t::FW_IMPORT_RULE.get()}</th><th scope="col">{t::FW_IMPORT_VERDICT.get()}</th></tr></thead>
                <tbody>
                    {r.rules.iter().zip(verdicts.get()).map(|(rule, verdict)| {
                        let said = body_of(&rule.rule).map(|(_, said)| said).unwrap_or_default();
                        let (class, text) = match verdict {
                            Verdict::Added => ("verdict-added", t::FW_IMPORT_NEW.get().to_owned()),
                            Verdict::Present => ("verdict-present", t::FW_IMPORT_PRESENT.get().to_owned()),
                            Verdict::Shadowed(message) => ("verdict-shadowed", vmdeck_core::tf!(t::FW_IMPORT_SHADOWED, message = message)),
                        };
                        view! { <tr class=class><td>{place(rule.at)}</td><td class="mono">{said}</td><td>{text}</td></tr> }
                    }).collect_view()}
                </tbody>
            </table>
        }))}
    }
}

/// Each rule sent, and how it went.
#[component]
fn SentList(sent: RwSignal<Vec<(String, Sent)>>) -> impl IntoView {
    move || sent.with(|list| (!list.is_empty()).then(|| view! {
        <ol class="import-sent" id="import-sent">
            {list.iter().map(|(said, state)| {
                let said = said.clone();
                match state {
                    Sent::Waiting => view! { <li class="sent-waiting"><span class="mono">{said}</span>" " {vmdeck_core::i18n::shell::BULK_SENDING.get()}</li> }.into_any(),
                    Sent::Done => view! { <li class="sent-done"><span class="mono">{said}</span>" " {t::FW_IMPORT_DONE.get()}</li> }.into_any(),
                    Sent::Failed(error) => view! { <li class="sent-failed"><span class="mono">{said}</span><ErrorView error=error.clone() doing=t::FW_CREATING_RULE.get()/></li> }.into_any(),
                }
            }).collect_view()}
        </ol>
    }))
}
