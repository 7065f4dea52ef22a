//! The pinned VMs at the top of the list's first page while no filter is
//! set, in the user's order: moved with the arrows beside each (the
//! keyboard's way) or by dragging, each read by its id, several at once
//! (`api::at_most`). One the account no longer has can be forgotten with
//! all the panel keeps of it.

use crate::api::vms::get_vm;
use crate::api::{at_most, READS_AT_ONCE};
use crate::components::{focus_arrow, ErrorView, StatusBadge};
use crate::hooks::{use_data_with_options, UseDataOptions};
use crate::marks::pins::{use_pins, PinButton, PinStore};
use crate::marks::tags::{use_tags, VmTags};
use crate::marks::vm_marks::VmMarks;
use futures::stream::TryStreamExt;
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::route::href;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::{ApiError, Vm};

/// A pinned VM as read: the VM, or gone from the account.
#[derive(Clone, Debug, PartialEq)]
enum Pinned {
    Here(Box<Vm>),
    Gone,
}

#[component]
pub fn PinnedVms(query: Memo<VmQuery>) -> impl IntoView {
    let Some(store) = use_pins() else { return ().into_any() };
    let marks = VmMarks::of_account();
    let order = Memo::new(move |_| store.pins.with(|p| p.ids().to_vec()));
    let shown = Memo::new(move |_| {
        query.with(|q| !q.has_filters() && q.offset == 0) && order.with(|o| !o.is_empty())
    });
    // Read by the set of ids: a new order reads nothing again.
    let read = use_data_with_options(
        move || shown.get().then(|| order.with(|o| o.iter().cloned().collect::<BTreeSet<_>>())),
        |api, ids| async move {
            let reads = ids.into_iter().flatten().map(|id| {
                let api = api.clone();
                async move {
                    match get_vm(&api, &id).await {
                        Ok(vm) => Ok((id, Pinned::Here(Box::new(vm)))),
                        Err(ApiError::NotFound(_)) => Ok((id, Pinned::Gone)),
                        Err(e) => Err(e),
                    }
                }
            });
            at_most(READS_AT_ONCE, reads).try_collect().await
        },
        UseDataOptions::default().poll_while(|found: &Vec<(String, Pinned)>| {
            found.iter().any(|(_, p)| matches!(p, Pinned::Here(vm) if vm.locked))
        }),
    );
    let dragged = RwSignal::new(None::<String>);
    let moved = RwSignal::new(String::new());
    let retry = Callback::new(move |()| read.refresh());
    let count = move || order.with(Vec::len);
    view! {
        {move || shown.get().then(|| view! {
            <section class="pinned" id="pinned-vms" aria-labelledby="pinned-title">
                <h2 class="pinned-title" id="pinned-title">{t::PINNED.get()}</h2>
                {move || read.error.get().map(|e| view! { <ErrorView error=e doing=t::PINNED_READING.get() on_retry=retry/> })}
                <ol class="pinned-list">
                    <For each=move || order.get().into_iter().enumerate() key=|(_, id)| id.clone() let:item>
                        {
                            let (_, id) = item;
                            let place = Memo::new({ let id = id.clone(); move |_| order.with(|o| o.iter().position(|i| *i == id).unwrap_or_default()) });
                            let vm = Memo::new({ let id = id.clone(); move |_| read.data.with(|d| d.as_ref().and_then(|d| d.iter().find(|(i, _)| *i == id).map(|(_, p)| p.clone()))) });
                            view! { <PinnedRow id=id store=store marks=marks place=place count=Signal::derive(count) vm=vm dragged=dragged moved=moved/> }
                        }
                    </For>
                </ol>
                <p class="visually-hidden" role="status" id="pinned-moved">{move || moved.get()}</p>
            </section>
        })}
    }
    .into_any()
}

#[component]
fn PinnedRow(
    id: String,
    store: PinStore,
    marks: VmMarks,
    place: Memo<usize>,
    count: Signal<usize>,
    vm: Memo<Option<Pinned>>,
    dragged: RwSignal<Option<String>>,
    moved: RwSignal<String>,
) -> impl IntoView {
    let name = Memo::new({
        let id = id.clone();
        move |_| match vm.get() {
            Some(Pinned::Here(vm)) => vm.display_name(),
            _ => vmdeck_core::tf!(vmdeck_core::i18n::common::VM_NUMBER, id = id),
        }
    });
    // Moves the VM and keeps the focus on the arrow pressed as the row moves
    // in the page; at an end, where that arrow is disabled, on the other one.
    let step = {
        let id = id.clone();
        move |by: isize| {
            store.pins.update(|p| p.step(&id, by));
            let at = store.pins.with_untracked(|p| p.place(&id)).unwrap_or_default();
            let total = count.get_untracked();
            moved.set(vmdeck_core::tf!(
                t::MOVED_TO,
                name = name.get_untracked(),
                n = at + 1,
                total = total
            ));
            focus_arrow("pin", &id, by, at, total);
        }
    };
    let (up, down) = (step.clone(), step);
    let drop_here = {
        let id = id.clone();
        move |ev: leptos::ev::DragEvent| {
            ev.prevent_default();
            if let Some(from) = dragged.get_untracked().filter(|from| *from != id) {
                let to = store.pins.with_untracked(|p| p.place(&id)).unwrap_or_default();
                store.pins.update(|p| p.move_to(&from, to));
            }
            dragged.set(None);
        }
    };
    let start = {
        let id = id.clone();
        move |ev: leptos::ev::DragEvent| {
            if let Some(data) = ev.data_transfer() {
                data.set_effect_allowed("move");
                let _ = data.set_data("text/plain", &id);
            }
            dragged.set(Some(id.clone()));
        }
    };
    let row_id = format!("pinned-{id}");
    let link = href::vm(&id);
    let (up_id, down_id) = (format!("pin-up-{id}"), format!("pin-down-{id}"));
    view! {
        <li class="pinned-item" id=row_id draggable="true" class:is-dragged={ let id = id.clone(); move || dragged.get().as_deref() == Some(id.as_str()) }
            on:dragstart=start on:dragend=move |_| dragged.set(None)
            on:dragover=|ev: leptos::ev::DragEvent| ev.prevent_default() on:drop=drop_here>
            <span class="drag-handle" aria-hidden="true">"⠿"</span>
            {let id = id.clone(); move || view! { <PinButton vm=id.clone() name=name.get() store=Some(store)/> }}
            <a href=link class="vm-link">{move || name.get()}</a>
            {let id = id.clone(); move || match vm.get() {
                Some(Pinned::Here(vm)) => view! {
                    <StatusBadge status=vm.status.clone() locked=vm.locked suspended=vm.suspended/>
                    <span class="muted small mono pinned-host">{vm.hostname.clone().unwrap_or_default()}</span>
                }.into_any(),
                // Gone without this panel's knowledge (destroyed elsewhere): what
                // the panel keeps of it goes when the user says so, not on one
                // answer of the service.
                Some(Pinned::Gone) => {
                    let label = vmdeck_core::tf!(t::PINNED_FORGET_LABEL, name = name.get_untracked());
                    let id = id.clone();
                    view! {
                        <span class="muted small">{t::PINNED_GONE.get()}</span>
                        <button type="button" class="button button-quiet button-small" id=format!("pin-forget-{id}") aria-label=label.clone() title=label
                            on:click=move |_| marks.forget(&id)>{t::PINNED_FORGET.get()}</button>
                    }.into_any()
                }
                None => view! { <span class="skeleton skeleton-text"></span> }.into_any(),
            }}
            <VmTags vm=id.clone() store=use_tags()/>
            <span class="pinned-move">
                <button type="button" class="button button-quiet button-small" id=up_id disabled=move || place.get() == 0
                    aria-label=move || vmdeck_core::tf!(t::MOVE_UP, name = name.get()) title=move || vmdeck_core::tf!(t::MOVE_UP, name = name.get())
                    on:click=move |_| up(-1)>"↑"</button>
                <button type="button" class="button button-quiet button-small" id=down_id disabled=move || { place.get() + 1 >= count.get() }
                    aria-label=move || vmdeck_core::tf!(t::MOVE_DOWN, name = name.get()) title=move || vmdeck_core::tf!(t::MOVE_DOWN, name = name.get())
                    on:click=move |_| down(1)>"↓"</button>
            </span>
        </li>
    }
}
