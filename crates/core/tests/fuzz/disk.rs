//! A VM's disks.

use crate::cases;
use crate::fields::{
    flag_field, flag_or_false_field, id_field, int_field, list_sent, put, text_field,
};
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{Map, Value};
use vmdeck_core::vm::disk::Disk;

prop_compose! {
    fn disk_sent()(
        f in (id_field(), text_field(), int_field(), any::<bool>(), flag_or_false_field(), flag_field(), text_field(), id_field(), text_field(), flag_or_false_field()),
        kept in (flag_field(), flag_field()),
    ) -> (Disk, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, size, short_name, is_swap, primary, mount_point, group, status, locked) = f;
        let disk = Disk {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            size_gb: put(&mut m, if short_name { "size" } else { "disk_size" }, size),
            is_swap: put(&mut m, "is_swap", is_swap),
            primary: put(&mut m, "primary", primary),
            mount_point: put(&mut m, "mount_point", mount_point),
            data_store_group_id: put(&mut m, "data_store_group_id", group),
            status: put(&mut m, "status", status),
            locked: put(&mut m, "locked", locked),
            autobackup: put(&mut m, "autobackup", kept.0),
            add_to_fstab: put(&mut m, "add_to_linux_fstab", kept.1),
            raw: Map::new(),
        };
        (Disk { raw: m.clone(), ..disk }, m)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn disks_round_trip(disks in vec(disk_sent(), 0..4), how in any::<u8>()) {
        let (expected, body) = list_sent(disks, "disk", "disks", how);
        prop_assert_eq!(Disk::list_from_json(&body), Ok((expected, 0)));
    }
}
