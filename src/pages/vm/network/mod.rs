//! The VM's network interfaces tab.

use leptos::prelude::*;

#[component]
pub fn NetworkTab() -> impl IntoView {
    view! { <super::TabNotYet what="Network interfaces"/> }
}
