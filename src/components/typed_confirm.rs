use leptos::prelude::*;

/// Asks for a word (the VM's hostname) to be typed before data is lost;
/// `confirmed` follows whether it matches.
#[component]
pub fn TypedConfirm(
    /// What must be typed.
    #[prop(into)]
    expected: String,
    /// Set true while the typed text matches.
    confirmed: RwSignal<bool>,
) -> impl IntoView {
    let typed = RwSignal::new(String::new());
    let shown = expected.clone();
    confirmed.set(false);
    view! {
        <div class="field typed-confirm">
            <label for="typed-confirm">"Type " <strong class="mono">{shown}</strong> " to confirm"</label>
            <input
                id="typed-confirm"
                type="text"
                autocomplete="off"
                spellcheck="false"
                prop:value=move || typed.get()
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    confirmed.set(!expected.is_empty() && text.trim() == expected);
                    typed.set(text);
                }
            />
        </div>
    }
}
