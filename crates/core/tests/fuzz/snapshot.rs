//! A VM's snapshots.

use crate::cases;
use crate::fields::{flag_field, id_field, int_field, list_sent, put, text_field};
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{Map, Value};
use vmdeck_core::vm::snapshot::Snapshot;

prop_compose! {
    fn snapshot_sent()(
        f in (id_field(), text_field(), int_field(), text_field(), text_field()),
        flags in (text_field(), flag_field(), flag_field(), flag_field()),
        vm in id_field(),
    ) -> (Snapshot, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, size, status, created_at) = f;
        let (identifier, locked, error, in_use) = flags;
        let snapshot = Snapshot {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            size_gb: put(&mut m, "size", size),
            status: put(&mut m, "status", status),
            created_at: put(&mut m, "created_at", created_at),
            identifier: put(&mut m, "identifier", identifier),
            locked: put(&mut m, "locked", locked),
            error: put(&mut m, "error", error),
            in_use: put(&mut m, "in_use", in_use),
            vm_id: put(&mut m, "virtual_machine_id", vm),
            raw: Map::new(),
        };
        (Snapshot { raw: m.clone(), ..snapshot }, m)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn snapshots_round_trip(snapshots in vec(snapshot_sent(), 0..4), how in any::<u8>()) {
        let (expected, body) = list_sent(snapshots, "snapshot", "snapshots", how);
        prop_assert_eq!(Snapshot::list_from_json(&body), Ok(expected));
    }
}
