//! What the panel keeps of each VM in this browser (its tags, its pin, its
//! protection mark), taken together where a VM is gone for good.

use super::{use_pins, use_protection, use_tags, PinStore, Protection, TagStore};

/// The account's stores of what is kept per VM; none outside the logged-in
/// layout.
#[derive(Clone, Copy)]
pub struct VmMarks {
    tags: Option<TagStore>,
    pins: Option<PinStore>,
    protection: Option<Protection>,
}

impl VmMarks {
    /// Taken where the layout's stores are in reach (a component's setup),
    /// for use after an answer arrives.
    pub fn of_account() -> Self {
        Self { tags: use_tags(), pins: use_pins(), protection: use_protection() }
    }

    /// `vm` was destroyed from this panel: nothing is kept of it any more,
    /// so a tag counts only VMs that exist and no pin waits for it.
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
    }
}
