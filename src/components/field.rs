use leptos::prelude::*;

/// A form field: its label, the control (the children) and the message of
/// what is wrong with it. The control should carry `id=for_id` and
/// `aria-describedby="{for_id}-error"`.
#[component]
pub fn Field(
    /// The label's text.
    #[prop(into)]
    label: String,
    /// The id of the control the label is for.
    for_id: &'static str,
    /// What is wrong with the value, if anything.
    #[prop(into)]
    error: Signal<Option<String>>,
    children: Children,
) -> impl IntoView {
    let error_id = format!("{for_id}-error");
    view! {
        <div class="field">
            <label for=for_id>{label}</label>
            {children()}
            {move || error.get().map(|message| view! { <p class="field-error" id=error_id.clone()>{message}</p> })}
        </div>
    }
}
