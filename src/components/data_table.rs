//! The one table of the panel's lists: how many rows there are, the
//! headings, and the rows, scrolling sideways on a narrow screen.

use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::i18n::{common as c, DASH};
use vmdeck_core::route::VmTab;

/// A heading; `numeric` columns are aligned to the right.
#[derive(Clone)]
pub struct Column {
    /// Mostly a catalogue text; written out where it names something (a time zone).
    pub title: std::borrow::Cow<'static, str>,
    pub numeric: bool,
}

impl Column {
    pub fn text(title: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Self { title: title.into(), numeric: false }
    }

    pub fn number(title: &'static str) -> Self {
        Self { title: title.into(), numeric: true }
    }
}

/// `<id>-table`, with `<id>-count` over it when a count is given ("3
/// interfaces"); `children` are the rows.
#[component]
pub fn DataTable(
    #[prop(into)] id: String,
    columns: Vec<Column>,
    #[prop(optional, into)] count: Option<String>,
    children: Children,
) -> impl IntoView {
    view! {
        {count.map(|count| view! { <p class="muted small" id=format!("{id}-count")>{count}</p> })}
        <div class="table-wrap">
            <table class="table" id=format!("{id}-table")>
                <thead><tr>
                    {columns.into_iter().map(|column| view! {
                        <th scope="col" class=column.numeric.then_some("num")>{column.title.into_owned()}</th>
                    }).collect_view()}
                </tr></thead>
                <tbody>{children()}</tbody>
            </table>
        </div>
    }
}

/// A link to a VM's network tab, named by its number, or a dash without one.
#[component]
pub fn VmNetworkLink(vm_id: Option<String>) -> impl IntoView {
    match vm_id {
        Some(vm) => {
            view! { <A href=VmTab::Network.href(&vm)>{vmdeck_core::tf!(c::VM_NUMBER, id = vm)}</A> }
                .into_any()
        }
        None => view! { <span>{DASH}</span> }.into_any(),
    }
}
