//! Which VMs this panel refuses to destroy or rebuild
//! (`vmdeck_core::vm::protection`): the user's marks, kept per account in
//! this browser (`storage::keys::protection`) over the deployment's
//! `protect_vms`, another tab's change taken in as it is made. A browser
//! that refuses to keep them keeps them in this tab, and says so.

use crate::deploy::use_deploy;
use crate::session::{use_session, Session};
use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::protection::Marks;

#[derive(Clone, Copy)]
pub struct Protection {
    marks: RwSignal<Marks>,
    /// Where the account's marks are kept; none when logged out.
    key: RwSignal<Option<String>>,
    /// The browser refused the last change: the marks hold in this tab only.
    pub memory_only: RwSignal<bool>,
    by_default: Signal<bool>,
}

fn key_of(session: Session) -> Option<String> {
    session.credentials().map(|c| keys::protection(&c.account_key()))
}

fn stored(key: Option<&str>) -> Marks {
    key.and_then(|key| storage::read::<serde_json::Value>(Store::Browser, key)).map(|kept| Marks::from_json(&kept)).unwrap_or_default()
}

impl Protection {
    /// For the logged-in pages: the account's marks, read at once so that
    /// the first drawing of a page already knows them.
    pub fn provide() -> Self {
        let session = use_session();
        let deploy = use_deploy();
        let key = session.account_key().map(|account| keys::protection(&account));
        let this = Self {
            marks: RwSignal::new(stored(key.as_deref())),
            key: RwSignal::new(key),
            memory_only: RwSignal::new(false),
            by_default: Signal::derive(move || deploy.with(|d| d.protect_vms)),
        };
        Effect::new(move || {
            let key = key_of(session);
            if this.key.get_untracked() != key {
                this.marks.set(stored(key.as_deref()));
                this.key.set(key);
                this.memory_only.set(false);
            }
        });
        let listener = window_event_listener(leptos::ev::storage, move |ev| {
            if ev.key().is_some() && ev.key() == this.key.get_untracked() && !this.memory_only.get_untracked() {
                this.marks.set(stored(ev.key().as_deref()));
            }
        });
        on_cleanup(move || listener.remove());
        provide_context(this);
        this
    }

    /// Whether the deployment protects every VM the user has not said otherwise of.
    pub fn by_default(self) -> bool {
        self.by_default.get()
    }

    /// Whether `vm` is protected (tracked: a change redraws).
    pub fn is_protected(self, vm: &str) -> bool {
        let by_default = self.by_default.get();
        self.marks.with(|marks| marks.is_protected(vm, by_default))
    }

    /// `ids` split into those that may be destroyed and those protected,
    /// as the marks stand in the browser now (another tab may have just
    /// changed them).
    pub fn split_now(self, ids: &[String]) -> (Vec<String>, Vec<String>) {
        self.reread();
        let by_default = self.by_default.get_untracked();
        let (free, kept) = self.marks.with_untracked(|marks| marks.split(ids.iter().map(String::as_str), by_default));
        (free.into_iter().map(str::to_owned).collect(), kept.into_iter().map(str::to_owned).collect())
    }

    fn reread(self) {
        if !self.memory_only.get_untracked() {
            let latest = stored(self.key.get_untracked().as_deref());
            if self.marks.with_untracked(|marks| *marks != latest) {
                self.marks.set(latest);
            }
        }
    }

    /// Marks `vm` protected or not, and keeps the choice.
    pub fn set(self, vm: &str, protected: bool) {
        self.reread();
        self.marks.update(|marks| marks.set(vm, protected));
        let Some(key) = self.key.get_untracked() else { return };
        if !self.memory_only.get_untracked() && !self.marks.with_untracked(|marks| storage::write(Store::Browser, &key, &marks.to_json())) {
            self.memory_only.set(true);
        }
    }
}

/// The mark of a protected VM, where it is named (the list, its page).
#[component]
pub fn ProtectedBadge() -> impl IntoView {
    view! { <span class="badge badge-protected" title=t::PROTECTION_BADGE_TITLE.get()>{t::PROTECTION_BADGE.get()}</span> }
}

/// The logged-in layout's protection; none outside it (nothing is protected
/// there, and nothing can be destroyed).
pub fn use_protection() -> Option<Protection> {
    use_context::<Protection>()
}
