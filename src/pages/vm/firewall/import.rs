//! Rules imported instead of typed: pasted or loaded (the text form, the
//! panel's CSV or JSON export), shown line by line with what each would be
//! on the interface, and only then added, one request at a time in order
//! (`tasks::in_order`), each result shown. They are applied with the others.

use crate::components::{CheckField, Column, DataTable, Modal, TableId, TextAreaField};

use crate::firewall::lockout_guard::{my_address, Guard, LockoutNotice};

use crate::firewall::rule_sets::offered_sets;

use crate::firewall::sent_list::{plan_lines, plan_requests, set_line, SentList};

use crate::firewall::rollback_choice::{RollbackChoice, RollbackChooser};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::pages::vm::{Op, VmCtx};
use crate::session::use_session;
use crate::tasks::in_order::{send_in_order, Ended};
use crate::tasks::use_tasks;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::import::{self, Format};
use vmdeck_core::firewall::rules::describe;
use vmdeck_core::firewall::sets::{plan, Verdict};
use vmdeck_core::history::Sent;
use vmdeck_core::i18n::{firewall as t, integer, DASH};
use vmdeck_core::network::FirewallRule;
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
    policy: Memo<Option<String>>,
    /// Whether the dialog is open: owned by the tab, so that the interface
    /// list changing (a set's policy sent from here) leaves it and its
    /// results in place.
    open: RwSignal<bool>,
    /// The tab's apply: with undo, the rules are applied once all are sent.
    apply: Op<()>,
    /// Called with each rule created, as the rule form's creation is.
    created: Callback<(Value, String)>,
) -> impl IntoView {
    let form = use_form_with_options(
        "import",
        ImportText::default(),
        UseFormOptions::default()
            .draft(&format!("import.{}", ctx.id.get_untracked()), ImportText::clone),
    );
    let read = Memo::new(move |_| form.with(|f| import::read(&f.text)));
    let session = use_session();
    let sets = offered_sets(session, move || open.track());
    let choose_set = move |ev: leptos::ev::Event| {
        let chosen = event_target_value(&ev)
            .parse::<usize>()
            .ok()
            .and_then(|i| sets.with_untracked(|sets| sets.get(i).cloned()));
        if let Some(set) = chosen {
            form.edit("text", |f| {
                f.text = set.text();
                f.policy = set.policy.clone().unwrap_or_default();
                f.set_policy = set.policy.is_some();
            });
        }
    };
    // Each rule read, with what it would be on the interface as it is now,
    // the set's policy if it is to be set, and whether it all may lock anyone out.
    let planned = Memo::new(move |_| {
        let existing = rules.get().unwrap_or_default();
        let wanted =
            form.with(|f| (f.set_policy && !f.policy.is_empty()).then(|| f.policy.clone()));
        read.with(|read| {
            let list: Vec<RuleForm> = read.rules.iter().map(|r| r.rule.clone()).collect();
            plan(&existing, policy.get().as_deref(), &list, wanted.as_deref(), my_address())
        })
    });
    let verdicts = Memo::new(move |_| planned.with(|p| p.verdicts.clone()));
    let to_send = Memo::new(move |_| planned.with(|p| p.rules.clone()));
    let new_policy = Memo::new(move |_| planned.with(|p| p.policy.clone()));
    let guard = Guard::new(Signal::derive(move || planned.with(|p| p.lockout.clone())));
    let sent = RwSignal::new(Vec::<(String, Sent)>::new());
    // Each opening starts without the last one's results.
    Effect::watch(
        move || open.get(),
        move |now, _, _| {
            if *now {
                sent.set(Vec::new())
            }
        },
        false,
    );
    let sending =
        Memo::new(move |_| sent.with(|s| s.iter().any(|(_, state)| *state == Sent::Waiting)));
    let tasks = use_tasks();
    let with_rollback = RollbackChooser::new("import-undo");
    // Sends the plan; with undo, applies the VM's rules once all went through.
    let send_now = move |then_apply: bool| {
        let plan = planned.get_untracked();
        let interface = nic.get_untracked();
        let lines = plan_lines(&plan);
        sent.set(lines.iter().map(|said| (said.clone(), Sent::Waiting)).collect());
        spawn_local(async move {
            let rules = plan.rules.len();
            let step = move |i: usize, state: Sent, body: &Value| {
                if i < rules && state == Sent::Done {
                    created.run((body.clone(), lines.get(i).cloned().unwrap_or_default()));
                }
                sent.update(|s| set_line(s, i, state));
            };
            let requests = plan_requests(session, &interface, &plan);
            let vm = (ctx.id.get_untracked(), ctx.name());
            if send_in_order(session, tasks, vm, requests, step).await == Ended::All && then_apply {
                apply.run(());
            }
            ctx.refresh();
        });
    };
    let send = move || {
        if !sending.get_untracked() && guard.pass() {
            with_rollback.send(move || vec![(ctx.id.get_untracked(), ctx.name())], send_now);
        }
    };
    let load = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
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
        <Modal open=open title=t::FW_IMPORT_TITLE.get() id="import-dialog">
            <label class="field">
                <span class="field-label">{t::FW_SET_START.get()}</span>
                <select id="import-set" on:change=choose_set>
                    <option value="">{DASH}</option>
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
            <RollbackChoice chooser=with_rollback/>
            <SentList id="import-sent" sent=sent/>
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{vmdeck_core::i18n::common::CLOSE.get()}</button>
                <button type="button" class="button button-primary" id="import-send"
                    disabled=move || sending.get() || with_rollback.held() || (to_send.with(Vec::is_empty) && new_policy.with(Option::is_none)) || nic.with(String::is_empty)
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
        if format == Format::Json {
            vmdeck_core::tf!(t::FW_IMPORT_ITEM, n = at)
        } else {
            vmdeck_core::tf!(t::FW_IMPORT_LINE, n = at)
        }
    };
    view! {
        {move || read.with(|r| (!r.refused.is_empty()).then(|| view! {
            <div class="notice notice-error" id="import-refused">
                <p class="notice-title">{t::FW_IMPORT_REFUSED.get()}</p>
                <ul>{r.refused.iter().map(|refused| view! { <li><strong>{place(refused.at)}</strong>" " {refused.reason.clone()}</li> }).collect_view()}</ul>
            </div>
        }))}
        {move || read.with(|r| (!r.rules.is_empty()).then(|| {
            let columns = [t::FW_IMPORT_WHERE, t::FW_IMPORT_RULE, t::FW_IMPORT_VERDICT].map(|text| Column::text(text.get())).to_vec();
            let rows = r.rules.iter().zip(verdicts.get()).map(|(rule, verdict)| {
                let said = body_of(&rule.rule).map(|(_, said)| said).unwrap_or_default();
                let (class, text) = match verdict {
                    Verdict::Added => ("verdict-added", t::FW_IMPORT_NEW.get().to_owned()),
                    Verdict::Present => ("verdict-present", t::FW_IMPORT_PRESENT.get().to_owned()),
                    Verdict::Shadowed(message) => ("verdict-shadowed", vmdeck_core::tf!(t::FW_IMPORT_SHADOWED, message = message)),
                };
                view! { <tr class=class><td>{place(rule.at)}</td><td class="mono">{said}</td><td>{text}</td></tr> }
            }).collect_view();
            view! { <DataTable id=TableId::Exact("import-preview") columns=columns class="import-preview" bare=true>{rows}</DataTable> }
        }))}
    }
}
