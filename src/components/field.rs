use leptos::prelude::*;

/// A form field: its label, the control (the children), a hint, and the
/// message of what is wrong with it. The control should carry `id=for_id`
/// and `aria-describedby=described_by(for_id, error, has_hint)`.
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

/// The `aria-describedby` of the control in a [`Field`]: its error while it
/// shows, then its hint. Only ids that are on the page: a reference to a
/// missing element is invalid ARIA and leaves a screen reader nothing to read.
pub fn described_by(id: impl Into<String>, error: Signal<Option<String>>, has_hint: bool) -> impl Fn() -> Option<String> + Send + Sync + 'static {
    let id = id.into();
    move || match (error.with(Option::is_some), has_hint) {
        (true, true) => Some(format!("{id}-error {id}-hint")),
        (true, false) => Some(format!("{id}-error")),
        (false, true) => Some(format!("{id}-hint")),
        (false, false) => None,
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
    let description = described_by(id.clone(), Signal::derive(move || error.get()), !hint.is_empty());
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
                aria-describedby=description
            />
        </Field>
    }
}
