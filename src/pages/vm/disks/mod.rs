//! The VM's disks tab.

use leptos::prelude::*;

#[component]
pub fn DisksTab() -> impl IntoView {
    view! { <super::TabNotYet what="Disks"/> }
}
