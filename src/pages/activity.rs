//! The account's Activity page: everything this browser sent for the
//! account, from the history the task tray also reads.

use crate::tasks::activity::ActivityLog;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};

#[component]
pub fn ActivityPage() -> impl IntoView {
    view! {
        <section class="page">
            <header class="page-header"><h1>{c::ACTIVITY.get()}</h1></header>
            <p class="muted">{vmdeck_core::tf!(t::ACTIVITY_PAGE_INTRO, n = vmdeck_core::i18n::integer(1_000))}</p>
            <ActivityLog id="activity"/>
        </section>
    }
}
