//! Pinned VMs (`vmdeck_core::vm::pins`), kept per account in this browser
//! (`storage::keys::pins`): first in the list and the switcher, in the
//! user's order; the star that pins one.

use crate::kept::Kept;
use crate::storage::keys;
use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::pins::{Pins, MAX_PINS};

#[derive(Clone, Copy)]
pub struct PinStore {
    pub pins: Kept<Pins>,
    /// The last pin found no room.
    pub full: RwSignal<bool>,
}

impl PinStore {
    /// For the logged-in pages: the account's pins.
    pub fn provide() -> Self {
        let this = Self { pins: Kept::new(keys::pins), full: RwSignal::new(false) };
        provide_context(this);
        this
    }

    /// Whether `vm` is pinned (tracked).
    pub fn is_pinned(self, vm: &str) -> bool {
        self.pins.with(|pins| pins.contains(vm))
    }

    /// Pins `vm`, or takes its pin off.
    pub fn toggle(self, vm: &str) {
        let room = self.pins.update(|pins| match pins.contains(vm) {
            true => {
                pins.unpin(vm);
                true
            }
            false => pins.pin(vm),
        });
        self.full.set(!room);
    }
}

/// The logged-in layout's pins; none outside it.
pub fn use_pins() -> Option<PinStore> {
    use_context::<PinStore>()
}

/// The star that pins `vm` (named `name` for a screen reader), pressed while it is pinned.
#[component]
pub fn PinButton(#[prop(into)] vm: Signal<String>, #[prop(into)] name: Signal<String>) -> impl IntoView {
    let Some(store) = use_pins() else { return ().into_any() };
    let pinned = Memo::new(move |_| store.is_pinned(&vm.get()));
    let label = move || vmdeck_core::tf!(if pinned.get() { t::PIN_REMOVE } else { t::PIN_ADD }, name = name.get());
    let full = move || vmdeck_core::tf!(t::PINS_FULL, max = MAX_PINS);
    view! {
        <button type="button" class="pin-button" class:is-pinned=pinned aria-pressed=move || pinned.get().to_string()
            aria-label=label title=move || if store.full.get() && !pinned.get() { full() } else { label() }
            data-vm=move || vm.get()
            on:click=move |_| store.toggle(&vm.get_untracked())>
            <span aria-hidden="true">{move || if pinned.get() { "★" } else { "☆" }}</span>
        </button>
    }
    .into_any()
}
