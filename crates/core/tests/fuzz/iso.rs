//! The ISO mounted in a VM, in each wrapper the service uses, or none.

use crate::cases;
use crate::fields::{id_field, put, sent, text_field};
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use vmdeck_core::vm::iso::IsoJoin;

prop_compose! {
    fn iso_sent()(f in (id_field(), id_field(), text_field(), text_field(), any::<bool>())) -> (Option<IsoJoin>, Map<String, Value>) {
        let mut m = Map::new();
        let (id, iso_id, iso_url, label, label_as_name) = f;
        let join = IsoJoin {
            id: put(&mut m, "id", id),
            iso_id: put(&mut m, "iso_id", iso_id),
            iso_url: put(&mut m, "iso_url", iso_url),
            label: put(&mut m, if label_as_name { "name" } else { "label" }, label),
            raw: Map::new(),
        };
        // An empty object is how the service says nothing is mounted.
        let expected = (!m.is_empty()).then(|| IsoJoin { raw: m.clone(), ..join });
        (expected, m)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn mounted_isos_round_trip((expected, map) in iso_sent(), how in 0u8..5) {
        let body = match how {
            0 => Value::Object(map),
            1 => json!([map]),
            2 => json!({"iso": map}),
            3 => json!({"iso_join": map}),
            _ => json!({"iso_virtual_machine": map}),
        };
        prop_assert_eq!(IsoJoin::mounted_from_json(&sent(&body)), Ok(expected));
    }
}
