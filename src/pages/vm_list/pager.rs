//! The pager under the table: where the view is, the page size, and the
//! ways to the other pages.

use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::vm::query::{VmQuery, PAGE_SIZES};
use vmdeck_core::{Page, Vm};

#[component]
pub fn Pager(
    page: Signal<Option<Page<Vm>>>,
    query: Memo<VmQuery>,
    go: Callback<VmQuery>,
) -> impl IntoView {
    // Saturating: the offset comes from the URL and may be anything.
    let turn = move |forward: bool| {
        let q = query.get_untracked();
        let offset = if forward {
            q.offset.saturating_add(q.limit)
        } else {
            q.offset.saturating_sub(q.limit)
        };
        go.run(q.at_offset(offset));
    };
    let last = move || {
        page.with(|p| p.as_ref().and_then(|p| p.total)).map(|total| {
            let limit = query.with(|q| q.limit);
            total.saturating_sub(1) / limit.max(1) * limit
        })
    };
    view! {
        <nav class="pager" aria-label=t::PAGER_PAGES.get() hidden=move || page.with(|p| p.as_ref().is_none_or(|p| p.items.is_empty() && p.total.is_none() && !p.has_previous()))>
            <span class="pager-range" id="vm-list-range">{move || page.with(|p| p.as_ref().map(Page::range_label).unwrap_or_default())}</span>
            {move || page.with(|p| p.as_ref().filter(|p| p.skipped > 0).map(|p| vmdeck_core::i18n::plural(p.skipped as u64, &t::PAGER_SKIPPED_ONE, &t::PAGER_SKIPPED_OTHER)))}
            <label class="inline-select">
                <span>{t::PAGER_PER_PAGE.get()}</span>
                <select id="vm-page-size" on:change=move |ev| {
                    if let Ok(limit) = event_target_value(&ev).parse::<u64>() {
                        go.run(query.get_untracked().with_limit(limit));
                    }
                }>
                    {PAGE_SIZES.iter().map(|size| view! {
                        <option value=size.to_string() selected=move || query.with(|q| q.limit == *size)>{vmdeck_core::i18n::integer(*size as i64)}</option>
                    }).collect_view()}
                </select>
            </label>
            <button type="button" class="button" id="page-first" disabled=move || query.with(|q| q.offset == 0) on:click=move |_| go.run(query.get_untracked().at_offset(0))>{t::PAGER_FIRST.get()}</button>
            <button type="button" class="button" id="page-prev" disabled=move || !page.with(|p| p.as_ref().is_some_and(Page::has_previous)) on:click=move |_| turn(false)>{t::PAGER_PREVIOUS.get()}</button>
            <button type="button" class="button" id="page-next" disabled=move || !page.with(|p| p.as_ref().is_some_and(Page::has_next)) on:click=move |_| turn(true)>{t::PAGER_NEXT.get()}</button>
            {move || last().map(|offset| view! {
                <button type="button" class="button" id="page-last" disabled=move || query.with(|q| q.offset >= offset) on:click=move |_| go.run(query.get_untracked().at_offset(offset))>{t::PAGER_LAST.get()}</button>
            })}
        </nav>
    }
}
