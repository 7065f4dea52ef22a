//! The provider's templates and the account's own, with the API's filters
//! in the URL. The account's own can be renamed (`rename.rs`) and deleted
//! (`delete.rs`). The whole list, once read here, is what the forms that
//! build a VM offer (`hooks::use_offered`); a write makes them read it again.
//! Copying a template to another location is left out: its `user_id` is
//! not known to the panel (no credential or answer says it).

mod delete;
mod rename;

use crate::api::offered::templates;
use crate::components::{Column, DataTable, Empty, EmptyState, FilterSelect, Loaded};
use crate::hooks::{use_data, use_offered_cache, use_url_filters};
use crate::session::use_session;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, messages as m, or_dash, shell as t, vm as tv};
use vmdeck_core::template::{distros, own_first, Template};
use vmdeck_core::vm::format_gb;

const FILTERS: &[&str] = &["operating_system_distro", "status", "public"];

#[component]
pub fn TemplatesPage() -> impl IntoView {
    let session = use_session();
    let cache = use_offered_cache();
    let filters = use_url_filters(FILTERS);
    let list = use_data(
        move || (session.credentials().map(|c| c.account_key()), filters.pairs(FILTERS)),
        move |api, (key, query)| async move {
            let read = templates(&api, &query).await?;
            // What the forms offer is the whole list, never a filtered one.
            if let (Some(key), true) = (key, query.is_empty()) {
                cache.set_templates(&key, Some(read.clone()));
            }
            Ok(read)
        },
    );
    // A template renamed or deleted: the forms read the list again, and so does the page.
    let changed = Callback::new(move |()| {
        if let Some(key) = session.account_key() {
            cache.set_templates(&key, None);
        }
        list.refresh();
    });
    let suggested = Memo::new(move |_| {
        list.data.with(|l| l.as_ref().and_then(|read| read.as_deref()).map(distros))
    });
    let chosen = RwSignal::new(None::<Template>);
    let rename_open = RwSignal::new(false);
    let delete_open = RwSignal::new(false);
    let open = move |dialog: RwSignal<bool>| {
        Callback::new(move |template: Template| {
            chosen.set(Some(template));
            dialog.set(true);
        })
    };
    let (rename, delete) = (open(rename_open), open(delete_open));
    view! {
        <section class="page">
            <header class="page-header"><h1>{c::TEMPLATES.get()}</h1></header>
            <p class="muted">{t::TEMPLATES_INTRO.get()}</p>
            <div class="filter-row">
                <label class="filter"><span>{c::DISTRIBUTION.get()}</span>
                    <input type="search" id="templates-filter-distro" size="14" list="templates-distros" placeholder=t::TEMPLATES_FILTER_DISTRO_PLACEHOLDER.get() prop:value=move || filters.get("operating_system_distro") on:change=move |ev| filters.set("operating_system_distro", event_target_value(&ev))/></label>
                <datalist id="templates-distros">{move || suggested.get().unwrap_or_default().into_iter().map(|d| view! { <option value=d></option> }).collect_view()}</datalist>
                <FilterSelect filters=filters key="status" id="templates-filter-status" label=c::STATUS.get() options=status_options()/>
                <FilterSelect filters=filters key="public" id="templates-filter-public" label=t::TEMPLATES_COL_WHOSE.get() options=whose_options()/>
            </div>
            <Loaded data=list doing=t::TEMPLATES_LOADING.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::when(|read: &Option<Vec<Template>>| read.as_ref().is_some_and(Vec::is_empty), || view! { <EmptyState title=t::TEMPLATES_EMPTY_TITLE.get() text=t::TEMPLATES_EMPTY_TEXT.get() id="templates-empty"/> })
                render={move |read: Option<Vec<Template>>| match read {
                    Some(list) => view! { <TemplateTable list=list rename=rename delete=delete/> }.into_any(),
                    None => view! { <EmptyState title=t::TEMPLATES_UNLISTED_TITLE.get() text=t::TEMPLATES_UNLISTED_TEXT.get() id="templates-unlisted"/> }.into_any(),
                }}/>
            <rename::RenameDialog open=rename_open chosen=chosen changed=changed/>
            <delete::DeleteDialog open=delete_open chosen=chosen changed=changed/>
        </section>
    }
}

/// The documented statuses, for the filter.
fn status_options() -> Signal<Vec<(String, String)>> {
    Signal::derive(|| {
        [
            ("active", m::TEMPLATE_STATUS_ACTIVE),
            ("pending", m::TEMPLATE_STATUS_PENDING),
            ("inactive", m::TEMPLATE_STATUS_INACTIVE),
        ]
        .into_iter()
        .map(|(value, text)| (value.to_owned(), text.get().to_owned()))
        .collect()
    })
}

/// The API's `public` filter, said as whose the template is.
fn whose_options() -> Signal<Vec<(String, String)>> {
    Signal::derive(|| {
        vec![
            ("0".to_owned(), t::TEMPLATES_WHOSE_OWN.get().to_owned()),
            ("1".to_owned(), t::TEMPLATES_WHOSE_PROVIDER.get().to_owned()),
        ]
    })
}

#[component]
fn TemplateTable(
    list: Vec<Template>,
    rename: Callback<Template>,
    delete: Callback<Template>,
) -> impl IntoView {
    let count = vmdeck_core::i18n::plural(
        list.len() as u64,
        &t::TEMPLATES_COUNT_ONE,
        &t::TEMPLATES_COUNT_OTHER,
    );
    let columns = vec![
        Column::text(c::NAME.get()),
        Column::text(t::TEMPLATES_COL_WHOSE.get()),
        Column::text(c::OPERATING_SYSTEM.get()),
        Column::number(tv::VM_TABLE_SIZE.get()),
        Column::text(c::STATUS.get()),
        Column::text(t::TEMPLATES_COL_MADE_FROM.get()),
        Column::text(t::LIST_COL_ACTIONS.get()),
    ];
    view! {
        <DataTable id="templates" columns=columns count=count>
            {own_first(list).into_iter().map(|template| {
                let own = template.is_own();
                let status = template.status_kind();
                // An id that could not go into a path gets neither an element id nor actions.
                let id = template.id.clone().filter(|id| vmdeck_core::validate::is_id(id));
                let row = id.as_ref().map(|id| format!("template-row-{id}"));
                view! {
                    <tr id=row class=if own { "template-own" } else { "template-provider" }>
                        <td>{template.name()}</td>
                        <td>{if own { t::TEMPLATES_WHOSE_OWN.get() } else { t::TEMPLATES_WHOSE_PROVIDER.get() }}</td>
                        <td>{template.system()}</td>
                        <td class="num">{or_dash(template.size_gb.map(format_gb))}</td>
                        <td><span class=status.badge_class()>{status.label().to_owned()}</span></td>
                        <td>{or_dash(template.made_from())}</td>
                        <td class="cell-actions">{id.filter(|_| own).map(|id| view! { <Actions id=id template=template.clone() rename=rename delete=delete/> })}</td>
                    </tr>
                }
            }).collect_view()}
        </DataTable>
    }
}

/// An own template's buttons, each opening its dialog.
#[component]
fn Actions(
    id: String,
    template: Template,
    rename: Callback<Template>,
    delete: Callback<Template>,
) -> impl IntoView {
    let name = template.name();
    let other = template.clone();
    view! {
        <button type="button" class="button button-small" id=format!("template-rename-{id}") aria-label=vmdeck_core::tf!(t::TEMPLATES_RENAME_ONE, name = name) on:click=move |_| rename.run(template.clone())>{t::TEMPLATES_RENAME_OPEN.get()}</button>
        " "
        <button type="button" class="button button-small button-danger" id=format!("template-delete-{id}") aria-label=vmdeck_core::tf!(t::TEMPLATES_DELETE_ONE, name = name) on:click=move |_| delete.run(other.clone())>{tv::DISKS_DELETE_OPEN.get()}</button>
    }
}
