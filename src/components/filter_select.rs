use crate::hooks::UrlFilters;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};

/// The choices of a filter on whether an address or interface is public.
pub fn public_options() -> Signal<Vec<(String, String)>> {
    Signal::derive(|| {
        vec![
            ("1".to_owned(), c::PUBLIC.get().to_owned()),
            ("0".to_owned(), c::PRIVATE.get().to_owned()),
        ]
    })
}

/// A select that sets one of the URL's filters (`key`): "any" first, then
/// `options` as (value, text).
#[component]
pub fn FilterSelect(
    filters: UrlFilters,
    key: &'static str,
    id: &'static str,
    #[prop(into)] label: String,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
) -> impl IntoView {
    view! {
        <label class="filter">
            <span>{label}</span>
            <select id=id on:change=move |ev| filters.set(key, event_target_value(&ev))>
                <option value="" selected=move || filters.get(key).is_empty()>{t::FILTER_ANY.get()}</option>
                {move || options.get().into_iter().map(|(value, text)| {
                    let chosen = value.clone();
                    view! { <option value=value selected=move || filters.get(key) == chosen>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}
