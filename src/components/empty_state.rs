use leptos::prelude::*;

/// Why a list is empty, in a sentence, with what to do (the children).
#[component]
pub fn EmptyState(
    #[prop(into)] title: String,
    #[prop(into)] text: String,
    #[prop(optional)] id: &'static str,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <div class="empty-state" id=(!id.is_empty()).then_some(id)>
            <p class="empty-title">{title}</p>
            <p class="muted">{text}</p>
            {children.map(|c| c())}
        </div>
    }
}
