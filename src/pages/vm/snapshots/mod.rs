//! The VM's snapshots tab.

use leptos::prelude::*;

#[component]
pub fn SnapshotsTab() -> impl IntoView {
    view! { <super::TabNotYet what="Snapshots"/> }
}
