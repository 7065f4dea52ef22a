//! The account's network interfaces.

use leptos::prelude::*;

#[component]
pub fn InterfacesPage() -> impl IntoView {
    view! {
        <section class="page">
            <header class="page-header"><h1>"Network interfaces"</h1></header>
            <div class="empty-state">
                <p class="empty-title">"Not available yet"</p>
                <p class="muted">"The account-wide list of network interfaces is not part of this version of vmdeck."</p>
            </div>
        </section>
    }
}
