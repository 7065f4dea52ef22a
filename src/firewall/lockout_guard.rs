//! The guard against locking oneself out, shared by the Firewall and
//! Network tabs and the interfaces page: "my address", kept in this
//! browser, and a second confirmation for what would deny SSH and RDP.

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use std::net::Ipv4Addr;
use vmdeck_core::i18n::firewall as t;

/// The address the user saved as theirs in this browser, if any. The panel
/// looks nothing up elsewhere: only the user knows where they connect from.
pub fn my_address() -> Option<Ipv4Addr> {
    storage::read::<String>(Store::Browser, keys::MY_ADDRESS).and_then(|text| text.parse().ok())
}

pub fn save_my_address(address: Option<Ipv4Addr>) {
    match address {
        Some(address) => {
            storage::write(Store::Browser, keys::MY_ADDRESS, &address.to_string());
        }
        None => storage::remove(Store::Browser, keys::MY_ADDRESS),
    }
}

/// A second confirmation for an action that would lock the user out: the
/// first try with a warning only arms it, the second goes ahead. A new
/// warning (the input changed) needs its own second try.
#[derive(Clone, Copy)]
pub struct Guard {
    warning: Signal<Option<String>>,
    armed: RwSignal<bool>,
}

impl Guard {
    pub fn new(warning: Signal<Option<String>>) -> Self {
        let armed = RwSignal::new(false);
        Effect::new(move |before: Option<Option<String>>| {
            let now = warning.get();
            if before.is_some_and(|before| before != now) {
                armed.set(false);
            }
            now
        });
        Self { warning, armed }
    }

    /// Whether the action may go ahead now.
    pub fn pass(self) -> bool {
        if self.warning.with_untracked(Option::is_none) || self.armed.get_untracked() {
            true
        } else {
            self.armed.set(true);
            false
        }
    }

    pub fn armed(self) -> bool {
        self.armed.get()
    }
}

/// The guard's warning, and after a first try, how to go ahead anyway.
#[component]
pub fn LockoutNotice(
    guard: Guard,
    /// The action's button, named in "press … again".
    #[prop(into)]
    again: String,
    /// Shown only after a first try: for a button with no form around it,
    /// whose rules are checked above already.
    #[prop(optional)]
    after_first_try: bool,
) -> impl IntoView {
    move || {
        guard.warning.get().filter(|_| !after_first_try || guard.armed()).map(|warning| {
            let again = again.clone();
            view! {
                <div class="notice notice-error lockout" id="lockout-warning" role="alert">
                    <p class="notice-title">{t::FW_LOCKOUT_TITLE.get()}</p>
                    <p>{warning}</p>
                    {move || if guard.armed() {
                        view! { <p id="lockout-armed"><strong>{vmdeck_core::tf!(t::FW_LOCKOUT_AGAIN, again = again)}</strong></p> }.into_any()
                    } else {
                        view! { <p>{t::FW_LOCKOUT_ADVICE.get()}</p> }.into_any()
                    }}
                </div>
            }
        })
    }
}
