//! The one table of the panel: every table is a `DataTable`, which draws
//! the frame that scrolls sideways on a narrow screen (`div.table-wrap`,
//! or none when `bare`), the `table.table` with its id and classes, the
//! count over it ("3 interfaces"), the heading row and the body.
//!
//! - **Its id** is a `TableId`: a prefix (`"nics"`: `#nics-table`,
//!   `#nics-count`), an exact id (`TableId::Exact("disk-table")`), or none.
//! - **Its headings** are `Column`s, each with its label and whether it is
//!   numeric (right-aligned, `num`); a column shown only at times is simply
//!   left out of the list. A table whose heading row does more (sorting, a
//!   select-all box) gives its own cells as `head`; with neither, there is
//!   no heading row.
//! - **The phone layout**: `blocks` reads the table as a block per row
//!   (`table-blocks`), each cell labelled by its column, which `Cell` does:
//!   `<Cell of=&policy>…</Cell>` is a `td` with the column's label as
//!   `data-label` and `num` when the column is numeric. A plain `td` is
//!   fine where there is no label to show.
//! - **The rows** are the children, in one `tbody`; with `bodies` the
//!   children are `tbody`s of their own (the VM list grouped by tag).
//!
//! Nothing here watches a signal: a table costs its rows and no more.

use leptos::oco::Oco;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::i18n::{common as c, DASH};
use vmdeck_core::route::VmTab;

/// A heading; `numeric` columns are aligned to the right.
#[derive(Clone)]
pub struct Column {
    /// Mostly a catalogue text; written out where it names something (a time zone).
    pub title: Oco<'static, str>,
    pub numeric: bool,
}

impl Column {
    pub fn text(title: impl Into<Oco<'static, str>>) -> Self {
        Self::new(title.into(), false)
    }

    pub fn number(title: impl Into<Oco<'static, str>>) -> Self {
        Self::new(title.into(), true)
    }

    fn new(mut title: Oco<'static, str>, numeric: bool) -> Self {
        // Shared, not copied, by each cell that carries it as its label.
        title.upgrade_inplace();
        Self { title, numeric }
    }
}

impl From<&Column> for Column {
    fn from(column: &Column) -> Self {
        column.clone()
    }
}

/// How a table is named in the document.
#[derive(Clone, Default)]
pub enum TableId {
    /// No id.
    #[default]
    None,
    /// `<prefix>-table`, and `<prefix>-count` for its count: what a text gives.
    Prefix(String),
    /// This very id, and `<id>-count` for its count.
    Exact(&'static str),
}

impl From<&str> for TableId {
    fn from(prefix: &str) -> Self {
        Self::Prefix(prefix.to_owned())
    }
}

impl From<String> for TableId {
    fn from(prefix: String) -> Self {
        Self::Prefix(prefix)
    }
}

impl TableId {
    /// The table's id and its count's.
    fn ids(self) -> (Option<String>, Option<String>) {
        match self {
            Self::None => (None, None),
            Self::Prefix(p) => (Some(format!("{p}-table")), Some(format!("{p}-count"))),
            Self::Exact(id) => (Some(id.to_owned()), Some(format!("{id}-count"))),
        }
    }
}

/// A table with its frame, count and headings; `children` are the rows.
#[component]
pub fn DataTable(
    #[prop(optional, into)] id: TableId,
    /// The headings, in order; none and no `head`: no heading row.
    #[prop(optional)]
    columns: Vec<Column>,
    /// The heading row's own cells, instead of `columns`.
    #[prop(optional, into)]
    head: Option<ViewFnOnce>,
    /// Shown over the table ("3 interfaces").
    #[prop(optional, into)]
    count: Option<String>,
    /// A class of its own beside `table`.
    #[prop(optional)]
    class: Option<&'static str>,
    /// A block per row on a phone, each cell labelled (`Cell`).
    #[prop(optional)]
    blocks: bool,
    /// Without the frame: where the table sits in a dialog or a disclosure.
    #[prop(optional)]
    bare: bool,
    /// A class of its own beside the frame's `table-wrap`.
    #[prop(optional)]
    wrap_class: Option<&'static str>,
    /// The children are `tbody`s, not rows.
    #[prop(optional)]
    bodies: bool,
    children: Children,
) -> impl IntoView {
    use leptos::either::Either;
    let (table_id, count_id) = id.ids();
    let class = [Some("table"), blocks.then_some("table-blocks"), class]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    let head = match head {
        Some(head) => Some(head.run()),
        None if columns.is_empty() => None,
        None => Some(
            columns
                .into_iter()
                .map(|column| {
                    view! {
                        <th scope="col" class=column.numeric.then_some("num")>{column.title}</th>
                    }
                })
                .collect_view()
                .into_any(),
        ),
    };
    let body = if bodies {
        Either::Left(children())
    } else {
        Either::Right(view! { <tbody>{children()}</tbody> })
    };
    let table = view! {
        <table class=class id=table_id>
            {head.map(|head| view! { <thead><tr>{head}</tr></thead> })}
            {body}
        </table>
    };
    view! {
        {count.map(|count| view! { <p class="muted small" id=count_id>{count}</p> })}
        {if bare {
            Either::Left(table)
        } else {
            let wrap = wrap_class.map_or(Oco::Borrowed("table-wrap"), |more| format!("table-wrap {more}").into());
            Either::Right(view! { <div class=wrap>{table}</div> })
        }}
    }
}

/// A cell of the column `of`: labelled with it for a `blocks` table's
/// phone layout, and right-aligned when the column is numeric.
#[component]
pub fn Cell(
    #[prop(into)] of: Column,
    /// A class of its own, beside `num`.
    #[prop(optional)]
    class: Option<&'static str>,
    children: Children,
) -> impl IntoView {
    let class: Option<Oco<'static, str>> = match (of.numeric, class) {
        (false, class) => class.map(Oco::Borrowed),
        (true, None) => Some(Oco::Borrowed("num")),
        (true, Some(class)) => Some(format!("num {class}").into()),
    };
    view! { <td class=class data-label=of.title>{children()}</td> }
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
