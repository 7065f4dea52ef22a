//! "With undo" beside a firewall change: whether to make it one that
//! reverts itself unless kept, and after how many seconds
//! (`crate::firewall::rollback`); and why the firewall as it was could not be
//! read, if it could not (then nothing was sent).

use crate::components::{CheckField, ErrorView, TextField};
use crate::firewall::rollback::{use_firewall_rollback, FirewallRollback, RollbackReading};
use crate::hooks::{use_form_with_options, Form, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::firewall::rollback::RollbackForm;
use vmdeck_core::i18n::firewall as t;

/// The choice of one place that sends firewall changes, and how a change
/// is sent as chosen.
#[derive(Clone, Copy)]
pub struct RollbackChooser {
    pub form: Form<RollbackForm>,
    pub reading: RollbackReading,
    undo: FirewallRollback,
}

impl RollbackChooser {
    /// The choice's form is named `name` (its fields' ids derive from it).
    pub fn new(name: &'static str) -> Self {
        let form = use_form_with_options(
            name,
            RollbackForm::default(),
            UseFormOptions::default().check(RollbackForm::errors),
        );
        Self { form, reading: RollbackReading::default(), undo: use_firewall_rollback() }
    }

    /// Whether a press would send nothing now: the firewall as it was is
    /// being read, or undo is chosen while another change waits.
    pub fn held(self) -> bool {
        self.reading.reading.get() || (self.form.with(|f| f.on) && self.undo.busy())
    }

    /// Sends a change to the VMs `vms` (id and name) as chosen: with undo,
    /// `send(true)` once their firewalls as they were are kept; without,
    /// `send(false)` at once. Nothing while the time has a mistake or
    /// `held` says so.
    pub fn send(
        self,
        vms: impl FnOnce() -> Vec<(String, String)>,
        send: impl FnOnce(bool) + 'static,
    ) {
        if self.reading.reading.get_untracked() {
            return;
        }
        let Some(choice) = self.form.submit() else { return };
        // The choice stays for the next change, and is not input left unsent.
        self.form.start_from(choice.clone());
        match choice.seconds() {
            Some(_) if self.undo.busy() => {}
            Some(seconds) => self.undo.start(self.reading, vms(), seconds, move || send(true)),
            None => send(false),
        }
    }
}

/// The choice; while another change waits to be kept or undone, it says
/// so (one waits at a time).
#[component]
pub fn RollbackChoice(chooser: RollbackChooser) -> impl IntoView {
    let RollbackChooser { form, reading, undo } = chooser;
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
