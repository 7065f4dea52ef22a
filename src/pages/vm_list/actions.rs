//! What the list's actions need on a first visit: the selection, the bar
//! over the table, the export buttons, and a way to ask for a bulk action or
//! an export. The code that carries them out (the runner, each VM's result,
//! the destroy dialog, the export) comes in a part, fetched when the first
//! row is selected or the first action asked for (`bulk.rs`, `export.rs`).

use crate::components::{ErrorView, ExportButtons};

use crate::hooks::UseDataReturn;
use crate::marks::tags::{use_tags, TagStore};
use crate::start::parts::{use_part, Part, UsePart};
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::vm::bulk::{BulkAction, Selection};
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::{Page, Vm};

/// What the list asks its actions' part to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// An action on these VMs; a destroy asks for the typed word first.
    Bulk(BulkAction, Vec<String>),
    /// Every VM of the list's view, as CSV or JSON; passwords only when asked for.
    Export { json: bool, include_secrets: bool },
}

/// The list's actions, shared by the shell and the part.
#[derive(Clone, Copy)]
pub struct ListActions {
    pub selection: RwSignal<Selection>,
    /// A bulk action runs: no other may start.
    pub running: RwSignal<bool>,
    /// An export runs, and how far it is.
    pub exporting: RwSignal<Option<String>>,
    /// What was asked for, taken by the part when it is in.
    pub asked: RwSignal<Vec<Ask>>,
    pub list: UseDataReturn<Page<Vm>>,
    pub query: Memo<VmQuery>,
    /// The VMs with the view's tag, when it has one.
    pub tagged: Memo<Option<BTreeSet<String>>>,
    pub tags: Option<TagStore>,
    /// The dialog that gives the selection tags is open (drawn by the part).
    pub tags_open: RwSignal<bool>,
    /// The dialog that saves the list as a view is open (drawn by the part).
    pub view_open: RwSignal<bool>,
    /// The part that carries them out (`bulk::LIST_ACTIONS`).
    part: UsePart,
}

/// The list's actions, provided to `part`, which carries them out.
pub fn use_list_actions(
    list: UseDataReturn<Page<Vm>>,
    query: Memo<VmQuery>,
    tagged: Memo<Option<BTreeSet<String>>>,
    part: &'static Part,
) -> ListActions {
    let actions = ListActions {
        selection: RwSignal::new(Selection::default()),
        running: RwSignal::new(false),
        exporting: RwSignal::new(None),
        asked: RwSignal::new(Vec::new()),
        list,
        query,
        tagged,
        tags: use_tags(),
        tags_open: RwSignal::new(false),
        view_open: RwSignal::new(false),
        part: use_part(part),
    };
    provide_context(actions);
    // A selected row is an action on its way: the part comes now.
    Effect::new(move || {
        if actions.selection.with(|s| !s.is_empty()) {
            actions.fetch();
        }
    });
    actions
}

impl ListActions {
    pub fn running(self) -> bool {
        self.running.get()
    }

    /// Asks for `ask`, which runs once the part is in; a bulk action
    /// asked for while one runs is not.
    pub fn ask(self, ask: Ask) {
        if matches!(ask, Ask::Bulk(_, ref ids) if ids.is_empty() || self.running.get_untracked()) {
            return;
        }
        self.asked.update(|asked| asked.push(ask));
        self.fetch();
    }

    /// Opens one of the part's dialogs (`ListActions::tags_open`, `view_open`), fetching the part first.
    pub fn open(self, dialog: RwSignal<bool>) {
        dialog.set(true);
        self.fetch();
    }

    fn fetch(self) {
        // What was asked for is dropped if the part cannot come: "Try again"
        // fetches, the user asks again.
        let dropped = move || {
            self.asked.try_set(Vec::new());
            self.exporting.try_set(None);
        };
        self.part.load(|| {}, dropped);
    }
}

/// The bar over the table while rows are selected, and where the part
/// shows each VM's result.
#[component]
pub fn BulkBar(actions: ListActions, page_ids: Memo<Vec<String>>) -> impl IntoView {
    let count = Memo::new(move |_| actions.selection.with(Selection::len));
    let retry = Callback::new(move |()| actions.fetch());
    view! {
        {move || (count.get() > 0).then(|| view! {
            <div class="bulk-bar" id="bulk-bar" role="region" aria-label=t::LIST_SELECTED_VMS.get()>
                <span id="bulk-count">{move || vmdeck_core::i18n::plural(count.get() as u64, &t::LIST_SELECTED_ONE, &t::LIST_SELECTED_OTHER)}</span>
                {BulkAction::ALL.iter().map(|action| {
                    let action = *action;
                    view! {
                        <button type="button" class=if action == BulkAction::Destroy { "button button-small danger-text" } else { "button button-small" }
                            id=format!("bulk-{}", action.id()) disabled=move || actions.running()
                            on:click=move |_| actions.ask(Ask::Bulk(action, page_ids.with_untracked(|p| actions.selection.with_untracked(|s| s.ids_in(p)))))>
                            {action.label()}
                        </button>
                    }
                }).collect_view()}
                {actions.tags.is_some().then(|| view! {
                    <button type="button" class="button button-small" id="bulk-tags" aria-haspopup="dialog" on:click=move |_| actions.open(actions.tags_open)>{c::TAGS_ELLIPSIS.get()}</button>
                })}
                <button type="button" class="button button-quiet button-small" id="bulk-clear" on:click=move |_| actions.selection.update(Selection::clear)>{t::LIST_CLEAR_SELECTION.get()}</button>
            </div>
        })}
        {move || actions.part.failed.get().map(|e| view! { <ErrorView error=e doing=t::LIST_FETCHING_ACTIONS.get() on_retry=retry/> })}
        {move || actions.part.view()}
    }
}

/// "Export CSV" and "Export JSON" of the whole view, with the progress.
#[component]
pub fn ExportListButtons(actions: ListActions) -> impl IntoView {
    let ask = Callback::new(move |(json, include_secrets): (bool, bool)| {
        actions.exporting.set(Some(t::LIST_EXPORTING.get().to_owned()));
        actions.ask(Ask::Export { json, include_secrets });
    });
    view! { <ExportButtons id="vms" ask=ask progress=Signal::from(actions.exporting) secrets=true/> }
}
