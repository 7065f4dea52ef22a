use leptos::prelude::*;
use vmdeck_core::ApiError;

/// An API error in words, with a retry button where trying again can help.
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
) -> impl IntoView {
    let title = match &error {
        ApiError::Unreachable { .. } | ApiError::Timeout { .. } => "No answer from the API",
        ApiError::NotFound(_) => "Not found",
        ApiError::Forbidden(_) => "Not allowed",
        ApiError::Server { .. } => "The service had a problem",
        ApiError::Malformed { .. } => "Unreadable answer",
        ApiError::PartNotLoaded { .. } => "Part of the panel did not load",
        ApiError::Validation(_) | ApiError::PreconditionFailed(_) => "Not accepted",
        _ => "Something went wrong",
    };
    let message = error.to_string();
    view! {
        <div class="notice notice-error" role="alert">
            <p class="notice-title">{title}</p>
            <p>{doing} " failed. " {message}</p>
            {on_retry.map(|retry| view! {
                <button type="button" class="button" on:click=move |_| retry.run(())>"Try again"</button>
            })}
        </div>
    }
}
