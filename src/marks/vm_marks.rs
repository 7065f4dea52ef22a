//! What the panel keeps of each VM in this browser (its tags, its pin, its
//! protection mark, and in this tab its firewall rules not applied yet),
//! taken together where a VM is gone for good.

use crate::marks::pins::{use_pins, PinStore};

use crate::marks::protection::{use_protection, Protection};

use crate::marks::tags::{use_tags, TagStore};
use crate::session::use_session;
use crate::storage;
use leptos::prelude::*;

/// The account's stores of what is kept per VM; none outside the logged-in
/// layout.
#[derive(Clone, Copy)]
pub struct VmMarks {
    tags: Option<TagStore>,
    pins: Option<PinStore>,
    protection: Option<Protection>,
    /// The account whose stores these are, as it was when they were taken.
    account: StoredValue<Option<String>>,
}

impl VmMarks {
    /// Taken where the layout's stores are in reach (a component's setup),
    /// for use after an answer arrives.
    pub fn of_account() -> Self {
        Self {
            tags: use_tags(),
            pins: use_pins(),
            protection: use_protection(),
            account: StoredValue::new(use_session().account_key()),
        }
    }

    /// `vm` is gone for good (destroyed from this panel, or gone from the
    /// account and forgotten by the user): nothing is kept of it any more,
    /// so a tag counts only VMs that exist, no pin waits for it and no rule
    /// waits to be applied to it.
    pub fn forget(self, vm: &str) {
        if let Some(tags) = self.tags {
            tags.forget(vm);
        }
        if let Some(pins) = self.pins {
            pins.forget(vm);
        }
        if let Some(protection) = self.protection {
            protection.forget(vm);
        }
        if let Some(account) = self.account.get_value() {
            storage::forget_unapplied(&account, vm);
        }
    }
}
