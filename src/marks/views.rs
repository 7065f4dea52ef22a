//! The list's saved views (`vmdeck_core::vm::views`), kept per account in
//! this browser (`storage::keys::views`): offered in the list's toolbar and
//! the switcher.

use crate::storage::kept::Kept;
use crate::storage::keys;
use leptos::prelude::*;
use vmdeck_core::vm::views::Views;

#[derive(Clone, Copy)]
pub struct ViewStore {
    pub views: Kept<Views>,
}

impl ViewStore {
    /// For the logged-in pages: the account's views.
    pub fn provide() -> Self {
        let this = Self { views: Kept::new(keys::views) };
        provide_context(this);
        this
    }
}

/// The logged-in layout's views; none outside it.
pub fn use_views() -> Option<ViewStore> {
    use_context::<ViewStore>()
}
