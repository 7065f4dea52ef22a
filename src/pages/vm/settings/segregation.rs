//! Segregation: keep this VM on another hypervisor than a chosen VM.

use super::{Card, Impact};
use crate::api::vms::list_segregations;
use crate::components::{ActionButton, Empty, FormView, Loaded, TextField};
use crate::hooks::{use_form_with_options, use_vm_search, UseFormOptions};
use crate::pages::vm::{use_op, use_tab_data, VmCtx};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::api::request;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::route::href;
use vmdeck_core::vm::settings::SegregationForm;
use vmdeck_core::Vm;

#[component]
pub fn SegregationCard(ctx: VmCtx) -> impl IntoView {
    let current = use_tab_data(ctx, |api, id| async move { list_segregations(&api, &id).await });
    let op = use_op(
        ctx,
        Operation::Segregation,
        |_, _| {},
        |account, id, (target, keep_apart): &(String, bool)| {
            request::set_segregation(account, id, target, *keep_apart)
        },
    );
    let blocked = op.blocked();
    // The picker is a form: the hostname searched for; the operation's
    // refusals show at its top.
    let form = use_form_with_options(
        "segregation",
        SegregationForm::default(),
        UseFormOptions::default().check(SegregationForm::errors).pending(op.pending()),
    );
    let keep_apart = move |target: String, apart: bool| op.submit(form, (target, apart));

    // The picker: the account's other VMs that the text finds.
    let search = RwSignal::new(String::new());
    let found = use_vm_search(move || search.get(), 10);
    let other = move |vm: &Vm| ctx.id.with_untracked(|own| vm.id.as_deref() != Some(own.as_str()));

    view! {
        <Card id="card-segregation" title=t::SEGREGATION_TITLE.get() impact=Impact::NoRestart
            text=t::SEGREGATION_TEXT.get()>
            <div class="segregation">
                <Loaded data=current doing=t::SEGREGATION_DOING_LOAD.get() fallback=|| view! { <p class="muted">{t::SEGREGATION_LOADING.get()}</p> }
                    empty=Empty::list(|| view! { <p class="muted" id="segregation-none">{t::SEGREGATION_NONE.get()}</p> })
                    render={move |list: Vec<Vm>| view! {
                        <ul class="plain-list" id="segregation-list">
                            {list.into_iter().map(|vm| {
                                let id = vm.id.clone().unwrap_or_default();
                                let target = id.clone();
                                let (name, hostname) = (vm.display_name(), vm.hostname.clone().unwrap_or_default());
                                view! {
                                    <li>
                                        <A href=href::vm(&id)>{name}</A>
                                        <span class="muted mono">{hostname}</span>
                                        <ActionButton class="button button-quiet" blocked=blocked
                                            on:click=move |_| keep_apart(target.clone(), false)>{vmdeck_core::i18n::common::REMOVE.get()}</ActionButton>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }}/>
                <FormView form=form on_submit=Callback::new(move |f: SegregationForm| {
                    // A search done is nothing unsent.
                    form.start_from(f.clone());
                    search.set(f.hostname);
                }) doing=t::SEGREGATION_DOING_CHANGE.get()>
                    <div class="search-row">
                        <TextField bound=form.text("hostname", |f| &f.hostname, |f| &mut f.hostname) label=t::SEGREGATION_SEARCH.get() placeholder=t::SEGREGATION_SEARCH_PLACEHOLDER.get()/>
                        <button type="submit" class="button" id="segregation-find">{t::SEGREGATION_FIND.get()}</button>
                    </div>
                </FormView>
                // A search not made yet finds nothing to say so about.
                <Loaded data=found doing=t::SEGREGATION_DOING_SEARCH.get()
                    empty=Empty::when(move |vms: &Vec<Vm>| !vms.iter().any(other) && !search.with(|s| s.trim().is_empty()), || view! { <p class="muted">{t::SEGREGATION_NOT_FOUND.get()}</p> })
                    render={move |vms: Vec<Vm>| view! {
                        <ul class="plain-list" id="segregation-candidates">
                            {vms.into_iter().filter(other).map(|vm| {
                                let target = vm.id.clone().unwrap_or_default();
                                let (name, hostname) = (vm.display_name(), vm.hostname.clone().unwrap_or_default());
                                view! {
                                    <li>
                                        <span>{name}</span>
                                        <span class="muted mono">{hostname}</span>
                                        <ActionButton blocked=blocked
                                            on:click=move |_| keep_apart(target.clone(), true)>{t::SEGREGATION_KEEP_APART.get()}</ActionButton>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    }}/>
            </div>
        </Card>
    }
}
