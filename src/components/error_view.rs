use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::ApiError;

/// An API error in words, with a retry button where trying again can help
/// (and a reload where the panel itself is new).
#[component]
pub fn ErrorView(
    /// What failed.
    error: ApiError,
    /// What was being done, e.g. "Loading the virtual machines".
    #[prop(into)]
    doing: String,
    /// Called by the "Try again" button; without it there is no button.
    #[prop(optional)]
    on_retry: Option<Callback<()>>,
    /// The title, where the caller knows better than the error's kind.
    #[prop(default = None)]
    title: Option<&'static str>,
) -> impl IntoView {
    let title = title.unwrap_or_else(|| match &error {
        ApiError::Unreachable { .. } | ApiError::Timeout { .. } => t::ERROR_VIEW_NO_ANSWER.get(),
        ApiError::NotFound(_) => t::ERROR_VIEW_NOT_FOUND.get(),
        ApiError::Forbidden(_) => t::ERROR_VIEW_NOT_ALLOWED.get(),
        ApiError::Server { .. } => t::ERROR_VIEW_SERVICE_PROBLEM.get(),
        ApiError::Malformed { .. } => t::ERROR_VIEW_UNREADABLE.get(),
        ApiError::PartNotLoaded { .. } => t::ERROR_VIEW_PART_NOT_LOADED.get(),
        ApiError::PanelUpdated { .. } => t::ERROR_VIEW_PANEL_UPDATED.get(),
        ApiError::Validation(_) | ApiError::PreconditionFailed(_) => {
            t::ERROR_VIEW_NOT_ACCEPTED.get()
        }
        _ => t::CRASH_TITLE.get(),
    });
    let message = error.to_string();
    let updated = matches!(error, ApiError::PanelUpdated { .. });
    view! {
        <div class="notice notice-error" role="alert">
            <p class="notice-title">{title}</p>
            <p>{vmdeck_core::tf!(t::ERROR_VIEW_FAILED, doing = doing)} " " {message}</p>
            // A new version helps only by loading it; trying again would find nothing.
            {if updated {
                Some(view! { <button type="button" class="button" on:click=|_| { let _ = window().location().reload(); }>{t::CRASH_RELOAD.get()}</button> }.into_any())
            } else {
                on_retry.map(|retry| view! { <button type="button" class="button" on:click=move |_| retry.run(())>{c::TRY_AGAIN.get()}</button> }.into_any())
            }}
        </div>
    }
}
