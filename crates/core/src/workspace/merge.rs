//! Taking a workspace in: the file's sections merged into what the browser
//! holds, and per section what that would change, for a preview before
//! anything is kept. Nothing here is removed: the file's entries are added,
//! or take the place of those they name; what does not fit a section's limit
//! is left out and counted.

use super::{Section, SectionName, Workspace};
use crate::i18n::{plural, workspace as t};
use std::collections::BTreeMap;

/// How many names a preview shows of each count.
const SHOWN: usize = 3;

/// How many entries, and the first few names among them (a VM's id, a
/// view's or a set's name) for the preview.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counted {
    pub count: usize,
    /// Each name once, at most `SHOWN` of them.
    pub names: Vec<String>,
    /// Whether there are more names than `names`.
    pub more: bool,
}

impl Counted {
    pub(super) fn add(&mut self, name: &str) {
        self.count += 1;
        if self.names.iter().any(|shown| shown == name) {
            return;
        }
        if self.names.len() < SHOWN {
            self.names.push(name.to_owned());
        } else {
            self.more = true;
        }
    }

    /// `said` and the names, in brackets.
    fn with_names(&self, said: String) -> String {
        if self.names.is_empty() {
            return said;
        }
        let more = if self.more { ", …" } else { "" };
        format!("{said} ({}{more})", self.names.join(", "))
    }
}

/// What taking a file in would do to one of its sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    pub section: SectionName,
    /// The file's entries that are new here.
    pub added: Counted,
    /// The file's entries that take the place of one here.
    pub replaced: Counted,
    /// The file's entries that are here as they are.
    pub unchanged: usize,
    /// The file's entries that do not fit the section's limit (20 pins, 30
    /// views, 12 tags a VM, the history's length).
    pub left_out: Counted,
    /// The file's entries that could not be read.
    pub unread: usize,
}

impl Change {
    fn new(section: SectionName, unread: usize) -> Self {
        Change {
            section,
            added: Counted::default(),
            replaced: Counted::default(),
            unchanged: 0,
            left_out: Counted::default(),
            unread,
        }
    }

    /// Whether what the browser holds of the section would change.
    pub fn changes_anything(&self) -> bool {
        self.added.count > 0 || self.replaced.count > 0
    }

    /// The section's line in the preview: "Saved views: 1 added (Big), 1
    /// replaced (Web servers), 3 unchanged."
    pub fn line(&self) -> String {
        let count = |n: usize, one, other| plural(n as u64, one, other);
        let mut said = Vec::new();
        if self.added.count > 0 {
            said.push(self.added.with_names(count(
                self.added.count,
                &t::ADDED_ONE,
                &t::ADDED_OTHER,
            )));
        }
        if self.replaced.count > 0 {
            said.push(self.replaced.with_names(count(
                self.replaced.count,
                &t::REPLACED_ONE,
                &t::REPLACED_OTHER,
            )));
        }
        if self.unchanged > 0 {
            said.push(count(self.unchanged, &t::UNCHANGED_ONE, &t::UNCHANGED_OTHER));
        }
        if self.left_out.count > 0 {
            said.push(self.left_out.with_names(count(
                self.left_out.count,
                &t::LEFT_OUT_ONE,
                &t::LEFT_OUT_OTHER,
            )));
        }
        if self.unread > 0 {
            said.push(count(self.unread, &t::UNREAD_ONE, &t::UNREAD_OTHER));
        }
        crate::tf!(t::SECTION_LINE, section = self.section.label, changes = said.join(", "))
    }
}

/// A file merged into what the browser holds, before it is kept.
#[derive(Clone, Debug, PartialEq)]
pub struct Merge {
    /// What the browser would hold: the current workspace with the file's
    /// sections taken in.
    pub result: Workspace,
    /// One for each section the file carries, in the order of [`super::Sections`].
    pub changes: Vec<Change>,
}

impl Merge {
    /// Whether keeping the result would change nothing.
    pub fn is_noop(&self) -> bool {
        !self.changes.iter().any(Change::changes_anything)
    }

    /// The preview: a line for each section the file carries, after one that
    /// says when nothing would change.
    pub fn lines(&self) -> Vec<String> {
        let nothing = self.is_noop().then(|| t::NOTHING_CHANGES.get().to_owned());
        nothing.into_iter().chain(self.changes.iter().map(Change::line)).collect()
    }
}

impl Workspace {
    /// This workspace (a file read) merged into `current` (what the
    /// browser holds), with what it would change.
    pub fn merge_into(&self, current: &Workspace) -> Merge {
        let mut changes = Vec::new();
        let sections = self.sections.merge(&current.sections, &self.unread, &mut changes);
        let result = Workspace::new(current.exported, &current.api, &current.account, sections);
        Merge { result, changes }
    }
}

/// One section merged, its change noted if the file carries it (entries, or
/// some that could not be read).
pub(super) fn merge_section<P: Section>(
    file: &P,
    current: &P,
    unread: &BTreeMap<&'static str, usize>,
    changes: &mut Vec<Change>,
) -> P {
    let unread = unread.get(P::NAME.key).copied().unwrap_or(0);
    if file.entries() == 0 && unread == 0 {
        return current.clone();
    }
    let mut change = Change::new(P::NAME, unread);
    let merged = file.merge_into(current, &mut change);
    changes.push(change);
    merged
}
