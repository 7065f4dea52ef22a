//! The list's page grouped by tag (`group=tag`): a group per tag
//! (`vmdeck_core::vm::tags::group_by_tag`), each opened and closed by its
//! heading, drawn with the table's own rows.

use super::actions::ListActions;
use super::row::{RowMarks, VmRow};
use super::Row;
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::vm::columns::Column;

/// The page's rows in a group per tag (`vmdeck_core::vm::tags::group_by_tag`),
/// each opened and closed by its heading; a VM of two tags shows in both,
/// its ids on the first only.
#[component]
pub fn GroupedRows(
    rows: RwSignal<Vec<Row>>,
    columns: StoredValue<Vec<Column>>,
    actions: ListActions,
    page_ids: Memo<Vec<String>>,
    marks: RowMarks,
) -> impl IntoView {
    let closed = RwSignal::new(BTreeSet::<String>::new());
    let groups = Memo::new(move |_| {
        let ids = page_ids.get();
        marks
            .tags
            .map(|store| store.grouped(&ids))
            .unwrap_or_else(|| vec![(None, (0..ids.len()).map(|at| (at, true)).collect())])
    });
    // The selection, the name, the columns, the menu.
    let span = columns.with_value(|c| c.len() + 3).to_string();
    view! {
        <For each=move || groups.get() key=|group| group.clone() let:group>
            {
                let (tag, members) = group;
                let key = tag.as_ref().map(|t| t.as_str().to_owned()).unwrap_or_default();
                let open = Memo::new({ let key = key.clone(); move |_| !closed.with(|c| c.contains(&key)) });
                let title = tag.as_ref().map(|t| t.as_str().to_owned()).unwrap_or_else(|| t::LIST_NO_TAG.get().to_owned());
                let class = tag.as_ref().map(|t| format!("group-name tag tag-c{}", t.colour())).unwrap_or_else(|| "group-name".to_owned());
                let count = members.len();
                let group_id = format!("group-{}", if key.is_empty() { "none".to_owned() } else { key.replace(' ', "-") });
                let members = StoredValue::new(members);
                view! {
                    <tbody class="group" id=group_id>
                        <tr class="group-row">
                            <th scope="rowgroup" colspan=span.clone()>
                                <button type="button" class="group-toggle" aria-expanded=move || open.get().to_string()
                                    on:click=move |_| closed.update(|c| if !c.remove(&key) { c.insert(key.clone()); })>
                                    <span class="group-mark" aria-hidden="true">{move || if open.get() { "▾" } else { "▸" }}</span>
                                    <span class=class>{title}</span>
                                    <span class="count">{vmdeck_core::i18n::integer(count as i64)}</span>
                                </button>
                            </th>
                        </tr>
                        {move || open.get().then(|| rows.with(|rows| members.with_value(|members| members.iter().filter_map(|(at, first)| {
                            let row = rows.get(*at)?;
                            Some(view! { <VmRow vm=RwSignal::from(row.vm.clone()) columns=columns actions=actions page_ids=page_ids marks=marks again=!*first/> })
                        }).collect_view())))}
                    </tbody>
                }
            }
        </For>
    }
}
