//! The one typed confirmation: a word (the VM's hostname) typed before data
//! is lost, as a field of the dialog's form, and whether it is right.

use crate::hooks::{Bound, Form};
use leptos::prelude::*;
use vmdeck_core::forms::{self, WithTypedWord};
use vmdeck_core::i18n::shell as t;

/// What a dialog asks to be typed: the field bound to its form's `typed`,
/// the word, and whether what is typed matches it.
#[derive(Clone)]
pub struct TypedWord {
    bound: Bound,
    expected: String,
    confirmed: Signal<bool>,
}

impl TypedWord {
    /// `expected` must be typed into `form` (an empty word is never right).
    pub fn new<F>(form: Form<F>, expected: String) -> Self
    where
        F: WithTypedWord + Clone + PartialEq + Send + Sync + 'static,
    {
        let bound = form.text("typed", F::typed, F::typed_mut);
        let word = expected.clone();
        let confirmed = Signal::derive(move || form.with(|f| forms::confirmed(f.typed(), &word)));
        Self { bound, expected, confirmed }
    }

    /// Whether the word typed is right: the dialog's submit waits for it.
    pub fn confirmed(&self) -> Signal<bool> {
        self.confirmed
    }
}

/// The field of a [`TypedWord`], saying what to type.
#[component]
pub fn TypedConfirm(word: TypedWord) -> impl IntoView {
    let TypedWord { bound: Bound { id, value, input, leave, .. }, expected, .. } = word;
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
