//! "With undo" beside a firewall change: whether to make it one that
//! reverts itself unless kept, and after how many seconds
//! (`crate::firewall_undo`); and why the firewall as it was could not be
//! read, if it could not (then nothing was sent).

use super::{CheckField, ErrorView, TextField};
use crate::firewall_undo::{use_firewall_undo, UndoReading};
use crate::hooks::{use_form_with_options, Form, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::firewall::restore::UndoForm;
use vmdeck_core::i18n::firewall as t;

/// The choice's form, named `name` (its fields' ids derive from it).
pub fn undo_form(name: &'static str) -> Form<UndoForm> {
    use_form_with_options(name, UndoForm::default(), UseFormOptions::default().check(UndoForm::errors))
}

/// The choice; while another change waits to be kept or undone, it says
/// so (one waits at a time).
#[component]
pub fn UndoChoice(form: Form<UndoForm>, reading: UndoReading) -> impl IntoView {
    let undo = use_firewall_undo();
    view! {
        <div class="undo-choice">
            <CheckField bound=form.bind_flag("on", |f| f.on, |f, on| f.on = on)>{t::FW_UNDO_WITH.get()}</CheckField>
            <Show when=move || form.with(|f| f.on)>
                <div class="apply-undo-seconds">
                    <TextField bound=form.text("seconds", |f| &f.seconds, |f| &mut f.seconds) label=t::FW_UNDO_SECONDS.get() numeric=true/>
                </div>
            </Show>
            <Show when=move || form.with(|f| f.on) && undo.busy()>
                <p class="muted undo-other">{t::FW_UNDO_OTHER.get()}</p>
            </Show>
        </div>
        {move || reading.error.get().map(|e| view! { <ErrorView error=e doing=t::FW_UNDO_READING.get()/> })}
    }
}
