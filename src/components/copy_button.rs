use leptos::prelude::*;
use leptos::task::spawn_local;
use vmdeck_core::i18n::shell as t;

/// How long "Copied" stays on the button.
const SAID_MS: u32 = 2_000;

/// A button that puts `text` on the clipboard and says so: on the button,
/// and in a polite live region for screen readers. `what` names the value
/// for its accessible name: "Copy the hostname".
#[component]
pub fn CopyButton(
    #[prop(into)] text: Signal<String>,
    what: &'static str,
    #[prop(optional, into)] id: Option<String>,
) -> impl IntoView {
    let said = RwSignal::new(None::<&'static str>);
    let clear = StoredValue::new_local(None::<gloo_timers::callback::Timeout>);
    let copy = move |_| {
        let value = text.get_untracked();
        spawn_local(async move {
            // Refused (no permission, an insecure page): said, not hidden.
            let copied = wasm_bindgen_futures::JsFuture::from(
                window().navigator().clipboard().write_text(&value),
            )
            .await
            .is_ok();
            if said
                .try_set(Some(if copied {
                    t::COPY_BUTTON_DONE.get()
                } else {
                    t::COPY_BUTTON_FAILED.get()
                }))
                .is_none()
            {
                clear.set_value(Some(gloo_timers::callback::Timeout::new(SAID_MS, move || {
                    said.try_set(None);
                })));
            }
        });
    };
    view! {
        <button type="button" class="button button-quiet button-small copy-button" id=id aria-label=vmdeck_core::tf!(t::COPY_BUTTON_WHAT, what = what) on:click=copy>
            {move || said.get().unwrap_or(t::COPY_BUTTON.get())}
        </button>
        <span class="visually-hidden" role="status" aria-live="polite">{move || said.get().map(|s| format!("{s}: {what}"))}</span>
    }
}
