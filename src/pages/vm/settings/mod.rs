//! The VM's settings: every operation that changes it, each with a card
//! saying what it does to the running VM, and a dialog where it takes input.

mod clone;
mod destroy;
mod edit;
mod maintenance;
mod protection;
mod rebuild;
mod segregation;

use super::{use_vm, DialogActions, Impact};
use crate::components::{ActionButton, Modal};
use leptos::prelude::*;

/// A card: the operation's name, what it does, and its button.
#[component]
fn Card(
    id: &'static str,
    title: &'static str,
    impact: Impact,
    #[prop(into)] text: String,
    children: Children,
) -> impl IntoView {
    let (class, label) = impact.label();
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

/// The button on a card that opens its operation's dialog.
#[derive(Clone, Copy)]
struct Opener {
    /// The button's element id.
    id: &'static str,
    label: &'static str,
    /// It erases data: drawn as a danger.
    danger: bool,
}

/// The one shape of the tab's cards: the card with its opener, and the
/// operation's dialog (`children`), opened by `open`. `note` is drawn under
/// the opener (what the last run made).
#[component]
fn DialogCard(
    id: &'static str,
    title: &'static str,
    impact: Impact,
    #[prop(into)] text: String,
    opener: Opener,
    /// Why the operation cannot be started now (`Op::blocked`).
    blocked: Signal<Option<&'static str>>,
    open: RwSignal<bool>,
    dialog_id: &'static str,
    dialog_title: &'static str,
    #[prop(optional, into)] note: Option<ViewFn>,
    children: ChildrenFn,
) -> impl IntoView {
    let class = if opener.danger { "button button-danger" } else { "button" };
    view! {
        <Card id=id title=title impact=impact text=text>
            <ActionButton class=class id=opener.id blocked=blocked on:click=move |_| open.set(true)>{opener.label}</ActionButton>
            {note.map(|note| move || note.run())}
        </Card>
        <Modal open=open title=dialog_title id=dialog_id>
            {children()}
        </Modal>
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
            <protection::ProtectionCard ctx=ctx/>
            <rebuild::RebuildCard ctx=ctx/>
            <destroy::DestroyCard ctx=ctx/>
        </div>
    }
    .into_any()
}
