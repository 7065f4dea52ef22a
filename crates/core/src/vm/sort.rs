//! The spec's sort fields, their words, and the order they give. The API
//! sorts the list (`sort`, `order`); the panel puts VMs in that same order
//! itself only where it reads them one by one (a tag's few VMs, by id), so
//! that a tag's view reads like the list it was chosen from. The order is the
//! simulator's, the one place the API's sorting is written down: ties by id,
//! text as it is except names (case ignored), a missing value first, and a
//! descending order the ascending one reversed.

use crate::api::decode;
use crate::i18n::{common as c, messages as t};
use crate::vm::Vm;

/// The spec's sort fields, with the words a column header uses.
pub const SORT_FIELDS: [(&str, &str); 9] = [
    ("identifier", "Identifier"),
    ("label", "Name"),
    ("memory", "Memory"),
    ("cpus", "CPUs"),
    ("operating_system", "Operating system"),
    ("operating_system_distro", "Distribution"),
    ("status", "Status"),
    ("location_id", "Location"),
    ("disks_size", "Disk size"),
];

/// A sort field's column header in the panel's language ([`SORT_FIELDS`]
/// keeps the English); an unknown field as it is.
pub fn sort_label(field: &str) -> &str {
    match field {
        "identifier" => t::SORT_IDENTIFIER.get(),
        "label" => c::NAME.get(),
        "memory" => c::MEMORY.get(),
        "cpus" => c::CPUS.get(),
        "operating_system" => c::OPERATING_SYSTEM.get(),
        "operating_system_distro" => c::DISTRIBUTION.get(),
        "status" => c::STATUS.get(),
        "location_id" => c::LOCATION.get(),
        "disks_size" => t::SORT_DISK_SIZE.get(),
        other => other,
    }
}

/// The direction of a sort.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Asc,
    Desc,
}

impl Order {
    pub fn as_str(self) -> &'static str {
        match self {
            Order::Asc => "asc",
            Order::Desc => "desc",
        }
    }
}

/// What a VM is sorted by for a field: a number or a text, the missing
/// value first.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(Option<i64>),
    Text(Option<String>),
}

fn key(field: Option<&str>, vm: &Vm) -> Key {
    let raw = |name: &str| decode::text(vm.raw.get(name));
    match field {
        Some("identifier") => Key::Text(raw("identifier")),
        Some("label") => Key::Text(vm.label.as_deref().map(str::to_lowercase)),
        Some("memory") => Key::Number(vm.memory_mb),
        Some("cpus") => Key::Number(vm.cpus),
        Some("operating_system") => Key::Text(vm.operating_system.clone()),
        Some("operating_system_distro") => Key::Text(vm.operating_system_distro.clone()),
        Some("status") => Key::Text(raw("status").map(|s| s.to_ascii_lowercase())),
        Some("location_id") => {
            Key::Number(vm.location_id.as_deref().and_then(|id| id.parse().ok()))
        }
        Some("disks_size") => Key::Number(vm.disks_size_gb),
        // No sort, or one the API does not have: the API's own order, by id.
        _ => Key::Number(None),
    }
}

/// A VM's id as a number, for the API's order by id.
fn numeric_id(vm: &Vm) -> Option<u64> {
    vm.id.as_deref().and_then(|id| id.parse().ok())
}

/// Puts `vms` in the order the API gives a view sorted by `field` (none:
/// the API's own order, by id) in `order`.
pub fn sort_vms(vms: &mut [Vm], field: Option<&str>, order: Order) {
    vms.sort_by_cached_key(|vm| (key(field, vm), numeric_id(vm), vm.id.clone()));
    if order == Order::Desc {
        vms.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn vm(value: serde_json::Value) -> Vm {
        Vm::from_json(&value).unwrap()
    }

    fn ids(vms: &[Vm]) -> Vec<&str> {
        vms.iter().map(|vm| vm.id.as_deref().unwrap_or("-")).collect()
    }

    fn fleet() -> Vec<Vm> {
        vec![
            vm(
                json!({"id": 10, "label": "beta", "memory": 2048, "status": "online", "location_id": "2", "identifier": "b"}),
            ),
            vm(
                json!({"id": 9, "label": "Alpha", "memory": 512, "status": "offline", "location_id": "10", "identifier": "c"}),
            ),
            vm(
                json!({"id": "11", "label": "alpha", "memory": "512", "status": "unbuilt", "identifier": "a"}),
            ),
            vm(
                json!({"id": 2, "label": "gamma", "status": "online", "location_id": "2", "identifier": "d"}),
            ),
        ]
    }

    #[test]
    fn no_sort_is_the_apis_order_by_id_as_a_number() {
        let mut vms = fleet();
        sort_vms(&mut vms, None, Order::Asc);
        assert_eq!(ids(&vms), ["2", "9", "10", "11"]);
    }

    #[test]
    fn names_ignore_case_and_ties_go_by_id() {
        let mut vms = fleet();
        sort_vms(&mut vms, Some("label"), Order::Asc);
        assert_eq!(ids(&vms), ["9", "11", "10", "2"]);
    }

    #[test]
    fn numbers_by_value_with_a_missing_one_first() {
        let mut vms = fleet();
        sort_vms(&mut vms, Some("memory"), Order::Asc);
        assert_eq!(ids(&vms), ["2", "9", "11", "10"]);
        // Location ids are numbers: 10 after 2, and a VM without one first.
        sort_vms(&mut vms, Some("location_id"), Order::Asc);
        assert_eq!(ids(&vms), ["11", "2", "10", "9"]);
    }

    #[test]
    fn descending_is_the_ascending_order_reversed_ties_included() {
        let mut vms = fleet();
        sort_vms(&mut vms, Some("status"), Order::Desc);
        assert_eq!(ids(&vms), ["11", "10", "2", "9"]);
        sort_vms(&mut vms, Some("identifier"), Order::Desc);
        assert_eq!(ids(&vms), ["2", "9", "10", "11"]);
    }

    #[test]
    fn every_sort_field_has_an_order_of_its_own() {
        // A field the key did not know would sort by id alone.
        let full = vm(json!({
            "id": 1, "identifier": "x", "label": "x", "memory": 1, "cpus": 1, "operating_system": "linux",
            "operating_system_distro": "debian", "status": "online", "location_id": 1, "total_disk_size": 1
        }));
        for (field, _) in SORT_FIELDS {
            assert_ne!(key(Some(field), &full), key(None, &full), "{field}");
        }
    }
}
