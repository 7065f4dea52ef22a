//! The create form's secondary disks: added, sized, placed in a data store
//! group and removed, row by row.

use crate::components::{ChoiceField, TextField};
use crate::hooks::Form;
use leptos::prelude::*;
use vmdeck_core::deploy::Choice;
use vmdeck_core::forms::row_key;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::vm::create::{add_secondary_disk, remove_secondary_disk, CreateVmForm};

#[component]
pub(super) fn SecondaryDisks(
    form: Form<CreateVmForm>,
    stores: Signal<Vec<Choice>>,
) -> impl IntoView {
    let rows = Memo::new(move |_| {
        form.with(|f| f.secondary_disks.iter().map(|d| d.row).collect::<Vec<_>>())
    });
    let add = move |_| {
        form.edit("secondary_disks", |f| {
            add_secondary_disk(&mut f.secondary_disks);
        })
    };
    view! {
        <div class="disk-list" id="secondary-disks">
            <p class="subheading">{t::CREATE_SECONDARY_DISKS.get()}</p>
            {move || rows.with(Vec::is_empty).then(|| view! { <p class="hint">{t::CREATE_SECONDARY_NONE.get()}</p> })}
            <For each=move || rows.get().into_iter().enumerate() key=|(_, row)| *row let((place, row))>
                <DiskRow form=form row=row place=place stores=stores/>
            </For>
            <button type="button" class="button" id="add-disk" on:click=add>{vmdeck_core::i18n::common::ADD_A_DISK.get()}</button>
        </div>
    }
}

#[component]
fn DiskRow(
    form: Form<CreateVmForm>,
    row: u32,
    place: usize,
    stores: Signal<Vec<Choice>>,
) -> impl IntoView {
    let disk = move |f: &CreateVmForm| f.secondary_disks.iter().position(|d| d.row == row);
    let size = form.bind(
        row_key("secondary_disk_size", row),
        move |f| {
            disk(f)
                .and_then(|i| f.secondary_disks.get(i))
                .map(|d| d.size.clone())
                .unwrap_or_default()
        },
        move |f, v| {
            if let Some(d) = f.secondary_disks.iter_mut().find(|d| d.row == row) {
                d.size = v
            }
        },
    );
    let group = form.bind(
        row_key("data_store_group_secondary_id", row),
        move |f| {
            disk(f)
                .and_then(|i| f.secondary_disks.get(i))
                .map(|d| d.data_store_group_id.clone())
                .unwrap_or_default()
        },
        move |f, v| {
            if let Some(d) = f.secondary_disks.iter_mut().find(|d| d.row == row) {
                d.data_store_group_id = v
            }
        },
    );
    // The disk's number as attached: it moves up when a disk above goes.
    let number = Memo::new(move |_| form.with(disk).unwrap_or(place) + 2);
    view! {
        <div class="disk-row">
            {move || view! { <TextField bound=size.clone() label=vmdeck_core::tf!(t::CREATE_DISK_N_GB, n = vmdeck_core::i18n::integer(number.get() as i64)) numeric=true/> }}
            <ChoiceField bound=group label=vmdeck_core::i18n::common::DATA_STORE.get() choices=stores empty=c::PROVIDERS_DEFAULT.get()/>
            <button
                type="button"
                class="button button-quiet remove-disk"
                aria-label=move || vmdeck_core::tf!(t::CREATE_REMOVE_DISK_N, n = vmdeck_core::i18n::integer(number.get() as i64))
                on:click=move |_| {
                    form.edit("secondary_disks", |f| remove_secondary_disk(&mut f.secondary_disks, row));
                    form.forget_row(row);
                }
            >{c::REMOVE.get()}</button>
        </div>
    }
}
