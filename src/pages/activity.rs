//! The account's Activity page: everything this browser sent for the
//! account, from the history the task tray also reads.

use crate::components::ActivityLog;
use leptos::prelude::*;

#[component]
pub fn ActivityPage() -> impl IntoView {
    view! {
        <section class="page">
            <header class="page-header"><h1>"Activity"</h1></header>
            <p class="muted">"What was sent from this browser for this account: each action, edit, interface, address, rule and ISO, with how it ended. The newest 1,000 are kept, across reloads and tabs."</p>
            <ActivityLog id="activity"/>
        </section>
    }
}
