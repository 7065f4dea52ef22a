//! A value the panel keeps for the account logged in, in this browser's
//! storage under a key of that account (`storage::keys`): read at once so
//! that a page's first drawing knows it, read again when the account
//! changes, another tab's change taken in as it is made (the `storage`
//! event), and each change made to what storage holds now. A browser that
//! refuses the write (full, or storage blocked) keeps it in this tab, and
//! [`Kept::memory_only`] says so.

use crate::session::use_session;
use crate::storage::{self, Store};
use leptos::prelude::*;
use serde_json::Value;

/// What can be kept: read tolerantly from what was stored (whatever is
/// there, a hand-edited or older form included), written as JSON.
pub trait Keep: Default + PartialEq + Send + Sync + 'static {
    fn from_kept(value: &Value) -> Self;
    fn to_kept(&self) -> Value;
    /// Nothing worth a key: the key is removed.
    fn is_empty(&self) -> bool;
}

/// [`Keep`] for the core's kept values, which read and write themselves
/// (`from_json`, tolerant; `to_json`; `is_empty`).
macro_rules! keep_as_json {
    ($($kind:ty),*) => {$(
        impl Keep for $kind {
            fn from_kept(value: &Value) -> Self {
                <$kind>::from_json(value)
            }
            fn to_kept(&self) -> Value {
                self.to_json()
            }
            fn is_empty(&self) -> bool {
                <$kind>::is_empty(self)
            }
        }
    )*};
}

keep_as_json!(
    vmdeck_core::vm::protection::Marks,
    vmdeck_core::vm::tags::Tags,
    vmdeck_core::vm::pins::Pins,
    vmdeck_core::vm::views::Views,
    vmdeck_core::vm::columns::Columns
);

pub struct Kept<T: Keep> {
    value: RwSignal<T>,
    /// Where the account's value is kept; none when logged out.
    key: RwSignal<Option<String>>,
    memory_only: RwSignal<bool>,
}

impl<T: Keep> Clone for Kept<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: Keep> Copy for Kept<T> {}

fn stored<T: Keep>(key: Option<&str>) -> T {
    key.and_then(|key| storage::read::<Value>(Store::Browser, key))
        .map(|kept| T::from_kept(&kept))
        .unwrap_or_default()
}

impl<T: Keep> Kept<T> {
    /// The value of the account logged in, under `key_of(account)`.
    pub fn new(key_of: fn(&str) -> String) -> Self {
        let session = use_session();
        let key = session.account_key().map(|account| key_of(&account));
        let this = Self {
            value: RwSignal::new(stored(key.as_deref())),
            key: RwSignal::new(key),
            memory_only: RwSignal::new(false),
        };
        Effect::new(move || {
            let key = session.credentials().map(|c| key_of(&c.account_key()));
            if this.key.get_untracked() != key {
                this.value.set(stored(key.as_deref()));
                this.key.set(key);
                this.memory_only.set(false);
            }
        });
        let listener = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().is_some()
                && ev.key() == this.key.get_untracked()
                && !this.memory_only.get_untracked()
            {
                this.value.set(stored(ev.key().as_deref()));
            }
        });
        on_cleanup(move || listener.remove());
        this
    }

    /// Reads the value (tracked: a change wakes the reader).
    pub fn with<R>(self, read: impl FnOnce(&T) -> R) -> R {
        self.value.with(read)
    }

    /// Reads the value without waking on its changes.
    pub fn with_untracked<R>(self, read: impl FnOnce(&T) -> R) -> R {
        self.value.with_untracked(read)
    }

    /// Reads the value as storage holds it now (another tab may have just
    /// changed it), untracked.
    pub fn with_latest<R>(self, read: impl FnOnce(&T) -> R) -> R {
        self.reread();
        self.value.with_untracked(read)
    }

    /// The browser refused the last change: the value holds in this tab only.
    pub fn memory_only(self) -> bool {
        self.memory_only.get()
    }

    /// [`Kept::memory_only`], untracked.
    pub fn memory_only_untracked(self) -> bool {
        self.memory_only.get_untracked()
    }

    fn reread(self) {
        if !self.memory_only.get_untracked() {
            let latest = stored::<T>(self.key.get_untracked().as_deref());
            if self.value.with_untracked(|value| *value != latest) {
                self.value.set(latest);
            }
        }
    }

    /// Changes the value as storage holds it now, and keeps it.
    /// (Gone with its owner, it changes nothing and answers the default.)
    pub fn update<R: Default>(self, change: impl FnOnce(&mut T) -> R) -> R {
        self.reread();
        let out = self.value.try_update(change).unwrap_or_default();
        let Some(key) = self.key.get_untracked() else { return out };
        if self.memory_only.get_untracked() {
            return out;
        }
        let kept = self.value.with_untracked(|value| match value.is_empty() {
            true => {
                storage::remove(Store::Browser, &key);
                true
            }
            false => storage::write(Store::Browser, &key, &value.to_kept()),
        });
        if !kept {
            self.memory_only.set(true);
        }
        out
    }
}
