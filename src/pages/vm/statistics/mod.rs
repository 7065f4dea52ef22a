//! The VM's statistics tab.

use leptos::prelude::*;

#[component]
pub fn StatisticsTab() -> impl IntoView {
    view! { <super::TabNotYet what="Statistics"/> }
}
