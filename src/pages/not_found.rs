use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_location;

#[component]
pub fn NotFoundPage() -> impl IntoView {
    let path = use_location().pathname;
    view! {
        <section class="page not-found" id="not-found">
            <h1>"Page not found"</h1>
            <p class="muted">"There is no page at " <code>{move || path.get()}</code> "."</p>
            <p><A href="/vms" attr:class="button button-primary">"Go to your virtual machines"</A></p>
        </section>
    }
}
