//! Search, the filter bar and the sort choice, all of it written to the URL.

use crate::components::ToggleButton;

use crate::deploy::use_deploy;
use crate::hooks::{use_debounced, Pace};
use crate::marks::tags::use_tags;
use crate::storage::kept::Kept;
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use serde_json::Value;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::vm::columns::Columns;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::sort::{sort_label, Order, SORT_FIELDS};
use vmdeck_core::vm::tags::Tag;
use vmdeck_core::{VmStatus, VmType};

/// While typing, at most one search per this many milliseconds: a key after
/// a pause is searched for at once, and the text typed since the last search
/// goes out when the interval is up, so the table is never more than this
/// behind the keyboard.
const SEARCH_INTERVAL_MS: u32 = 100;
/// Searches this close together are one search being typed: they replace
/// each other in the browser's history instead of adding an entry per key.
const SEARCH_TYPING_MS: f64 = 1_500.0;

/// Search, the filter bar and the sort choice.
#[component]
pub fn Toolbar(
    query: Memo<VmQuery>,
    go: Callback<VmQuery>,
    columns: Memo<Columns>,
    remembered: Kept<Columns>,
) -> impl IntoView {
    let deploy = use_deploy();
    let navigate = StoredValue::new_local(use_navigate());
    // Which text filter the search box writes: host names unless the URL says labels.
    let by_label = RwSignal::new(
        query.with_untracked(|q| q.filter("label").is_some() && q.filter("hostname").is_none()),
    );
    let draft = RwSignal::new(None::<String>);
    let search_text = move || {
        draft.get().unwrap_or_else(|| query.with(|q| q.search_text(by_label.get()).to_owned()))
    };
    let last_search = StoredValue::new_local(f64::NEG_INFINITY);
    // `typing`: sent while the text is being typed, so it takes the place of
    // the search before it in the history if that was typed too.
    let search = move |(text, typing): (String, bool)| {
        let next = query.get_untracked().with_search(&text, by_label.get_untracked());
        draft.set(None);
        let now = js_sys::Date::now();
        let replace = typing && now - last_search.get_value() < SEARCH_TYPING_MS;
        last_search.set_value(now);
        if next != query.get_untracked() {
            navigate.with_value(|nav| {
                nav(&next.href(), NavigateOptions { replace, ..Default::default() })
            });
        }
    };
    let searches = use_debounced(Pace::AtMostEvery(SEARCH_INTERVAL_MS), search);
    let apply = move |text: String| searches.now((text, false));
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        // The box shows what was typed until it is searched for.
        draft.set(Some(text.clone()));
        searches.call((text, true));
    };
    let filter_count = move || query.with(VmQuery::other_filter_count);
    let show_filters = RwSignal::new(filter_count() > 0);
    let locations = move || {
        deploy.with(|d| {
            d.catalogue
                .locations
                .iter()
                .map(|c| (c.id.clone(), c.label.clone()))
                .collect::<Vec<_>>()
        })
    };

    view! {
        <div class="toolbar">
            <form class="search" role="search" on:submit=move |ev| { ev.prevent_default(); apply(search_text()); }>
                <label class="visually-hidden" for="vm-search">{t::LIST_SEARCH_LABEL.get()}</label>
                <input
                    id="vm-search"
                    type="search"
                    autocomplete="off"
                    spellcheck="false"
                    placeholder=move || if by_label.get() { t::LIST_SEARCH_LABELS.get() } else { t::LIST_SEARCH_HOSTNAMES.get() }
                    prop:value=search_text
                    on:input=on_input
                />
                <select
                    id="vm-search-field"
                    aria-label=t::LIST_SEARCH_IN.get()
                    on:change=move |ev| {
                        by_label.set(event_target_value(&ev) == "label");
                        let text = search_text();
                        if !text.is_empty() { apply(text); }
                    }
                >
                    <option value="hostname" selected=move || !by_label.get()>{c::HOSTNAME.get()}</option>
                    <option value="label" selected=move || by_label.get()>{c::LABEL.get()}</option>
                </select>
            </form>
            <super::views::ViewsMenu query=query/>
            <super::columns::ColumnsMenu query=query columns=columns remembered=remembered go=go/>
            <ToggleButton id="vm-filters-toggle" controls="vm-filters" open=show_filters>
                {t::LIST_FILTERS.get()}
                {move || (filter_count() > 0).then(|| view! { <span class="count">{filter_count()}</span> })}
            </ToggleButton>
            <label class="inline-select">
                <span>{t::LIST_SORT.get()}</span>
                <select id="vm-sort" on:change=move |ev| {
                    let value = event_target_value(&ev);
                    let mut next = query.get_untracked();
                    next.sort = SORT_FIELDS.iter().find(|(f, _)| *f == value).map(|(f, _)| *f);
                    next.offset = 0;
                    go.run(next);
                }>
                    <option value="" selected=move || query.with(|q| q.sort.is_none())>{t::LIST_SORT_DEFAULT.get()}</option>
                    {SORT_FIELDS.iter().map(|(field, _)| view! {
                        <option value=*field selected=move || query.with(|q| q.sort == Some(*field))>{sort_label(field)}</option>
                    }).collect_view()}
                </select>
                <button
                    type="button"
                    class="button button-quiet"
                    id="vm-order"
                    disabled=move || query.with(|q| q.sort.is_none())
                    title=t::LIST_REVERSE_ORDER.get()
                    on:click=move |_| {
                        let mut next = query.get_untracked();
                        next.order = if next.order == Order::Asc { Order::Desc } else { Order::Asc };
                        next.offset = 0;
                        go.run(next);
                    }
                >
                    {move || if query.with(|q| q.order == Order::Desc) { t::LIST_DESCENDING.get() } else { t::LIST_ASCENDING.get() }}
                </button>
            </label>
        </div>
        <div class="filter-bar" id="vm-filters" hidden=move || !show_filters.get()>
            <TagFilter query=query go=go/>
            <label class="checkbox filter-check">
                <input type="checkbox" id="group-by-tag" prop:checked=move || query.with(|q| q.group_by_tag)
                    on:change=move |ev| go.run(VmQuery { group_by_tag: event_target_checked(&ev), ..query.get_untracked() })/>
                <span>{t::LIST_GROUP_BY_TAG.get()}</span>
            </label>
            <FilterSelect query=query go=go name="status" label=c::STATUS.get() options=status_options()/>
            <FilterSelect query=query go=go name="type" label=c::TYPE.get() options=type_options()/>
            <FilterSelect query=query go=go name="cpu_type" label=c::CPU_TYPE.get() options=owned(&[("intel", "Intel"), ("amd", "AMD")])/>
            <FilterSelect query=query go=go name="disk_type" label=vmdeck_core::i18n::common::DISK_TYPE.get() options=owned(&[("vd", "vd"), ("sd", "sd")])/>
            <FilterSelect query=query go=go name="locked" label=c::BUSY.get() options=owned(&[("1", t::STATUS_BADGE_BUSY.get()), ("0", t::LIST_IDLE.get())])/>
            <FilterSelect query=query go=go name="suspended" label=vmdeck_core::i18n::common::SUSPENDED.get() options=owned(&[("1", t::STATUS_BADGE_SUSPENDED.get()), ("0", t::LIST_NOT_SUSPENDED.get())])/>
            {move || {
                let choices = locations();
                if choices.is_empty() {
                    view! { <FilterText query=query go=go name="location_id" label=t::LIST_LOCATION_ID.get() numeric=true/> }.into_any()
                } else {
                    view! { <FilterSelect query=query go=go name="location_id" label=c::LOCATION.get() options=choices/> }.into_any()
                }
            }}
            <FilterText query=query go=go name="id" label=t::FILTER_VM_ID.get() numeric=true/>
            <FilterText query=query go=go name="ip_address" label=c::IP_ADDRESS.get() numeric=false/>
            <button
                type="button"
                class="button button-quiet"
                id="vm-clear-filters"
                disabled=move || query.with(|q| !q.has_filters())
                on:click=move |_| go.run(query.get_untracked().without_filters())
            >{t::LIST_CLEAR_ALL.get()}</button>
        </div>
    }
}

/// The tags in use, with their counts; the view's tag among them even when no VM has it now.
#[component]
fn TagFilter(query: Memo<VmQuery>, go: Callback<VmQuery>) -> impl IntoView {
    let Some(store) = use_tags() else { return ().into_any() };
    let choices = Memo::new(move |_| {
        let mut choices = store.in_use();
        if let Some(current) =
            query.with(|q| q.tag.clone()).filter(|tag| choices.iter().all(|(t, _)| t != tag))
        {
            choices.insert(0, (current, 0));
        }
        choices
    });
    view! {
        <label class="filter" for="filter-tag">
            <span>{vmdeck_core::i18n::common::TAG.get()}</span>
            <select id="filter-tag" on:change=move |ev| go.run(query.get_untracked().with_tag(Tag::parse(&event_target_value(&ev)).ok()))>
                <option value="" selected=move || query.with(|q| q.tag.is_none())>{t::FILTER_ANY.get()}</option>
                {move || choices.get().into_iter().map(|(tag, count)| {
                    let current = tag.clone();
                    view! {
                        <option value=tag.as_str().to_owned() selected=move || query.with(|q| q.tag.as_ref() == Some(&current))>
                            {format!("{} ({})", tag.as_str(), vmdeck_core::i18n::integer(count as i64))}
                        </option>
                    }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

fn owned(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(v, t)| ((*v).to_owned(), (*t).to_owned())).collect()
}

/// The statuses to filter by, named as the table's badges name them.
fn status_options() -> Vec<(String, String)> {
    ["online", "offline", "unbuilt", "recovery"]
        .iter()
        .map(|v| ((*v).to_owned(), VmStatus::parse(Some(&Value::from(*v))).label().to_owned()))
        .collect()
}

/// The types to filter by, named as the table names them.
fn type_options() -> Vec<(String, String)> {
    ["standard", "autoscaled", "balancer", "balancer_failover", "firewall"]
        .iter()
        .filter_map(|v| {
            VmType::parse(Some(&Value::from(*v)))
                .map(|kind| ((*v).to_owned(), kind.label().to_owned()))
        })
        .collect()
}

#[component]
fn FilterSelect(
    query: Memo<VmQuery>,
    go: Callback<VmQuery>,
    name: &'static str,
    label: &'static str,
    options: Vec<(String, String)>,
) -> impl IntoView {
    let id = format!("filter-{name}");
    let label_for = id.clone();
    view! {
        <label class="filter" for=label_for>
            <span>{label}</span>
            <select id=id on:change=move |ev| go.run(query.get_untracked().with_filter(name, &event_target_value(&ev)))>
                <option value="" selected=move || query.with(|q| q.filter(name).is_none())>{t::FILTER_ANY.get()}</option>
                {options.into_iter().map(|(value, text)| {
                    let current = value.clone();
                    view! { <option value=value selected=move || query.with(|q| q.filter(name) == Some(current.as_str()))>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// A typed filter, applied on Enter or when the field is left.
#[component]
fn FilterText(
    query: Memo<VmQuery>,
    go: Callback<VmQuery>,
    name: &'static str,
    label: &'static str,
    numeric: bool,
) -> impl IntoView {
    let id = format!("filter-{name}");
    let label_for = id.clone();
    let apply = move |value: String| {
        let next = query.get_untracked().with_filter(name, &value);
        if next != query.get_untracked() {
            go.run(next);
        }
    };
    view! {
        <label class="filter" for=label_for>
            <span>{label}</span>
            <input
                id=id
                type="text"
                inputmode=if numeric { "numeric" } else { "text" }
                size="10"
                prop:value=move || query.with(|q| q.filter(name).unwrap_or_default().to_owned())
                on:change=move |ev| apply(event_target_value(&ev))
                on:keydown=move |ev| if ev.key() == "Enter" { apply(event_target_value(&ev)) }
            />
        </label>
    }
}
