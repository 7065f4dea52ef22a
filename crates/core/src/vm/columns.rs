//! The VM list's columns: which of the VM's fields the list shows beside
//! its name, in the user's order. In the list's URL (`cols=status,memory`)
//! and remembered per account in the browser; the CSV export writes the
//! same columns. The name (with the hostname and the panel's marks) is
//! always first and is not one of them.

use crate::i18n::{common as c, vm as v, Text};
use crate::vm::tags::{Tag, Tags};
use crate::vm::Vm;
use serde_json::Value;

/// A column the list can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    Status,
    Memory,
    Cpus,
    CpuShares,
    CpuType,
    Disk,
    DiskType,
    Os,
    Template,
    Addresses,
    Location,
    Type,
    Tags,
    Note,
    Created,
    /// This month's transfer against the VM's plan: read per VM from its
    /// statistics as the list is drawn, offered where a plan states one.
    /// Not in the CSV export, which writes the list's own data.
    Transfer,
}

impl Column {
    /// Every column, in the order the chooser offers the ones not shown.
    pub const ALL: [Column; 16] = [
        Column::Status,
        Column::Memory,
        Column::Cpus,
        Column::CpuShares,
        Column::CpuType,
        Column::Disk,
        Column::DiskType,
        Column::Os,
        Column::Template,
        Column::Addresses,
        Column::Location,
        Column::Type,
        Column::Tags,
        Column::Note,
        Column::Created,
        Column::Transfer,
    ];

    /// Its word in the URL and in what is kept.
    pub fn key(self) -> &'static str {
        match self {
            Column::Status => "status",
            Column::Memory => "memory",
            Column::Cpus => "cpus",
            Column::CpuShares => "cpu_shares",
            Column::CpuType => "cpu_type",
            Column::Disk => "disk",
            Column::DiskType => "disk_type",
            Column::Os => "os",
            Column::Template => "template",
            Column::Addresses => "ip",
            Column::Location => "location",
            Column::Type => "type",
            Column::Tags => "tags",
            Column::Note => "note",
            Column::Created => "created",
            Column::Transfer => "transfer",
        }
    }

    pub fn parse(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|column| column.key() == key)
    }

    /// Its heading.
    pub fn title(self) -> Text {
        match self {
            Column::Status => c::STATUS,
            Column::Memory => c::MEMORY,
            Column::Cpus => c::CPUS,
            Column::CpuShares => c::CPU_SHARES,
            Column::CpuType => c::CPU_TYPE,
            Column::Disk => c::DISK,
            Column::DiskType => c::DISK_TYPE,
            Column::Os => c::OPERATING_SYSTEM,
            Column::Template => c::TEMPLATE,
            Column::Addresses => c::IP_ADDRESSES,
            Column::Location => c::LOCATION,
            Column::Type => c::TYPE,
            Column::Tags => c::TAGS,
            Column::Note => c::NOTE,
            Column::Created => v::OVERVIEW_CREATED,
            Column::Transfer => v::TRANSFER_TITLE,
        }
    }

    /// The API's sort field its heading sorts by, if the API sorts by it.
    pub fn sort_field(self) -> Option<&'static str> {
        match self {
            Column::Status => Some("status"),
            Column::Memory => Some("memory"),
            Column::Cpus => Some("cpus"),
            Column::Disk => Some("disks_size"),
            Column::Os => Some("operating_system_distro"),
            Column::Location => Some("location_id"),
            _ => None,
        }
    }

    /// Numbers, aligned to the right.
    pub fn numeric(self) -> bool {
        matches!(self, Column::Memory | Column::Cpus | Column::CpuShares | Column::Disk)
    }

    /// Its columns in the CSV export: data, as the API names it.
    pub fn csv_headers(self) -> &'static [&'static str] {
        match self {
            Column::Status => &["status", "busy", "suspended"],
            Column::Memory => &["memory_mb"],
            Column::Cpus => &["cpus"],
            Column::CpuShares => &["cpu_shares"],
            Column::CpuType => &["cpu_type"],
            Column::Disk => &["disk_gb"],
            Column::DiskType => &["disk_type"],
            Column::Os => &["operating_system"],
            Column::Template => &["template_id", "template_label"],
            Column::Addresses => &["ip_addresses"],
            Column::Location => &["location_id"],
            Column::Type => &["type"],
            Column::Tags => &["tags"],
            Column::Note => &["note"],
            Column::Created => &["created_at"],
            Column::Transfer => &[],
        }
    }

    /// `vm`'s cells under [`Column::csv_headers`].
    pub fn csv_cells(self, vm: &Vm, tags: &Tags, out: &mut Vec<String>) {
        match self {
            Column::Status => out.extend([
                vm.status.code().to_owned(),
                vm.locked.to_string(),
                vm.suspended.to_string(),
            ]),
            Column::Memory => out.push(cell_number(vm.memory_mb)),
            Column::Cpus => out.push(cell_number(vm.cpus)),
            Column::CpuShares => out.push(cell_number(vm.cpu_shares)),
            Column::CpuType => out.push(cell_text(&vm.cpu_type)),
            Column::Disk => out.push(cell_number(vm.disks_size_gb)),
            Column::DiskType => out.push(cell_text(&vm.disk_type)),
            Column::Os => out.push(vm.os_name().unwrap_or_default()),
            Column::Template => {
                out.extend([cell_text(&vm.template_id), cell_text(&vm.template_label)])
            }
            Column::Addresses => out.push(vm.ip_addresses.join(" ")),
            Column::Location => out.push(cell_text(&vm.location_id)),
            Column::Type => {
                out.push(vm.vm_type.as_ref().map(|t| t.code().to_owned()).unwrap_or_default())
            }
            // A tag holds no comma: the list reads back.
            Column::Tags => out.push(
                vm.id
                    .as_deref()
                    .map(|id| tags.of(id).map(Tag::as_str).collect::<Vec<_>>().join(", "))
                    .unwrap_or_default(),
            ),
            Column::Note => out.push(cell_text(&vm.note)),
            Column::Created => out.push(cell_text(&vm.created_at)),
            Column::Transfer => {}
        }
    }
}

/// A text field as a CSV cell: empty when absent.
pub(crate) fn cell_text(value: &Option<String>) -> String {
    value.clone().unwrap_or_default()
}

/// A number field as a CSV cell: empty when absent.
pub(crate) fn cell_number(value: Option<i64>) -> String {
    value.map(|n| n.to_string()).unwrap_or_default()
}

/// The columns shown when the user chose none.
pub const DEFAULT: [Column; 9] = [
    Column::Status,
    Column::Memory,
    Column::Cpus,
    Column::Disk,
    Column::Os,
    Column::Addresses,
    Column::Location,
    Column::Type,
    Column::Tags,
];

/// The columns shown, in order: at least one, none twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns(Vec<Column>);

impl Default for Columns {
    fn default() -> Self {
        Self(DEFAULT.to_vec())
    }
}

impl Columns {
    /// Reads `status,memory,…`: an unknown word or a second of one is left
    /// out; `None` when no column is left (a hand-edited URL still opens
    /// the list, with the columns it would have without it).
    pub fn parse_list(text: &str) -> Option<Self> {
        Self::of(text.split(',').filter_map(|word| Column::parse(word.trim())))
    }

    fn of(columns: impl IntoIterator<Item = Column>) -> Option<Self> {
        let mut list = Vec::new();
        for column in columns {
            if !list.contains(&column) {
                list.push(column);
            }
        }
        (!list.is_empty()).then_some(Self(list))
    }

    /// As the URL writes it.
    pub fn to_param(&self) -> String {
        self.0.iter().map(|c| c.key()).collect::<Vec<_>>().join(",")
    }

    pub fn list(&self) -> &[Column] {
        &self.0
    }

    pub fn shows(&self, column: Column) -> bool {
        self.0.contains(&column)
    }

    pub fn is_default(&self) -> bool {
        self.0 == DEFAULT
    }

    /// Reads what was kept (`["status", …]`), as [`Columns::parse_list`];
    /// anything else is the default.
    pub fn from_json(value: &Value) -> Self {
        Self::of(
            value
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter_map(Column::parse),
        )
        .unwrap_or_default()
    }

    pub fn to_json(&self) -> Value {
        Value::from(self.0.iter().map(|c| c.key()).collect::<Vec<_>>())
    }

    /// The default is not kept.
    pub fn is_empty(&self) -> bool {
        self.is_default()
    }

    /// `column` shown (last) or hidden; the last column shown stays.
    pub fn toggled(&self, column: Column) -> Self {
        let mut next = self.0.clone();
        if next.contains(&column) {
            next.retain(|c| *c != column);
        } else {
            next.push(column);
        }
        Self::of(next).unwrap_or_else(|| self.clone())
    }

    /// `column` one place earlier (`-1`) or later (`1`); at an end, or not
    /// shown, nothing moves.
    pub fn stepped(&self, column: Column, by: isize) -> Self {
        let mut next = self.0.clone();
        if let Some(at) = next.iter().position(|c| *c == column) {
            let to = at.saturating_add_signed(by).min(next.len() - 1);
            let moved = next.remove(at);
            next.insert(to, moved);
        }
        Self(next)
    }

    /// `column`'s place among those shown, from 0.
    pub fn place(&self, column: Column) -> Option<usize> {
        self.0.iter().position(|c| *c == column)
    }

    /// What the chooser lists: the columns shown, in order, then the others
    /// (the transfer only where a plan states one: `with_transfer`).
    pub fn chooser(&self, with_transfer: bool) -> Vec<(Column, bool)> {
        let offered = move |c: &Column| *c != Column::Transfer || with_transfer;
        let hidden =
            Column::ALL.into_iter().filter(|c| !self.shows(*c) && offered(c)).map(|c| (c, false));
        self.0.iter().map(|c| (*c, true)).chain(hidden).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_column_reads_back_from_its_word_and_has_csv_cells_for_its_headers() {
        let Ok(vm) = Vm::from_json(&json!({ "id": 7, "status": "online", "template_id": 3 }))
        else {
            panic!("a VM")
        };
        for column in Column::ALL {
            assert_eq!(Column::parse(column.key()), Some(column));
            let mut cells = Vec::new();
            column.csv_cells(&vm, &Tags::default(), &mut cells);
            assert_eq!(cells.len(), column.csv_headers().len(), "{column:?}");
        }
        assert_eq!(Column::parse("price"), None);
    }

    #[test]
    fn a_list_in_the_url_drops_what_it_cannot_read() {
        let cols = Columns::parse_list("memory,price,status,memory, ip").unwrap_or_default();
        assert_eq!(cols.list(), [Column::Memory, Column::Status, Column::Addresses]);
        assert_eq!(cols.to_param(), "memory,status,ip");
        assert_eq!(Columns::parse_list(&cols.to_param()), Some(cols));
        assert_eq!(Columns::parse_list(""), None);
        assert_eq!(Columns::parse_list("price,,x"), None);
    }

    #[test]
    fn columns_are_shown_hidden_and_moved_and_the_last_one_stays() {
        let cols = Columns::default();
        assert!(cols.is_default() && cols.is_empty());
        let cols = cols.toggled(Column::Note);
        assert_eq!(cols.list().last(), Some(&Column::Note));
        assert_eq!(cols.place(Column::Note), Some(DEFAULT.len()));
        let cols = cols.toggled(Column::Status).stepped(Column::Note, -1);
        assert_eq!(cols.list().first(), Some(&Column::Memory));
        assert_eq!(&cols.list()[cols.list().len() - 2..], [Column::Note, Column::Tags]);
        assert_eq!(cols.stepped(Column::Memory, -1), cols, "at the start it stays");
        assert_eq!(cols.stepped(Column::Status, 1), cols, "a hidden column does not move");
        assert_eq!(cols.stepped(Column::Tags, 1), cols, "at the end it stays");
        let one = Columns::parse_list("note").unwrap_or_default();
        assert_eq!(one.toggled(Column::Note), one, "the last column shown stays");
        let offered = cols.chooser(true);
        assert_eq!(offered.len(), Column::ALL.len());
        assert_eq!(
            cols.chooser(false).len(),
            Column::ALL.len() - 1,
            "no plan states a transfer: not offered"
        );
        let with = cols.toggled(Column::Transfer);
        assert!(
            with.chooser(false).contains(&(Column::Transfer, true)),
            "shown, it can be unticked"
        );
        assert_eq!(
            offered.iter().filter(|(_, on)| *on).map(|(c, _)| *c).collect::<Vec<_>>(),
            cols.list()
        );
        assert_eq!(
            offered.iter().position(|(c, _)| *c == Column::Status),
            Some(cols.list().len()),
            "hidden ones after the shown"
        );
    }

    #[test]
    fn kept_columns_read_back_and_anything_else_is_the_default() {
        let cols = Columns::parse_list("tags,note,memory").unwrap_or_default();
        assert_eq!(Columns::from_json(&cols.to_json()), cols);
        assert!(!cols.is_empty());
        for other in [json!(null), json!({}), json!("memory"), json!([]), json!(["price", 3])] {
            assert_eq!(Columns::from_json(&other), Columns::default());
        }
        assert_eq!(
            Columns::from_json(&json!(["note", "note", 1, "cpus"])).list(),
            [Column::Note, Column::Cpus]
        );
    }
}
