use super::ErrorView;
use crate::hooks::UseDataReturn;
use leptos::prelude::*;

/// What a [`use_data`](crate::hooks::use_data) read gives: `render` with its
/// data, the error with a retry, and `fallback` until the first answer. A
/// new read keeps the data on screen, dimmed while it belongs to another
/// view; a failed one shows its error above the data it kept.
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
                Some(value) => render(value).into_any(),
                None if data.error.with(Option::is_none) => fallback.run(),
                None => ().into_any(),
            }}
        </div>
    }
}
