use super::ErrorView;
use crate::hooks::UseDataReturn;
use leptos::prelude::*;
use std::sync::Arc;

/// What [`Loaded`] draws for an answer that holds nothing (no interfaces, no
/// match), instead of `render`.
pub struct Empty<T> {
    holds_nothing: Arc<dyn Fn(&T) -> bool + Send + Sync>,
    view: ViewFn,
}

impl<T> Empty<T> {
    /// `view` for an answer of which `holds_nothing` says so.
    pub fn when(
        holds_nothing: impl Fn(&T) -> bool + Send + Sync + 'static,
        view: impl Into<ViewFn>,
    ) -> Self {
        Self { holds_nothing: Arc::new(holds_nothing), view: view.into() }
    }
}

impl<T: 'static> Empty<Vec<T>> {
    /// `view` for an empty list.
    pub fn list(view: impl Into<ViewFn>) -> Self {
        Self::when(Vec::is_empty, view)
    }
}

/// What a [`use_data`](crate::hooks::use_data) read gives: `render` with its
/// data (or `empty` when it holds nothing), the error with a retry, and
/// `fallback` until the first answer. A new read keeps the data on screen,
/// dimmed while it belongs to another view; a failed one shows its error
/// above the data it kept, or above `failed` when there is none.
#[component]
pub fn Loaded<T, V, R>(
    data: UseDataReturn<T>,
    /// What is being loaded, for the error message: "Loading the virtual machines".
    #[prop(into)]
    doing: String,
    /// Draws the loaded value.
    render: R,
    /// Shown until the first answer.
    #[prop(optional, into)]
    fallback: ViewFn,
    /// Drawn instead of `render` for an answer that holds nothing.
    #[prop(optional)]
    empty: Option<Empty<T>>,
    /// Shown under the error when no data was ever read: for a view that can
    /// go on without it (a form that then leaves those fields as they are).
    #[prop(optional, into)]
    failed: ViewFn,
) -> impl IntoView
where
    T: Clone + Send + Sync + 'static,
    R: Fn(T) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let retry = Callback::new(move |()| data.refresh());
    let has_data = Memo::new(move |_| data.data.with(Option::is_some));
    view! {
        {move || data.error.get().map(|error| view! { <ErrorView error=error doing=doing.clone() on_retry=retry/> })}
        <div class="loaded" class:is-stale=move || data.stale.get() && has_data.get() aria-busy=move || data.loading.get().to_string()>
            {move || match data.data.get() {
                Some(value) => match &empty {
                    Some(empty) if (empty.holds_nothing)(&value) => empty.view.run(),
                    _ => render(value).into_any(),
                },
                None if data.error.with(Option::is_none) => fallback.run(),
                None => failed.run(),
            }}
        </div>
    }
}
