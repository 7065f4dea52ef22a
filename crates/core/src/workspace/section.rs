//! What a section of a workspace is: its key in the file, the JSON kind it is
//! kept in, its tolerant reader and writer, and how the file's section merges
//! into what the browser holds (the sections themselves are in `sections.rs`).

use super::{Change, WorkspaceError};
use crate::i18n::{workspace as t, Text};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A section as the file and the preview name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SectionName {
    /// Its key in the file: never changed once files carry it.
    pub key: &'static str,
    pub label: Text,
}

/// The JSON kind a section is kept in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    List,
    Object,
    Text,
}

impl Kind {
    fn holds(self, value: &Value) -> bool {
        matches!(
            (self, value),
            (Kind::List, Value::Array(_))
                | (Kind::Object, Value::Object(_))
                | (Kind::Text, Value::String(_))
        )
    }

    /// What a value of this kind looks like, for the error that wants one.
    pub fn text(self) -> &'static str {
        match self {
            Kind::List => t::KIND_LIST.get(),
            Kind::Object => t::KIND_OBJECT.get(),
            Kind::Text => t::KIND_TEXT.get(),
        }
    }
}

/// One kind of data a workspace carries.
pub trait Section: Sized + Default + Clone + PartialEq {
    const NAME: SectionName;
    const KIND: Kind;

    /// What can be read of the file's value; what cannot is left out.
    fn read(value: &Value) -> Self;
    /// The value as the panel keeps it.
    fn write(&self) -> Value;
    /// How many entries it holds; with none it is left out of the file.
    fn entries(&self) -> usize;

    /// How many entries the file's value holds: those past the ones read
    /// could not be read.
    fn entries_in(value: &Value) -> usize {
        match value {
            Value::Array(items) => items.len(),
            Value::Object(entries) => entries.len(),
            _ => 1,
        }
    }

    /// The file's section (`self`) taken into `current`, what it changes
    /// counted in `change`. By default, as for a setting: the file's in
    /// place of the current one where they differ.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        if self.entries() == 0 {
            return current.clone();
        }
        if self == current {
            change.unchanged += 1;
        } else if current.entries() == 0 {
            change.added.count += 1;
        } else {
            change.replaced.count += 1;
        }
        self.clone()
    }
}

pub(super) fn read_section<P: Section>(
    file: &Map<String, Value>,
    unread: &mut BTreeMap<&'static str, usize>,
) -> Result<P, WorkspaceError> {
    let Some(value) = file.get(P::NAME.key) else { return Ok(P::default()) };
    if !P::KIND.holds(value) {
        return Err(WorkspaceError::WrongKind { section: P::NAME, expected: P::KIND });
    }
    let section = P::read(value);
    let unreadable = P::entries_in(value).saturating_sub(section.entries());
    if unreadable > 0 {
        unread.insert(P::NAME.key, unreadable);
    }
    Ok(section)
}

pub(super) fn write_section<P: Section>(section: &P, file: &mut Map<String, Value>) {
    if section.entries() > 0 {
        file.insert(P::NAME.key.to_owned(), section.write());
    }
}
