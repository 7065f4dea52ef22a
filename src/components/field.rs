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

/// A labelled text input with its hint and error: the value comes in,
/// each edit goes out through `on_input`, leaving it through `on_blur`.
#[component]
pub fn TextField(
    #[prop(into)] label: String,
    /// The input's id; the error and hint ids derive from it.
    #[prop(into)]
    id: String,
    #[prop(into)] value: Signal<String>,
    on_input: Callback<String>,
    #[prop(optional, into)] error: MaybeProp<String>,
    #[prop(optional)] on_blur: Option<Callback<()>>,
    #[prop(optional)] hint: &'static str,
    #[prop(optional)] numeric: bool,
    #[prop(optional)] placeholder: &'static str,
) -> impl IntoView {
    let described_by = format!("{id}-error {id}-hint");
    view! {
        <Field label=label for_id=id.clone() error=error hint=hint>
            <input
                id=id
                type="text"
                inputmode=if numeric { "numeric" } else { "text" }
                placeholder=placeholder
                autocomplete="off"
                spellcheck="false"
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
                on:blur=move |_| if let Some(blur) = on_blur { blur.run(()) }
                aria-invalid=move || error.with(|e| e.is_some()).to_string()
                aria-describedby=described_by
            />
        </Field>
    }
}
