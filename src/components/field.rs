use leptos::prelude::*;

/// A form field: its label, the control (the children), a hint, and the
/// message of what is wrong with it. The control should carry `id=for_id`
/// and `aria-describedby="{for_id}-error {for_id}-hint"`.
#[component]
pub fn Field(
    /// The label's text.
    #[prop(into)]
    label: String,
    /// The id of the control the label is for.
    #[prop(into)]
    for_id: String,
    /// What is wrong with the value, if anything.
    #[prop(optional, into)]
    error: MaybeProp<String>,
    /// A line of help under the control.
    #[prop(optional)]
    hint: &'static str,
    children: Children,
) -> impl IntoView {
    let error_id = format!("{for_id}-error");
    let hint_id = format!("{for_id}-hint");
    view! {
        <div class="field">
            <label for=for_id>{label}</label>
            {children()}
            {(!hint.is_empty()).then(|| view! { <p class="hint" id=hint_id>{hint}</p> })}
            {move || error.get().map(|message| view! { <p class="field-error" id=error_id.clone()>{message}</p> })}
        </div>
    }
}
