//! The VM's firewall rules tab.

use leptos::prelude::*;

#[component]
pub fn FirewallTab() -> impl IntoView {
    view! { <super::TabNotYet what="Firewall rules"/> }
}
