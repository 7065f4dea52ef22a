use crate::hooks::Bound;
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;

/// Asks for a word (the VM's hostname) to be typed before data is lost. The
/// text is a field of the dialog's form; the form's submit waits for it to
/// match (`forms::confirmed`).
#[component]
pub fn TypedConfirm(
    /// The form's field for the typed text.
    bound: Bound,
    /// What must be typed.
    #[prop(into)]
    expected: String,
) -> impl IntoView {
    let Bound { id, value, input, leave, .. } = bound;
    view! {
        <div class="field typed-confirm">
            <label for=id.clone()>{t::TYPED_CONFIRM_BEFORE.get()} " " <strong class="mono">{expected}</strong> " " {t::TYPED_CONFIRM_AFTER.get()}</label>
            <input
                id=id
                type="text"
                autocomplete="off"
                spellcheck="false"
                prop:value=move || value.get()
                on:input=move |ev| input.run(event_target_value(&ev))
                on:blur=move |_| leave.run(())
            />
        </div>
    }
}
