//! The list's column chooser in its toolbar: which columns are shown and
//! in what order (ticked, and moved with ↑/↓), and back to the default.
//! A choice goes into the URL and is remembered for the account.

use crate::components::{dismissable, focus_arrow, focus_later};
use crate::storage::kept::Kept;
use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::columns::{Column, Columns};
use vmdeck_core::vm::query::VmQuery;

#[component]
pub fn ColumnsMenu(
    query: Memo<VmQuery>,
    columns: Memo<Columns>,
    remembered: Kept<Columns>,
    go: Callback<VmQuery>,
) -> impl IntoView {
    let moved = RwSignal::new(String::new());
    let choose = move |next: Columns| {
        remembered.update(|kept| *kept = next.clone());
        go.run(query.get_untracked().with_columns(next));
    };
    let toggle = move |column: Column| {
        choose(columns.get_untracked().toggled(column));
        focus_later(format!("column-{}", column.key()));
    };
    let step = move |column: Column, by: isize| {
        let next = columns.get_untracked().stepped(column, by);
        let (at, total) = (next.place(column).unwrap_or_default(), next.list().len());
        moved.set(vmdeck_core::tf!(
            t::MOVED_TO,
            name = column.title().get(),
            n = at + 1,
            total = total
        ));
        choose(next);
        focus_arrow("column", column.key(), by, at, total);
    };
    let menu = NodeRef::<leptos::html::Details>::new();
    let on_key = dismissable(menu);
    let deploy = crate::deploy::use_deploy();
    let with_transfer = Memo::new(move |_| {
        deploy.with(|d| d.catalogue.plans.iter().any(|plan| plan.transfer.is_some()))
    });
    view! {
        <details class="views-menu columns-menu" id="columns-menu" node_ref=menu on:keydown=on_key>
            <summary class="button" id="columns-open">{t::COLUMNS.get()}</summary>
            <div class="views-menu-body">
                <p class="small muted">{t::COLUMNS_HINT.get()}</p>
                <ul class="columns-list">
                    // Keyed: a column's row is moved, not drawn again, as the choice changes.
                    <For each=move || columns.with(|c| c.chooser(with_transfer.get())).into_iter().map(|(column, _)| column) key=|column| *column let:column>
                        {
                            let key = column.key();
                            let title = column.title().get();
                            let place = move || columns.with(|c| c.place(column));
                            let total = move || columns.with(|c| c.list().len());
                            view! {
                                <li class:is-shown=move || place().is_some()>
                                    <label class="checkbox">
                                        // The last column shown stays: the name alone says little.
                                        <input type="checkbox" id=format!("column-{key}") prop:checked=move || place().is_some() disabled=move || place().is_some() && total() == 1
                                            on:change=move |_| toggle(column)/>
                                        <span>{title}</span>
                                    </label>
                                    <span class="column-move" hidden=move || place().is_none()>
                                        <button type="button" class="button button-quiet button-small" id=format!("column-up-{key}") disabled=move || place().is_none_or(|at| at == 0)
                                            aria-label=vmdeck_core::tf!(t::MOVE_UP, name = title) title=vmdeck_core::tf!(t::MOVE_UP, name = title)
                                            on:click=move |_| step(column, -1)>"↑"</button>
                                        <button type="button" class="button button-quiet button-small" id=format!("column-down-{key}") disabled=move || place().is_none_or(|at| at + 1 >= total())
                                            aria-label=vmdeck_core::tf!(t::MOVE_DOWN, name = title) title=vmdeck_core::tf!(t::MOVE_DOWN, name = title)
                                            on:click=move |_| step(column, 1)>"↓"</button>
                                    </span>
                                </li>
                            }
                        }
                    </For>
                </ul>
                {move || remembered.memory_only().then(|| view! { <p class="field-error" role="alert">{t::COLUMNS_NOT_KEPT.get()}</p> })}
                <button type="button" class="button button-small" id="columns-reset" disabled=move || columns.with(Columns::is_default)
                    on:click=move |_| {
                        choose(Columns::default());
                        // The button is disabled now: the focus goes back to the menu's own.
                        focus_later("columns-open".to_owned());
                    }>{t::COLUMNS_RESET.get()}</button>
                <p class="visually-hidden" role="status" id="columns-moved">{move || moved.get()}</p>
            </div>
        </details>
    }
}
