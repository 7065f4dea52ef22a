//! What an operation does to the running VM, said the same way on every
//! tab: on the Settings tab's cards, in the Disks tab's dialogs.

use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;

/// What an operation does to the VM.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Impact {
    NoRestart,
    MayRestart,
    Restarts,
    ErasesData,
}

impl Impact {
    /// Its badge's class and words.
    pub fn label(self) -> (&'static str, &'static str) {
        match self {
            Impact::NoRestart => ("effect-none", t::SETTINGS_NO_RESTART.get()),
            Impact::MayRestart => ("effect-some", t::SETTINGS_MAY_RESTART.get()),
            Impact::Restarts => ("effect-some", t::SETTINGS_RESTARTS.get()),
            Impact::ErasesData => ("effect-danger", t::SETTINGS_ERASES_DATA.get()),
        }
    }
}

/// The badge that says an operation's [`Impact`], which may follow what
/// is chosen (a resize restarts a running VM only when allowed to).
#[component]
pub fn ImpactBadge(
    #[prop(into)] impact: Signal<Impact>,
    #[prop(optional)] id: Option<&'static str>,
) -> impl IntoView {
    view! {
        <span class=move || format!("effect {}", impact.get().label().0) id=id>{move || impact.get().label().1}</span>
    }
}
