//! A form's draft: what is typed, kept in this tab per account until it is
//! sent or discarded, and merged back onto the form as it starts next time
//! (`vmdeck_core::forms::merge_draft`).

use super::UseFormOptions;
use crate::session::use_session;
use crate::storage::{self, keys::DRAFT_PREFIX, Store};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;
use vmdeck_core::forms::merge_draft;

/// Writes a draft: its key, the form as it started, the form as typed.
type SaveDraft<F> = Arc<dyn Fn(&str, &F, &F) + Send + Sync>;
/// Reads a draft back onto the form as it starts now.
type LoadDraft<F> = Arc<dyn Fn(&str, &F) -> Option<F> + Send + Sync>;

/// How a draft is kept: its storage key, what of the value may be kept,
/// and how it is written (the form as it started, and as typed) and read
/// back (merged onto the form as it starts now: `forms::merge_draft`).
pub(super) struct Draft<F> {
    key: String,
    keep: fn(&F) -> F,
    save: SaveDraft<F>,
    load: LoadDraft<F>,
}

impl<F> Clone for Draft<F> {
    fn clone(&self) -> Self {
        Self {
            key: self.key.clone(),
            keep: self.keep,
            save: Arc::clone(&self.save),
            load: Arc::clone(&self.load),
        }
    }
}

impl<F> Draft<F> {
    /// The draft as the form now stands: written while it differs from
    /// where it started, gone once it does not.
    pub(super) fn keep_in_step(&self, initial: &F, typed: &F, dirty: bool) {
        if dirty {
            (self.save)(&self.key, initial, typed);
        } else {
            self.forget();
        }
    }

    /// The stored value, if one differs from the form as it starts now.
    pub(super) fn restore(&self, initial: &F) -> Option<F>
    where
        F: PartialEq,
    {
        (self.load)(&self.key, initial).filter(|value| *value != (self.keep)(initial))
    }

    pub(super) fn forget(&self) {
        storage::remove(Store::Tab, &self.key);
    }
}

impl<F: 'static> UseFormOptions<F> {
    /// Keeps what is typed in this tab, per account, under `name` (e.g.
    /// `edit.42`), until a submit succeeds or the user discards it. `keep`
    /// takes out what must never be stored (passwords).
    pub fn draft(mut self, name: &str, keep: fn(&F) -> F) -> Self
    where
        F: Serialize + DeserializeOwned,
    {
        if let Some(account) = use_session().account_key() {
            self.draft = Some(Draft {
                key: format!("{DRAFT_PREFIX}{account}.{name}"),
                keep,
                save: Arc::new(move |key, initial, typed| {
                    if let (Ok(base), Ok(typed)) =
                        (serde_json::to_value(keep(initial)), serde_json::to_value(keep(typed)))
                    {
                        let mut record = serde_json::Map::new();
                        record.insert("base".into(), base);
                        record.insert("typed".into(), typed);
                        storage::write(Store::Tab, key, &record);
                    }
                }),
                load: Arc::new(move |key, initial| {
                    let record: serde_json::Map<String, serde_json::Value> =
                        storage::read(Store::Tab, key)?;
                    let now = serde_json::to_value(keep(initial)).ok()?;
                    serde_json::from_value(merge_draft(
                        record.get("base")?,
                        record.get("typed")?,
                        &now,
                    ))
                    .ok()
                }),
            });
        }
        self
    }
}
