use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::href;

#[component]
pub fn NotFoundPage() -> impl IntoView {
    let path = use_location().pathname;
    view! {
        <section class="page not-found" id="not-found">
            <h1>{vmdeck_core::i18n::common::PAGE_NOT_FOUND.get()}</h1>
            <p class="muted">{t::NOT_FOUND_BEFORE.get()} " " <code>{move || path.get()}</code> "."</p>
            <p><A href=href::vms() attr:class="button button-primary">{t::NOT_FOUND_GO.get()}</A></p>
        </section>
    }
}
