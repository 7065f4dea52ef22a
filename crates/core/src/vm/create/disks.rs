//! The new VM's secondary disks: rows that keep their id while others come
//! and go, and how the spec wants them sent.

use crate::api::request::number;
use crate::forms::next_row;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// A new disk. Its `row` stays with it while rows above it come and go,
/// and keys its fields' messages (`secondary_disk_size.ROW`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecondaryDisk {
    pub row: u32,
    pub size: String,
    pub data_store_group_id: String,
}

/// New secondary disks as the spec wants them: sizes in order and, only
/// when every disk names one, the data store groups in the same order (the
/// two lists pair up by position).
pub fn put_secondary_disks(disks: &[SecondaryDisk], body: &mut Map<String, Value>) {
    if disks.is_empty() {
        return;
    }
    let sizes =
        disks.iter().filter_map(|d| d.size.trim().parse::<u64>().ok().map(number)).collect();
    body.insert("secondary_disk_size".into(), Value::Array(sizes));
    if disks.iter().all(|d| !d.data_store_group_id.trim().is_empty()) {
        let groups =
            disks.iter().map(|d| Value::String(d.data_store_group_id.trim().to_owned())).collect();
        body.insert("data_store_group_secondary_id".into(), Value::Array(groups));
    }
}

/// A new disk at the end of `disks`, with a row id of its own.
pub fn add_secondary_disk(disks: &mut Vec<SecondaryDisk>) -> u32 {
    let row = next_row(disks.iter().map(|d| d.row));
    disks.push(SecondaryDisk { row, size: "10".into(), data_store_group_id: String::new() });
    row
}

/// Removes the disk of that row, if it is there.
pub fn remove_secondary_disk(disks: &mut Vec<SecondaryDisk>, row: u32) {
    disks.retain(|d| d.row != row);
}
