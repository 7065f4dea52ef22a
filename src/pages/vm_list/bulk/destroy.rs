//! The dialog of a bulk destroy: the VMs it destroys and those protected,
//! the word typed to confirm it, and the requests it sends.

use super::{Item, Runner};
use crate::components::{ApiRequestView, FormView, SubmitButton, TypedConfirm, TypedWord};
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::forms::ConfirmForm;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::vm::bulk::BulkAction;

/// What a bulk destroy asks to be typed.
fn destroy_word() -> &'static str {
    t::BULK_DESTROY_WORD.get()
}

#[component]
pub(super) fn BulkDestroy(runner: Runner) -> impl IntoView {
    let (free, _) = runner.protected_of(&runner.to_destroy.get_untracked());
    let (items, kept): (Vec<Item>, Vec<Item>) =
        runner.to_destroy.get_untracked().into_iter().partition(|item| free.contains(&item.id));
    // Every VM chosen is protected: the dialog says so, and nothing can be sent.
    let none_left = items.is_empty();
    let form =
        use_form_with_options("bulk-destroy", ConfirmForm::default(), UseFormOptions::default());
    let word = TypedWord::new(form, destroy_word().to_owned());
    let confirmed = word.confirmed();
    let blocked = Signal::derive(move || {
        if none_left {
            Some(t::BULK_DESTROY_ALL_PROTECTED.get())
        } else {
            (!confirmed.get()).then_some(t::BULK_TYPE_FIRST.get())
        }
    });
    let submit = Callback::new(move |_: ConfirmForm| {
        if confirmed.get_untracked() {
            form.start_from(ConfirmForm::default());
            runner.destroy_open.set(false);
            runner.send(BulkAction::Destroy, runner.to_destroy.get_untracked());
        }
    });
    let count = items.len();
    // One request per VM, as the runner sends them.
    let requests = Signal::derive(move || {
        let Some(credentials) = runner.session.credentials() else { return Vec::new() };
        free.iter()
            .filter_map(|id| BulkAction::Destroy.request(&credentials.account_id, id).ok())
            .collect()
    });
    let name_of = |item: Item| view! { <li>{item.name}<span class="muted small mono">{format!(" {}", vmdeck_core::tf!(c::VM_NUMBER, id = item.id))}</span></li> };
    view! {
        <FormView form=form on_submit=submit doing=t::BULK_DESTROYING.get()>
            {(!items.is_empty()).then(|| view! {
                <div class="notice notice-error">
                    <p class="notice-title">{vmdeck_core::i18n::plural(count as u64, &t::BULK_DESTROY_WARNING_ONE, &t::BULK_DESTROY_WARNING_OTHER)}</p>
                    <ul id="bulk-destroy-list">{items.into_iter().map(name_of).collect_view()}</ul>
                </div>
            })}
            {(!kept.is_empty()).then(|| view! {
                <div class="notice notice-warning" id="bulk-destroy-protected">
                    {none_left.then(|| view! { <p class="notice-title">{t::BULK_DESTROY_ALL_PROTECTED.get()}</p> })}
                    <p class=if none_left { "small" } else { "notice-title" }>{t::BULK_DESTROY_PROTECTED.get()}</p>
                    <ul>{kept.into_iter().map(name_of).collect_view()}</ul>
                </div>
            })}
            {(!none_left).then(|| view! { <TypedConfirm word=word/> })}
            <ApiRequestView requests=requests id="dialog-request" what=t::BULK_DESTROY_REQUEST_WHAT.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="bulk-destroy-confirm" label=vmdeck_core::i18n::common::DESTROY_FOR_GOOD.get() blocked=blocked/>
            </div>
        </FormView>
    }
}
