//! The account's IP addresses.

use leptos::prelude::*;

#[component]
pub fn IpAddressesPage() -> impl IntoView {
    view! {
        <section class="page">
            <header class="page-header"><h1>"IP addresses"</h1></header>
            <div class="empty-state">
                <p class="empty-title">"Not available yet"</p>
                <p class="muted">"The account-wide list of IP addresses is not part of this version of vmdeck."</p>
            </div>
        </section>
    }
}
