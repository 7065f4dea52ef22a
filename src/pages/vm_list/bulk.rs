//! Acting on several VMs from the list: the selection, one request per VM
//! (at most four at a time), each VM's result, and the tasks in the tray.
//! A row's own menu goes through the same runner with one VM.

use crate::api::vms::{destroy_vm, reboot_vm, start_vm, stop_vm};
use crate::api::{Api, Outcome};
use crate::components::{FormView, Modal, SubmitButton, TypedConfirm};
use crate::hooks::{use_form_with_options, UseDataReturn, UseFormOptions};
use crate::parts;
use crate::session::{use_session, Session};
use crate::tasks::{use_tasks, Tasks};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use vmdeck_core::bulk::{BulkAction, ItemResult, Selection, BULK_CONCURRENCY};
use vmdeck_core::small_forms::{self, ConfirmForm};
use vmdeck_core::{Page, Vm};

/// What a bulk destroy asks to be typed.
const DESTROY_WORD: &str = "destroy";

/// One VM of a bulk action, and how its request went.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub id: String,
    pub name: String,
    pub result: ItemResult,
}

/// The list's selection and the bulk action under way (or last done).
#[derive(Clone, Copy)]
pub struct Bulk {
    pub selection: RwSignal<Selection>,
    pub action: RwSignal<Option<BulkAction>>,
    pub items: RwSignal<Vec<Item>>,
    running: RwSignal<bool>,
    /// The VMs a destroy waits to be confirmed for.
    to_destroy: RwSignal<Vec<Item>>,
    destroy_open: RwSignal<bool>,
    /// The destroy dialog's part is in.
    destroy_ready: RwSignal<bool>,
    list: UseDataReturn<Page<Vm>>,
    session: Session,
    tasks: Tasks,
}

/// The list's bulk state, provided to its parts (the destroy dialog).
pub fn use_bulk(list: UseDataReturn<Page<Vm>>) -> Bulk {
    let bulk = Bulk {
        selection: RwSignal::new(Selection::default()),
        action: RwSignal::new(None),
        items: RwSignal::new(Vec::new()),
        running: RwSignal::new(false),
        to_destroy: RwSignal::new(Vec::new()),
        destroy_open: RwSignal::new(false),
        destroy_ready: RwSignal::new(parts::BULK_DESTROY.is_loaded()),
        list,
        session: use_session(),
        tasks: use_tasks(),
    };
    provide_context(bulk);
    bulk
}

impl Bulk {
    pub fn running(self) -> bool {
        self.running.get()
    }

    /// The VMs as the list names them; those of other pages by id.
    fn items_for(self, ids: &[String]) -> Vec<Item> {
        self.list.data.with_untracked(|page| {
            ids.iter()
                .map(|id| {
                    let name = page.as_ref().and_then(|p| p.items.iter().find(|vm| vm.id.as_deref() == Some(id.as_str()))).map(Vm::display_name);
                    Item { id: id.clone(), name: name.unwrap_or_else(|| format!("VM {id}")), result: ItemResult::Waiting }
                })
                .collect()
        })
    }

    /// Runs `action` on `ids`; a destroy first asks for the typed word.
    pub fn act(self, action: BulkAction, ids: Vec<String>) {
        if ids.is_empty() || self.running.get_untracked() {
            return;
        }
        let items = self.items_for(&ids);
        if action == BulkAction::Destroy {
            self.to_destroy.set(items);
            // The dialog's part arrives first, the first time.
            if self.destroy_ready.get_untracked() {
                self.destroy_open.set(true);
            } else {
                spawn_local(async move {
                    if parts::BULK_DESTROY.load().await.is_ok() {
                        self.destroy_ready.try_set(true);
                        self.destroy_open.try_set(true);
                    }
                });
            }
        } else {
            self.send(action, items);
        }
    }

    fn send(self, action: BulkAction, items: Vec<Item>) {
        // A double click, or a second round while one runs, sends nothing.
        if self.running.get_untracked() {
            return;
        }
        self.running.set(true);
        self.action.set(Some(action));
        let (session, tasks) = (self.session, self.tasks);
        let count = items.len();
        self.items.set(items);
        let queue = Rc::new(RefCell::new((0..count).collect::<VecDeque<usize>>()));
        let left = Rc::new(RefCell::new(count));
        let set = move |index: usize, result: ItemResult| {
            self.items.try_update(|items| {
                if let Some(item) = items.get_mut(index) {
                    item.result = result;
                }
            });
        };
        for _ in 0..BULK_CONCURRENCY.min(count) {
            let (queue, left) = (Rc::clone(&queue), Rc::clone(&left));
            spawn_local(async move {
                loop {
                    let Some(index) = queue.borrow_mut().pop_front() else { break };
                    let Some(item) = self.items.try_with_untracked(|items| items.get(index).cloned()).flatten() else { break };
                    set(index, ItemResult::Sending);
                    let task = tasks.start(action.label(), &item.id, &item.name);
                    let id = item.id.clone();
                    let answer = Api::call(session, move |api| async move {
                        match action {
                            BulkAction::Start => start_vm(&api, &id).await,
                            BulkAction::Stop => stop_vm(&api, &id, false).await,
                            BulkAction::Reboot => reboot_vm(&api, &id, false).await,
                            BulkAction::Destroy => destroy_vm(&api, &id).await,
                        }
                    })
                    .await;
                    match answer {
                        // Started: the tray follows the VM until it is free.
                        Ok(Outcome::Started) => set(index, ItemResult::Done),
                        Ok(Outcome::Done) => {
                            tasks.done(task, "done");
                            set(index, ItemResult::Done);
                        }
                        Err(e) => {
                            tasks.failed(task, &e);
                            set(index, ItemResult::Refused(e.to_string()));
                        }
                    }
                }
                let finished = {
                    let mut left = left.borrow_mut();
                    *left = left.saturating_sub(1);
                    *left == 0
                };
                if finished {
                    self.running.try_set(false);
                    self.selection.try_update(Selection::clear);
                    // The rows show their VMs busy, and the list polls them.
                    self.list.refresh();
                }
            });
        }
    }
}

/// The bar over the table while rows are selected, and the results of the
/// last bulk action.
#[component]
pub fn BulkBar(bulk: Bulk, page_ids: Memo<Vec<String>>) -> impl IntoView {
    let count = Memo::new(move |_| bulk.selection.with(Selection::len));
    view! {
        {move || (count.get() > 0).then(|| view! {
            <div class="bulk-bar" id="bulk-bar" role="region" aria-label="Selected virtual machines">
                <span id="bulk-count">{move || match count.get() { 1 => "1 VM selected".to_owned(), n => format!("{n} VMs selected") }}</span>
                {BulkAction::ALL.iter().map(|action| {
                    let action = *action;
                    view! {
                        <button type="button" class=if action == BulkAction::Destroy { "button button-small danger-text" } else { "button button-small" }
                            id=format!("bulk-{}", action.id()) disabled=move || bulk.running()
                            on:click=move |_| bulk.act(action, page_ids.with_untracked(|p| bulk.selection.with_untracked(|s| s.ids_in(p))))>
                            {action.label()}
                        </button>
                    }
                }).collect_view()}
                <button type="button" class="button button-quiet button-small" id="bulk-clear" on:click=move |_| bulk.selection.update(Selection::clear)>"Clear selection"</button>
            </div>
        })}
        {move || bulk.action.get().filter(|_| bulk.items.with(|i| !i.is_empty())).map(|action| view! {
            <div class="notice notice-info bulk-results" id="bulk-results">
                <p class="notice-title" role="status">{move || {
                    let (done, refused, total) = bulk.items.with(|items| (
                        items.iter().filter(|i| i.result == ItemResult::Done).count(),
                        items.iter().filter(|i| matches!(i.result, ItemResult::Refused(_))).count(),
                        items.len(),
                    ));
                    if bulk.running() { format!("{}: {} of {total} sent…", action.label(), done + refused) } else { format!("{}: {done} accepted, {refused} refused", action.label()) }
                }}</p>
                <ul>
                    {move || bulk.items.get().into_iter().map(|item| {
                        let (class, text) = match &item.result {
                            ItemResult::Waiting => ("bulk-waiting", "waiting".to_owned()),
                            ItemResult::Sending => ("bulk-sending", "sending…".to_owned()),
                            ItemResult::Done => ("bulk-done", "accepted".to_owned()),
                            ItemResult::Refused(why) => ("bulk-refused", format!("refused: {why}")),
                        };
                        view! { <li class=class data-vm=item.id.clone()><strong>{item.name}</strong>" — "{text}</li> }
                    }).collect_view()}
                </ul>
                <button type="button" class="button button-quiet button-small" id="bulk-dismiss" disabled=move || bulk.running() on:click=move |_| bulk.items.set(Vec::new())>"Dismiss"</button>
            </div>
        })}
        {move || bulk.destroy_ready.get().then(|| parts::BULK_DESTROY.view())}
    }
}

/// The destroy dialog, in a part the list fetches when it is first asked for.
#[component]
pub fn BulkDestroyDialog() -> impl IntoView {
    let Some(bulk) = use_context::<Bulk>() else { return ().into_any() };
    view! {
        <Modal open=bulk.destroy_open title="Destroy virtual machines" id="bulk-destroy-dialog">
            <BulkDestroy bulk=bulk/>
        </Modal>
    }
    .into_any()
}

#[component]
fn BulkDestroy(bulk: Bulk) -> impl IntoView {
    let items = bulk.to_destroy.get_untracked();
    let form = use_form_with_options("bulk-destroy", ConfirmForm::default(), UseFormOptions::default());
    let typed = form.text("typed", |f| &f.typed, |f| &mut f.typed).with_id("bulk-typed-confirm");
    let confirmed = Signal::derive(move || form.with(|f| small_forms::confirmed(&f.typed, DESTROY_WORD)));
    let blocked = Signal::derive(move || (!confirmed.get()).then_some("Type the word first."));
    let submit = Callback::new(move |_: ConfirmForm| {
        if confirmed.get_untracked() {
            form.start_from(ConfirmForm::default());
            bulk.destroy_open.set(false);
            bulk.send(BulkAction::Destroy, bulk.to_destroy.get_untracked());
        }
    });
    let count = items.len();
    view! {
        <FormView form=form on_submit=submit doing="Destroying the VMs">
            <div class="notice notice-error">
                <p class="notice-title">{format!("This cannot be undone. These {count} VMs go, with their disks, interfaces, addresses and backups:")}</p>
                <ul id="bulk-destroy-list">
                    {items.into_iter().map(|item| view! { <li>{item.name}<span class="muted small mono">{format!(" VM {}", item.id)}</span></li> }).collect_view()}
                </ul>
            </div>
            <TypedConfirm bound=typed expected=DESTROY_WORD/>
            <div class="modal-actions">
                <SubmitButton form=form id="bulk-destroy-confirm" label="Destroy for good" blocked=blocked/>
            </div>
        </FormView>
    }
}
