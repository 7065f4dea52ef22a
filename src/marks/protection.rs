//! Which VMs this panel refuses to destroy or rebuild
//! (`vmdeck_core::vm::protection`): the user's marks, kept per account in
//! this browser (`storage::keys::protection`) over the deployment's
//! `protect_vms`, another tab's change taken in as it is made. A browser
//! that refuses to keep them keeps them in this tab, and says so.

use crate::deploy::use_deploy;
use crate::storage::kept::Kept;
use crate::storage::keys;
use leptos::prelude::*;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::protection::Marks;

#[derive(Clone, Copy)]
pub struct Protection {
    pub marks: Kept<Marks>,
    by_default: Memo<bool>,
}

impl Protection {
    /// For the logged-in pages: the account's marks.
    pub fn provide() -> Self {
        let deploy = use_deploy();
        let this = Self {
            marks: Kept::new(keys::protection),
            by_default: Memo::new(move |_| deploy.with(|d| d.protect_vms)),
        };
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
        let by_default = self.by_default.get_untracked();
        self.marks.with_latest(|marks| {
            let (free, kept) = marks.split(ids.iter().map(String::as_str), by_default);
            (
                free.into_iter().map(str::to_owned).collect(),
                kept.into_iter().map(str::to_owned).collect(),
            )
        })
    }

    /// Marks `vm` protected or not, and keeps the choice.
    pub fn set(self, vm: &str, protected: bool) {
        self.marks.update(|marks| marks.set(vm, protected));
    }

    /// Forgets the user's choice for `vm` (destroyed), if there was one.
    pub fn forget(self, vm: &str) {
        if self.marks.with_latest(|marks| marks.choice(vm).is_some()) {
            self.marks.update(|marks| marks.forget(vm));
        }
    }

    /// The browser refused the last change: the marks hold in this tab only.
    pub fn memory_only(self) -> bool {
        self.marks.memory_only()
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
