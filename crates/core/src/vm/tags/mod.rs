//! Tags: words a user gives VMs in this panel to find and group them
//! ("web", "customer a", "prod"). The API has no such field, so the tags
//! are the panel's own, kept per account in the browser. A tag is written
//! in lower case with single spaces, so that "Web " and "web" are one tag;
//! its colour comes from its name, the same in every list and browser.

use crate::forms::FieldErrors;
use crate::i18n::vm as t;
use crate::validate::is_id;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The longest tag, in characters.
pub const MAX_CHARS: usize = 32;
/// The most tags one VM may have: a list row shows them all.
pub const MAX_PER_VM: usize = 12;
/// How many colours tags are drawn in (`tag-c0` … in the style sheet).
pub const COLOURS: u32 = 8;

/// One tag, as written (see the module's note).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tag(String);

/// Why a text is not a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagError {
    Empty,
    TooLong,
    /// A control character, or a comma (which separates tags where several are typed).
    Character,
}

/// Why [`Tags::add`] gave no tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotAdded {
    /// The VM has [`MAX_PER_VM`] tags already.
    Full,
    /// What was given is not a VM id: nothing can be kept for it.
    NotAVm,
}

impl TagError {
    pub fn message(self) -> String {
        match self {
            TagError::Empty => t::TAG_EMPTY.get().to_owned(),
            TagError::TooLong => crate::tf!(t::TAG_TOO_LONG, max = MAX_CHARS),
            TagError::Character => t::TAG_CHARACTER.get().to_owned(),
        }
    }
}

impl Tag {
    pub fn parse(text: &str) -> Result<Self, TagError> {
        let written = text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        if written.is_empty() {
            Err(TagError::Empty)
        } else if written.chars().any(|c| c.is_control() || c == ',') {
            Err(TagError::Character)
        } else if written.chars().count() > MAX_CHARS {
            Err(TagError::TooLong)
        } else {
            Ok(Self(written))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Which of the [`COLOURS`] the tag is drawn in: from its name only
    /// (FNV-1a), so that it is the same wherever it shows.
    pub fn colour(&self) -> u32 {
        let hash = self
            .0
            .bytes()
            .fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
        hash % COLOURS
    }
}

/// Tags typed as a list, separated by commas: those that are tags, in the
/// order typed without repeats, and each part that is not with the reason
/// (empty parts, as between two commas, are passed over).
pub fn parse_list(text: &str) -> (Vec<Tag>, Vec<(String, TagError)>) {
    let mut tags = Vec::new();
    let mut refused = Vec::new();
    for part in text.split(',') {
        match Tag::parse(part) {
            Ok(tag) if !tags.contains(&tag) => tags.push(tag),
            Ok(_) | Err(TagError::Empty) => {}
            Err(e) => refused.push((part.trim().to_owned(), e)),
        }
    }
    (tags, refused)
}

/// Tags to give one VM or several, typed as a list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TagForm {
    pub text: String,
}

impl TagForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        let (tags, refused) = parse_list(&self.text);
        let result = match refused.first() {
            Some((part, why)) => Err(crate::tf!(t::TAG_REFUSED, tag = part, why = why.message())),
            None if tags.is_empty() => Err(TagError::Empty.message()),
            None => Ok(()),
        };
        problems.check("text", result);
        problems
    }
}

/// A group of [`group_by_tag`]: its tag (none: the VMs without one), and
/// each member's place in the page with whether it shows there first.
pub type TagGroup = (Option<Tag>, Vec<(usize, bool)>);

/// A page of VMs (`ids`, in order) in groups by tag: a group per tag any
/// of them has, by name, each VM in the group of every tag it has, then
/// those without a tag. Each member is its place in `ids`, and whether it
/// is its first appearance (a VM of two tags shows twice).
pub fn group_by_tag<'a>(ids: impl IntoIterator<Item = &'a str>, tags: &Tags) -> Vec<TagGroup> {
    let mut groups = BTreeMap::<Option<&Tag>, Vec<(usize, bool)>>::new();
    for (at, id) in ids.into_iter().enumerate() {
        let mut first = true;
        for tag in tags.of(id) {
            groups.entry(Some(tag)).or_default().push((at, first));
            first = false;
        }
        if first {
            groups.entry(None).or_default().push((at, true));
        }
    }
    let untagged = groups.remove(&None);
    groups
        .into_iter()
        .map(|(tag, members)| (tag.cloned(), members))
        .chain(untagged.map(|members| (None, members)))
        .collect()
}

/// The tags of an account's VMs, by VM id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags(BTreeMap<String, BTreeSet<Tag>>);

impl Tags {
    /// Reads what it can of what was kept (`{ "<vm id>": ["tag", …] }`): a
    /// key that is not a VM id or a word that is not a tag is left out, and
    /// a VM's tags past [`MAX_PER_VM`].
    pub fn from_json(value: &Value) -> Self {
        let Value::Object(entries) = value else { return Self::default() };
        let mut tags = Self::default();
        for (vm, list) in entries {
            for tag in list
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter_map(|text| Tag::parse(text).ok())
            {
                // Refused (not a VM, or full): left out, as said above.
                let _ = tags.add(vm, &tag);
            }
        }
        tags
    }

    pub fn to_json(&self) -> Value {
        let entries = self.0.iter().map(|(vm, tags)| {
            (vm.clone(), Value::Array(tags.iter().map(|t| Value::from(t.as_str())).collect()))
        });
        Value::Object(entries.collect::<Map<_, _>>())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `vm`'s tags, by name.
    pub fn of(&self, vm: &str) -> impl Iterator<Item = &Tag> {
        self.0.get(vm).into_iter().flatten()
    }

    /// Gives `vm` the tag; a tag it has already is kept once.
    pub fn add(&mut self, vm: &str, tag: &Tag) -> Result<(), NotAdded> {
        if !is_id(vm) {
            return Err(NotAdded::NotAVm);
        }
        let tags = self.0.entry(vm.to_owned()).or_default();
        if tags.contains(tag) {
            return Ok(());
        }
        if tags.len() >= MAX_PER_VM {
            return Err(NotAdded::Full);
        }
        tags.insert(tag.clone());
        Ok(())
    }

    pub fn remove(&mut self, vm: &str, tag: &Tag) {
        if let Some(tags) = self.0.get_mut(vm) {
            tags.remove(tag);
            if tags.is_empty() {
                self.0.remove(vm);
            }
        }
    }

    /// Takes every tag off `vm`; answers whether it had any.
    pub fn forget(&mut self, vm: &str) -> bool {
        self.0.remove(vm).is_some()
    }

    /// Every tag given, as (VM id, tag), by VM id then tag.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &Tag)> {
        self.0.iter().flat_map(|(vm, tags)| tags.iter().map(move |tag| (vm.as_str(), tag)))
    }

    /// The VMs with `tag`, by id.
    pub fn vms_with(&self, tag: &Tag) -> BTreeSet<&str> {
        self.0.iter().filter(|(_, tags)| tags.contains(tag)).map(|(vm, _)| vm.as_str()).collect()
    }

    /// Every tag in use, by name, with how many VMs have it.
    pub fn in_use(&self) -> Vec<(Tag, usize)> {
        let mut counts = BTreeMap::<&Tag, usize>::new();
        for tag in self.0.values().flatten() {
            *counts.entry(tag).or_default() += 1;
        }
        counts.into_iter().map(|(tag, n)| (tag.clone(), n)).collect()
    }
}

#[cfg(test)]
mod tests;
