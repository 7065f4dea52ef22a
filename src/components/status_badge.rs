use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::VmStatus;

/// A VM's status as a coloured badge, with a busy spinner while it is locked
/// and a mark when it is suspended. Unknown statuses show as they came.
#[component]
pub fn StatusBadge(
    status: VmStatus,
    #[prop(optional)] locked: bool,
    #[prop(optional)] suspended: bool,
) -> impl IntoView {
    let class = format!("badge badge-{}", status.css_class());
    let label = status.label().to_owned();
    view! {
        <span class="status">
            <span class=class>{label}</span>
            {locked.then(|| view! { <span class="busy" title=t::STATUS_BADGE_BUSY_TITLE.get() role="status"><span class="spinner" aria-hidden="true"></span>{t::STATUS_BADGE_BUSY.get()}</span> })}
            {suspended.then(|| view! { <span class="badge badge-suspended" title=t::STATUS_BADGE_SUSPENDED_TITLE.get()>{t::STATUS_BADGE_SUSPENDED.get()}</span> })}
        </span>
    }
}
