//! The interface's rules and default policy saved as a set of the user's
//! own, kept in this browser per account and offered with the others
//! wherever a set is applied; and the user's sets, to delete.

use crate::components::{Modal, TextField};

use crate::firewall::rule_sets::{saved_sets, write_saved_sets};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::session::use_session;
use leptos::prelude::*;
use vmdeck_core::firewall::saved::{self, SaveSetForm, WrittenSet};
use vmdeck_core::i18n::{common as c, firewall as t, integer};
use vmdeck_core::network::{FirewallRule, Interface};

#[component]
pub fn SaveSet(
    open: RwSignal<bool>,
    nic: Memo<Option<Interface>>,
    rules: Memo<Option<Vec<FirewallRule>>>,
) -> impl IntoView {
    let session = use_session();
    let form = use_form_with_options(
        "save-set",
        SaveSetForm::default(),
        UseFormOptions::default().check(SaveSetForm::errors),
    );
    let mine = RwSignal::new(Vec::<WrittenSet>::new());
    // What the last press said: saved, or why not.
    let said = RwSignal::new(None::<Result<String, String>>);
    let armed = RwSignal::new(None::<String>);
    Effect::watch(
        move || open.get(),
        move |now, _, _| {
            if *now {
                mine.set(saved_sets(session));
                said.set(None);
                armed.set(None);
            }
        },
        true,
    );
    let label = move || {
        nic.with(|n| {
            n.as_ref().map(|n| n.label.clone().or_else(|| n.id.clone()).unwrap_or_default())
        })
        .unwrap_or_default()
    };
    let replaces = move || {
        form.with(|f| mine.with(|list| list.iter().any(|s| saved::same_name(&s.name, &f.name))))
    };
    let keep = move |list: Vec<WrittenSet>| {
        let kept = write_saved_sets(session, &list);
        if kept {
            mine.set(list);
        }
        kept
    };
    let save = move || {
        let Some(value) = form.submit() else { return };
        let Some(list) = rules.get_untracked() else { return };
        let policy =
            nic.with_untracked(|n| n.as_ref().and_then(|n| n.default_firewall_policy.clone()));
        let outcome =
            WrittenSet::of_interface(&value.name, policy.as_deref(), &list).and_then(|set| {
                let name = set.name.clone();
                let mut all = mine.get_untracked();
                saved::put(&mut all, set);
                if keep(all) {
                    Ok(name)
                } else {
                    Err(t::FW_SAVE_SET_NOT_KEPT.get().to_owned())
                }
            });
        if outcome.is_ok() {
            form.start_from(SaveSetForm::default());
        }
        said.set(Some(outcome));
    };
    let delete = move |name: String| {
        if armed.get_untracked().as_deref() != Some(name.as_str()) {
            armed.set(Some(name));
            return;
        }
        armed.set(None);
        let mut all = mine.get_untracked();
        saved::remove(&mut all, &name);
        if !keep(all) {
            said.set(Some(Err(t::FW_SAVE_SET_NOT_KEPT.get().to_owned())));
        }
    };
    view! {
        <Modal open=open title=t::FW_SAVE_SET_TITLE.get() id="save-set-dialog">
            <p>{move || vmdeck_core::tf!(t::FW_SAVE_SET_TEXT, count = integer(rules.with(|r| r.as_ref().map_or(0, Vec::len)) as i64), interface = label())}</p>
            <TextField bound=form.text("name", |f| &f.name, |f| &mut f.name) label=t::FW_SAVE_SET_NAME.get()/>
            <Show when=replaces>
                <p class="muted" id="save-set-replaces">{t::FW_SAVE_SET_REPLACES.get()}</p>
            </Show>
            {move || said.get().map(|said| match said {
                Ok(name) => view! { <p class="notice notice-info" role="status" id="save-set-saved">{vmdeck_core::tf!(t::FW_SAVE_SET_SAVED, name = name)}</p> }.into_any(),
                Err(why) => view! { <p class="notice notice-error" role="alert" id="save-set-refused">{why}</p> }.into_any(),
            })}
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| open.set(false)>{c::CLOSE.get()}</button>
                <button type="button" class="button button-primary" id="save-set-save" disabled=move || rules.with(Option::is_none) on:click=move |_| save()>
                    {t::FW_SAVE_SET_SAVE.get()}
                </button>
            </div>
            <h3 class="modal-subhead">{t::FW_SAVED_SETS.get()}</h3>
            {move || if mine.with(Vec::is_empty) {
                view! { <p class="muted" id="saved-sets-none">{t::FW_SAVED_SETS_NONE.get()}</p> }.into_any()
            } else {
                view! {
                    <ul class="saved-sets" id="saved-sets">
                        {mine.get().into_iter().map(|set| {
                            let name = set.name.clone();
                            let asking = {
                                let name = name.clone();
                                move || armed.with(|a| a.as_deref() == Some(name.as_str()))
                            };
                            let summary = match &set.policy {
                                Some(policy) => vmdeck_core::tf!(t::FW_SAVED_SET_SUMMARY, count = integer(set.rules.len() as i64), policy = policy),
                                None => vmdeck_core::tf!(t::FW_SAVED_SET_RULES, count = integer(set.rules.len() as i64)),
                            };
                            view! {
                                <li>
                                    <span><strong>{set.name.clone()}</strong>" "<span class="muted">{summary}</span></span>
                                    <button type="button" class="button button-danger button-small" on:click=move |_| delete(name.clone())>
                                        {let name = set.name.clone(); move || if asking() { vmdeck_core::tf!(t::FW_SAVED_SET_DELETE_AGAIN, name = name.clone()) } else { c::DELETE.get().to_owned() }}
                                    </button>
                                </li>
                            }
                        }).collect_view()}
                    </ul>
                }.into_any()
            }}
        </Modal>
    }
}
