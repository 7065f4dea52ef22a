//! The sections a workspace carries, each the type the panel keeps it as: how
//! it counts its entries and how the file's merges into the browser's,
//! within the type's limits.

use super::section::{Kind, Section, SectionName};
use super::Change;
use crate::firewall::saved::{self, WrittenSet};
use crate::history::{Task, TaskList, KEEP};
use crate::i18n::{common, workspace as t};
use crate::vm::columns::Columns;
use crate::vm::pins::Pins;
use crate::vm::protection::Marks;
use crate::vm::tags::Tags;
use crate::vm::views::Views;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeSet;
use std::net::Ipv4Addr;

impl Section for Tags {
    const NAME: SectionName = SectionName { key: "tags", label: common::TAGS };
    const KIND: Kind = Kind::Object;

    fn read(value: &Value) -> Self {
        Tags::from_json(value)
    }
    fn write(&self) -> Value {
        self.to_json()
    }
    fn entries(&self) -> usize {
        self.pairs().count()
    }
    /// Each tag of each VM.
    fn entries_in(value: &Value) -> usize {
        value
            .as_object()
            .into_iter()
            .flatten()
            .map(|(_, tags)| tags.as_array().map_or(1, Vec::len))
            .sum()
    }
    /// The file's tags are given to their VMs too; a VM keeps its own and
    /// takes the file's while it has room.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let mut merged = current.clone();
        for (vm, tag) in self.pairs() {
            if current.of(vm).any(|kept| kept == tag) {
                change.unchanged += 1;
            } else if merged.add(vm, tag).is_ok() {
                change.added.add(vm);
            } else {
                change.left_out.add(vm);
            }
        }
        merged
    }
}

/// A setting: the file's columns in place of the browser's where they differ.
impl Section for Columns {
    const NAME: SectionName = SectionName { key: "columns", label: t::SECTION_COLUMNS };
    const KIND: Kind = Kind::List;

    fn read(value: &Value) -> Self {
        Columns::from_json(value)
    }
    fn write(&self) -> Value {
        self.to_json()
    }
    /// The default is nothing to carry.
    fn entries(&self) -> usize {
        if self.is_default() {
            0
        } else {
            self.list().len()
        }
    }
}

impl Section for Pins {
    const NAME: SectionName = SectionName { key: "pins", label: t::SECTION_PINS };
    const KIND: Kind = Kind::List;

    fn read(value: &Value) -> Self {
        Pins::from_json(value)
    }
    fn write(&self) -> Value {
        self.to_json()
    }
    fn entries(&self) -> usize {
        self.ids().len()
    }
    /// The pins kept stay in their order; the file's others come after
    /// them, in the file's order, while there is room.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let mut merged = current.clone();
        for vm in self.ids() {
            if current.contains(vm) {
                change.unchanged += 1;
            } else if merged.pin(vm) {
                change.added.add(vm);
            } else {
                change.left_out.add(vm);
            }
        }
        merged
    }
}

impl Section for Views {
    const NAME: SectionName = SectionName { key: "views", label: t::SECTION_VIEWS };
    const KIND: Kind = Kind::List;

    fn read(value: &Value) -> Self {
        Views::from_json(value)
    }
    fn write(&self) -> Value {
        self.to_json()
    }
    fn entries(&self) -> usize {
        self.list().len()
    }
    /// By name, in any case: the file's view takes the place of the one of
    /// its name, as saving it here would.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let mut merged = current.clone();
        for view in self.list() {
            match current.named(&view.name) {
                Some(kept) if kept == view => change.unchanged += 1,
                Some(_) => {
                    merged.save(&view.name, &view.href);
                    change.replaced.add(&view.name);
                }
                None if merged.save(&view.name, &view.href) => change.added.add(&view.name),
                None => change.left_out.add(&view.name),
            }
        }
        merged
    }
}

impl Section for Marks {
    const NAME: SectionName = SectionName { key: "protection", label: t::SECTION_PROTECTION };
    const KIND: Kind = Kind::Object;

    fn read(value: &Value) -> Self {
        Marks::from_json(value)
    }
    fn write(&self) -> Value {
        self.to_json()
    }
    fn entries(&self) -> usize {
        self.choices().count()
    }
    /// The file's choice for a VM wins over the one kept here.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let mut merged = current.clone();
        for (vm, protected) in self.choices() {
            match current.choice(vm) {
                Some(kept) if kept == protected => change.unchanged += 1,
                Some(_) => change.replaced.add(vm),
                None => change.added.add(vm),
            }
            merged.set(vm, protected);
        }
        merged
    }
}

impl Section for Vec<WrittenSet> {
    const NAME: SectionName = SectionName { key: "firewall_sets", label: t::SECTION_RULE_SETS };
    const KIND: Kind = Kind::List;

    /// Each entry a set as the panel writes it, with a name, policy and
    /// rules it can read (a set it cannot read is never offered); a second
    /// set of a name takes the first's place, as saving it again would.
    fn read(value: &Value) -> Self {
        let mut sets = Vec::new();
        for item in value.as_array().into_iter().flatten() {
            if let Some(set) = WrittenSet::deserialize(item).ok().filter(|set| set.read().is_ok()) {
                saved::put(&mut sets, set);
            }
        }
        sets
    }
    fn write(&self) -> Value {
        Value::Array(self.iter().filter_map(|set| serde_json::to_value(set).ok()).collect())
    }
    fn entries(&self) -> usize {
        self.len()
    }
    /// By name: the file's set takes the place of the one of its name.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let mut merged = current.clone();
        for set in self {
            match current.iter().find(|kept| saved::same_name(&kept.name, &set.name)) {
                Some(kept) if kept == set => change.unchanged += 1,
                Some(_) => change.replaced.add(&set.name),
                None => change.added.add(&set.name),
            }
            saved::put(&mut merged, set.clone());
        }
        merged
    }
}

impl Section for TaskList {
    const NAME: SectionName = SectionName { key: "history", label: t::SECTION_HISTORY };
    const KIND: Kind = Kind::List;

    /// Each entry an entry as the panel writes it; a second of an id is
    /// left out, as an id names one entry.
    fn read(value: &Value) -> Self {
        let mut ids = BTreeSet::new();
        let tasks = value
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|item| Task::deserialize(item).ok())
            .filter(|task| ids.insert(task.id));
        TaskList::from(tasks.collect::<Vec<_>>())
    }
    fn write(&self) -> Value {
        Value::Array(
            self.tasks().iter().filter_map(|task| serde_json::to_value(task).ok()).collect(),
        )
    }
    fn entries(&self) -> usize {
        self.tasks().len()
    }
    /// The file's entries not here already (the same id started at the
    /// same moment), the newest first while the history has room under
    /// [`KEEP`], none of its own entries pushed out; one whose id an entry
    /// here has takes a fresh one. All newest first.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let here = current.tasks();
        let kept: BTreeSet<(u64, u64)> =
            here.iter().map(|task| (task.id, task.started.to_bits())).collect();
        let ids_here: BTreeSet<u64> = here.iter().map(|task| task.id).collect();
        let mut merged = here.to_vec();
        let room = KEEP.saturating_sub(here.len());
        let mut last_id = here.iter().chain(self.tasks()).map(|task| task.id).max().unwrap_or(0);
        let mut newest_first: Vec<&Task> = self.tasks().iter().collect();
        newest_first.sort_by(|a, b| b.started.total_cmp(&a.started));
        for task in newest_first {
            if kept.contains(&(task.id, task.started.to_bits())) {
                change.unchanged += 1;
            } else if merged.len() - here.len() == room {
                change.left_out.count += 1;
            } else {
                let mut task = task.clone();
                if ids_here.contains(&task.id) {
                    last_id = last_id.saturating_add(1);
                    task.id = last_id;
                }
                merged.push(task);
                change.added.count += 1;
            }
        }
        if merged.len() > here.len() {
            merged.sort_by(|a, b| b.started.total_cmp(&a.started));
        }
        TaskList::from(merged)
    }
}

impl Section for Option<Ipv4Addr> {
    const NAME: SectionName = SectionName { key: "my_address", label: t::SECTION_MY_ADDRESS };
    const KIND: Kind = Kind::Text;

    fn read(value: &Value) -> Self {
        value.as_str().and_then(|text| text.trim().parse().ok())
    }
    fn write(&self) -> Value {
        self.map_or(Value::Null, |address| Value::from(address.to_string()))
    }
    fn entries(&self) -> usize {
        usize::from(self.is_some())
    }
    /// The file's address in place of the one here, named in the preview.
    fn merge_into(&self, current: &Self, change: &mut Change) -> Self {
        let Some(address) = self else { return *current };
        match current {
            Some(kept) if kept == address => change.unchanged += 1,
            Some(_) => change.replaced.add(&address.to_string()),
            None => change.added.add(&address.to_string()),
        }
        *self
    }
}
