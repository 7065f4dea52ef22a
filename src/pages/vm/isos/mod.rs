//! The VM's ISOs tab.

use leptos::prelude::*;

#[component]
pub fn IsosTab() -> impl IntoView {
    view! { <super::TabNotYet what="ISOs"/> }
}
