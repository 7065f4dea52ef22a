use super::ErrorView;
use crate::api::ApiResult;
use leptos::prelude::*;

/// What an API resource gives: `render` with its value, the error with a
/// retry, and `fallback` while the first load runs. Later loads keep the
/// previous content on screen (a transition), so nothing flashes.
#[component]
pub fn Loaded<T, V, R>(
    /// The request, usually a `LocalResource` over an endpoint's `async fn`.
    resource: LocalResource<ApiResult<T>>,
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
    let retry = Callback::new(move |()| resource.refetch());
    view! {
        <Transition fallback=move || fallback.run()>
            {move || {
                let render = render.clone();
                let doing = doing.clone();
                Suspend::new(async move {
                    match resource.await {
                        Ok(value) => render(value).into_any(),
                        Err(error) => view! { <ErrorView error=error doing=doing on_retry=retry/> }.into_any(),
                    }
                })
            }}
        </Transition>
    }
}
