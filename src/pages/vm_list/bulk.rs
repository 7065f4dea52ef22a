//! The list's actions carried out (a part, see `actions.rs`): one request
//! per VM, at most four at a time (`api::at_most`, `WRITES_AT_ONCE`), each
//! VM's result as its request ends, the tasks in the tray, the typed
//! confirmation of a destroy, and the export. A row's own menu goes through
//! the same runner with one VM.

mod destroy;
mod results;

use super::actions::{Ask, ListActions};
use super::export::export_list;
use crate::api::{at_most, WRITES_AT_ONCE};
use crate::components::{ErrorView, Modal};
use crate::marks::protection::{use_protection, Protection};
use crate::marks::tags::TagEditor;
use crate::session::{use_session, Session};
use crate::start::parts::part;
use crate::tasks::{use_tasks, Tasks};
use destroy::BulkDestroy;
use futures::StreamExt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use results::Results;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::vm::bulk::{BulkAction, ItemResult, Selection};
use vmdeck_core::{ApiError, Vm};

part!(
    /// What carries out the list's actions and exports: fetched when a row is
    /// first selected or an action first asked for.
    LIST_ACTIONS, part_vm, t::PART_LIST_ACTIONS, view! { <ListActionsPart/> }
);

/// One VM of a bulk action, and how its request went.
#[derive(Clone, Debug, PartialEq)]
struct Item {
    id: String,
    name: String,
    result: ItemResult,
}

/// The bulk action under way (or last done), and the destroy waiting for
/// its confirmation.
#[derive(Clone, Copy)]
struct Runner {
    actions: ListActions,
    action: RwSignal<Option<BulkAction>>,
    items: RwSignal<Vec<Item>>,
    /// The VMs a destroy waits to be confirmed for.
    to_destroy: RwSignal<Vec<Item>>,
    destroy_open: RwSignal<bool>,
    session: Session,
    tasks: Tasks,
    protection: Option<Protection>,
}

impl Runner {
    /// The VMs as the list names them; those of other pages by id.
    fn items_for(self, ids: &[String]) -> Vec<Item> {
        self.actions.list.data.with_untracked(|page| {
            ids.iter()
                .map(|id| {
                    let name = page
                        .as_ref()
                        .and_then(|p| {
                            p.items.iter().find(|vm| vm.id.as_deref() == Some(id.as_str()))
                        })
                        .map(Vm::display_name);
                    Item {
                        id: id.clone(),
                        name: name.unwrap_or_else(|| vmdeck_core::tf!(c::VM_NUMBER, id = id)),
                        result: ItemResult::Waiting,
                    }
                })
                .collect()
        })
    }

    /// The ids of `items` that may be destroyed, and those protected, as the
    /// marks stand in the browser now.
    fn protected_of(self, items: &[Item]) -> (Vec<String>, Vec<String>) {
        let ids: Vec<String> = items.iter().map(|item| item.id.clone()).collect();
        match self.protection {
            Some(protection) => protection.split_now(&ids),
            None => (ids, Vec::new()),
        }
    }

    /// Runs `action` on `ids`; a destroy first asks for the typed word.
    fn act(self, action: BulkAction, ids: &[String]) {
        if ids.is_empty() || self.actions.running.get_untracked() {
            return;
        }
        let items = self.items_for(ids);
        if action == BulkAction::Destroy {
            self.to_destroy.set(items);
            self.destroy_open.set(true);
        } else {
            self.send(action, items);
        }
    }

    fn send(self, action: BulkAction, mut items: Vec<Item>) {
        // A double click, or a second round while one runs, sends nothing.
        let running = self.actions.running;
        if running.get_untracked() {
            return;
        }
        if action == BulkAction::Destroy {
            // As the marks stand now: another tab may have protected one since the dialog opened.
            let (_, protected) = self.protected_of(&items);
            for item in items.iter_mut().filter(|item| protected.contains(&item.id)) {
                item.result = ItemResult::Protected;
            }
        }
        let waiting: Vec<usize> = (0..items.len())
            .filter(|&i| items.get(i).is_some_and(|item| item.result == ItemResult::Waiting))
            .collect();
        self.action.set(Some(action));
        self.items.set(items);
        if waiting.is_empty() {
            return;
        }
        running.set(true);
        let (session, tasks) = (self.session, self.tasks);
        let set = move |index: usize, result: ItemResult| {
            self.items.try_update(|items| {
                if let Some(item) = items.get_mut(index) {
                    item.result = result;
                }
            });
        };
        // Each VM's request, said to be on its way as it takes its turn, and
        // its result shown as it ends.
        let sends = waiting.into_iter().map(move |index| async move {
            let Some(item) =
                self.items.try_with_untracked(|items| items.get(index).cloned()).flatten()
            else {
                return;
            };
            set(index, ItemResult::Sending);
            let made = session.account_id().and_then(|account| action.request(&account, &item.id));
            let reply = tasks.send(session, action.operation(), (item.id, item.name), made);
            match reply.await {
                // Started: the tray follows the VM until it is free.
                Ok(_) => set(index, ItemResult::Done),
                Err(e) => set(index, ItemResult::Refused(e.to_string())),
            }
        });
        spawn_local(async move {
            at_most(WRITES_AT_ONCE, sends).collect::<()>().await;
            running.try_set(false);
            self.actions.selection.try_update(Selection::clear);
            // The rows show their VMs busy, and the list polls them.
            self.actions.list.refresh();
        });
    }
}

/// Carries out what the list asks for, and shows how it went: each VM's
/// result, the destroy dialog, an export's failure.
#[component]
pub fn ListActionsPart() -> impl IntoView {
    let Some(actions) = use_context::<ListActions>() else { return ().into_any() };
    let runner = Runner {
        actions,
        action: RwSignal::new(None),
        items: RwSignal::new(Vec::new()),
        to_destroy: RwSignal::new(Vec::new()),
        destroy_open: RwSignal::new(false),
        session: use_session(),
        tasks: use_tasks(),
        protection: use_protection(),
    };
    let export_failed = RwSignal::new(None::<ApiError>);
    // The selected VMs of the page, for the tags dialog.
    let selected = Signal::derive(move || {
        let ids: Vec<String> = actions.list.data.with(|page| {
            page.as_ref()
                .map(|p| p.items.iter().filter_map(|vm| vm.id.clone()).collect())
                .unwrap_or_default()
        });
        actions.selection.with(|s| s.ids_in(&ids))
    });
    // What was asked for before the part came, and since.
    Effect::new(move || {
        if actions.asked.with(Vec::is_empty) {
            return;
        }
        for ask in actions.asked.try_update(std::mem::take).unwrap_or_default() {
            match ask {
                Ask::Bulk(action, ids) => runner.act(action, &ids),
                Ask::Export { json, include_secrets } => {
                    export_failed.set(None);
                    spawn_local(async move {
                        let result =
                            export_list(runner.session, actions, json, include_secrets).await;
                        actions.exporting.try_set(None);
                        if let Err(e) = result {
                            export_failed.try_set(Some(e));
                        }
                    });
                }
            }
        }
    });
    view! {
        {move || export_failed.get().map(|e| view! { <ErrorView error=e doing=t::BULK_EXPORTING.get()/> })}
        <Results runner=runner/>
        <Modal open=runner.destroy_open title=t::BULK_DESTROY_TITLE.get() id="bulk-destroy-dialog">
            <BulkDestroy runner=runner/>
        </Modal>
        <Modal open=actions.tags_open title=t::BULK_TAGS_TITLE.get() id="bulk-tags-dialog">
            <p class="muted small">{vmdeck_core::i18n::vm::TAGS_KEPT_HERE.get()}</p>
            <TagEditor vms=selected prefix="bulk-tags" add_id="bulk-tags-add"/>
            <div class="modal-actions">
                <button type="button" class="button" on:click=move |_| actions.tags_open.set(false)>{vmdeck_core::i18n::common::CLOSE.get()}</button>
            </div>
        </Modal>
        <Modal open=actions.view_open title=vmdeck_core::i18n::vm::VIEW_SAVE_TITLE.get() id="view-save-dialog">
            <super::views::SaveView query=actions.query open=actions.view_open/>
        </Modal>
    }
    .into_any()
}
