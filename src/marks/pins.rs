//! Pinned VMs (`vmdeck_core::vm::pins`), kept per account in this browser
//! (`storage::keys::pins`): first in the list and the switcher, in the
//! user's order; the star that pins one.

use crate::storage::kept::Kept;
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

    /// Takes `vm`'s pin off (destroyed), if it has one.
    pub fn forget(self, vm: &str) {
        if self.pins.with_latest(|pins| pins.contains(vm)) {
            self.pins.update(|pins| pins.unpin(vm));
        }
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

/// The star that pins `vm` (named `name` for a screen reader), pressed
/// while it is pinned. One reactive piece, drawn again as a whole when
/// the pins change: a list draws a thousand of them.
#[component]
pub fn PinButton(vm: String, name: String, store: Option<PinStore>) -> impl IntoView {
    let store = store?;
    Some(move || {
        let pinned = store.is_pinned(&vm);
        let label = vmdeck_core::tf!(if pinned { t::PIN_REMOVE } else { t::PIN_ADD }, name = name);
        let title = if store.full.get() && !pinned {
            vmdeck_core::tf!(t::PINS_FULL, max = MAX_PINS)
        } else {
            label.clone()
        };
        let vm = vm.clone();
        view! {
            <button type="button" class=if pinned { "pin-button is-pinned" } else { "pin-button" } aria-pressed=pinned.to_string()
                aria-label=label title=title on:click=move |_| store.toggle(&vm)>
                <span aria-hidden="true">{if pinned { "★" } else { "☆" }}</span>
            </button>
        }
    })
}
