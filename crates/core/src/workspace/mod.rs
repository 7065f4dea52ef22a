//! A workspace: what the panel keeps for one account in the browser and the
//! API has no field for, as one file to carry to another browser. The file
//! is a JSON object: a format marker, its version, when and from which API
//! and account it was exported, then each section under its key, in the form
//! the panel keeps it in; an empty section is left out. A file that is not a
//! workspace, is newer than this panel, or holds a section of the wrong kind is
//! refused whole; inside a section, what cannot be read is left out and
//! counted, as the section's own reader does. Taking a file in merges it into
//! what the browser holds, with a preview of what would change (`merge`).
//!
//! A new section is a line in `sections!` below and its [`Section`] in `sections.rs`.

mod merge;
mod section;
mod sections;

pub use merge::{Change, Counted, Merge};
pub use section::{Kind, Section, SectionName};

use crate::firewall::saved::WrittenSet;
use crate::history::TaskList;
use crate::i18n::workspace as t;
use crate::vm::columns::Columns;
use crate::vm::pins::Pins;
use crate::vm::protection::Marks;
use crate::vm::tags::Tags;
use crate::vm::views::Views;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::net::Ipv4Addr;

/// What says that a file is a workspace.
pub const FORMAT: &str = "vmdeck-workspace";
/// The version this panel writes, and the newest it reads.
pub const VERSION: u64 = 1;
/// The largest file read, in bytes: a full history is a few hundred
/// kilobytes, and a larger file is refused before it is parsed.
pub const MAX_FILE_BYTES: usize = 2 * 1024 * 1024;

/// Declares the sections: the fields of [`Sections`], each a [`Section`], in the
/// order the file is read and the preview lists them.
macro_rules! sections {
    ($($field:ident: $section:ty,)*) => {
        /// Each section of a workspace, as the panel keeps it.
        #[derive(Clone, Debug, Default, PartialEq)]
        pub struct Sections {
            $(pub $field: $section,)*
        }

        impl Sections {
            fn read(file: &Map<String, Value>, unread: &mut BTreeMap<&'static str, usize>) -> Result<Self, WorkspaceError> {
                Ok(Self { $($field: section::read_section(file, unread)?,)* })
            }

            fn write(&self, file: &mut Map<String, Value>) {
                $(section::write_section(&self.$field, file);)*
            }

            fn merge(&self, current: &Self, unread: &BTreeMap<&'static str, usize>, changes: &mut Vec<Change>) -> Self {
                Self { $($field: merge::merge_section(&self.$field, &current.$field, unread, changes),)* }
            }
        }
    };
}

sections! {
    tags: Tags,
    pins: Pins,
    views: Views,
    protection: Marks,
    rule_sets: Vec<WrittenSet>,
    history: TaskList,
    my_address: Option<Ipv4Addr>,
    columns: Columns,
}

/// One account's workspace, as written to a file or read from one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Workspace {
    /// When it was exported, in milliseconds since the epoch.
    pub exported: u64,
    /// The API address and the account it was exported from, as the
    /// exporter gave them (empty when a file says none): shown, and for
    /// the reader to decide whether another account may take it in.
    pub api: String,
    pub account: String,
    pub sections: Sections,
    /// Read from a file: per section (by key), how many of its entries could
    /// not be read and were left out. Sections with none are not listed.
    pub unread: BTreeMap<&'static str, usize>,
}

/// Why a file is not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorkspaceError {
    /// Larger than [`MAX_FILE_BYTES`].
    TooLarge,
    NotJson,
    /// JSON, but not an object.
    NotObject,
    /// No format marker, or another one.
    NotWorkspace,
    /// No version, or one that is not a whole number from 1.
    NoVersion,
    /// Written by a panel newer than this one.
    Newer {
        version: u64,
    },
    /// A section in another JSON kind than the panel writes it in.
    WrongKind {
        section: SectionName,
        expected: Kind,
    },
}

impl WorkspaceError {
    pub fn message(&self) -> String {
        match self {
            WorkspaceError::TooLarge => {
                crate::tf!(t::TOO_LARGE, max = MAX_FILE_BYTES / (1024 * 1024))
            }
            WorkspaceError::NotJson => t::NOT_JSON.get().to_owned(),
            WorkspaceError::NotObject => t::NOT_OBJECT.get().to_owned(),
            WorkspaceError::NotWorkspace => t::NOT_WORKSPACE.get().to_owned(),
            WorkspaceError::NoVersion => t::NO_VERSION.get().to_owned(),
            WorkspaceError::Newer { version } => {
                crate::tf!(t::NEWER, version = version, supported = VERSION)
            }
            WorkspaceError::WrongKind { section, expected } => {
                crate::tf!(t::WRONG_KIND, section = section.label, kind = expected.text())
            }
        }
    }
}

/// The file's fields before its sections, in the order a reader meets them.
#[derive(Serialize)]
struct Header<'a> {
    format: &'a str,
    version: u64,
    exported: u64,
    api: &'a str,
    account: &'a str,
    #[serde(flatten)]
    sections: Map<String, Value>,
}

impl Workspace {
    pub fn new(exported: u64, api: &str, account: &str, sections: Sections) -> Self {
        Self {
            exported,
            api: api.to_owned(),
            account: account.to_owned(),
            sections,
            unread: BTreeMap::new(),
        }
    }

    /// The file, pretty-printed, without its empty sections, its marker first.
    pub fn to_file_text(&self) -> String {
        // A map of JSON values with text keys always serializes.
        self.with_header(|file| serde_json::to_string_pretty(file).unwrap_or_default())
    }

    /// The file as JSON, as a store of files is sent it.
    pub fn to_json(&self) -> Value {
        self.with_header(|file| serde_json::to_value(file).unwrap_or_default())
    }

    fn with_header<R>(&self, write: impl FnOnce(&Header) -> R) -> R {
        let mut sections = Map::new();
        self.sections.write(&mut sections);
        write(&Header {
            format: FORMAT,
            version: VERSION,
            exported: self.exported,
            api: &self.api,
            account: &self.account,
            sections,
        })
    }

    /// Reads a file, or says why it is refused: nothing of a refused file
    /// is taken. Within a section, entries that cannot be read are left out
    /// and counted in `unread`.
    pub fn read(text: &str) -> Result<Self, WorkspaceError> {
        if text.len() > MAX_FILE_BYTES {
            return Err(WorkspaceError::TooLarge);
        }
        let value: Value = serde_json::from_str(text).map_err(|_| WorkspaceError::NotJson)?;
        let Value::Object(file) = value else { return Err(WorkspaceError::NotObject) };
        if file.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(WorkspaceError::NotWorkspace);
        }
        match file.get("version").and_then(Value::as_u64) {
            Some(version) if version > VERSION => return Err(WorkspaceError::Newer { version }),
            Some(1..) => {}
            _ => return Err(WorkspaceError::NoVersion),
        }
        let mut unread = BTreeMap::new();
        let sections = Sections::read(&file, &mut unread)?;
        let text_of =
            |key: &str| file.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
        // Written as a whole number; one written otherwise is taken to the millisecond.
        let exported = file
            .get("exported")
            .and_then(Value::as_f64)
            .filter(|ms| ms.is_finite() && *ms >= 0.0)
            .map_or(0, |ms| ms as u64);
        Ok(Self { exported, api: text_of("api"), account: text_of("account"), sections, unread })
    }

    /// How many entries of the section `key` could not be read from the file.
    pub fn unread(&self, key: &str) -> usize {
        self.unread.get(key).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests;
