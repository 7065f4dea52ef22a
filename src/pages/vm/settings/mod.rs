//! The VM's settings: every operation that changes it, each with a card
//! saying what it does to the running VM, and a dialog where it takes input.

mod clone;
mod destroy;
mod edit;
mod maintenance;
mod rebuild;
mod segregation;

use super::{use_vm, DialogActions};
use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;

/// What an operation does to the VM, shown on its card.
#[derive(Clone, Copy)]
pub enum Effect {
    NoRestart,
    MayRestart,
    Restarts,
    ErasesData,
}

impl Effect {
    fn label(self) -> (&'static str, &'static str) {
        match self {
            Effect::NoRestart => ("effect-none", t::SETTINGS_NO_RESTART.get()),
            Effect::MayRestart => ("effect-some", t::SETTINGS_MAY_RESTART.get()),
            Effect::Restarts => ("effect-some", t::SETTINGS_RESTARTS.get()),
            Effect::ErasesData => ("effect-danger", t::SETTINGS_ERASES_DATA.get()),
        }
    }
}

/// A card: the operation's name, what it does, and its button.
#[component]
fn Card(
    id: &'static str,
    title: &'static str,
    effect: Effect,
    #[prop(into)] text: String,
    children: Children,
) -> impl IntoView {
    let (class, label) = effect.label();
    view! {
        <article class="card" id=id>
            <header class="card-head">
                <h2>{title}</h2>
                <span class=format!("effect {class}")>{label}</span>
            </header>
            <p class="muted">{text}</p>
            <div class="card-actions">{children()}</div>
        </article>
    }
}

#[component]
pub fn SettingsTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    view! {
        <div class="cards">
            <edit::EditCard ctx=ctx/>
            <maintenance::ResetPasswordCard ctx=ctx/>
            <maintenance::RebuildNetworkCard ctx=ctx/>
            <maintenance::ApplyFirewallCard ctx=ctx/>
            <clone::CloneCard ctx=ctx/>
            <maintenance::TemplateCard ctx=ctx/>
            <segregation::SegregationCard ctx=ctx/>
            <rebuild::RebuildCard ctx=ctx/>
            <destroy::DestroyCard ctx=ctx/>
        </div>
    }
    .into_any()
}

