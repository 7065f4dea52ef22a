//! Firewall rules, in the order they apply whatever order they come in.

use crate::cases;
use crate::fields::{envelope, id_field, put, sent, text_field, upper_text_field, wrap};
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::{json, Map, Value};
use vmdeck_core::network::FirewallRule;

prop_compose! {
    fn rule_sent()(
        f in (id_field(), id_field(), upper_text_field(), upper_text_field(), text_field(), text_field(), text_field(), text_field()),
    ) -> (FirewallRule, Map<String, Value>) {
        let mut m = Map::new();
        let (id, interface_id, command, protocol, address, port, description, status) = f;
        let rule = FirewallRule {
            id: put(&mut m, "id", id),
            interface_id: put(&mut m, "network_interface_id", interface_id),
            command: put(&mut m, "command", command),
            protocol: put(&mut m, "protocol", protocol),
            address: put(&mut m, "address", address),
            port: put(&mut m, "port", port),
            description: put(&mut m, "description", description),
            position: None,
            status: put(&mut m, "status", status),
            raw: Map::new(),
        };
        (rule, m)
    }
}

prop_compose! {
    /// Rules in the order they apply, each with its own position, and the
    /// same rules as the service lists them: in any order.
    fn rules_sent()(rules in vec((rule_sent(), any::<bool>()), 0..6), first in -1000i64..1000, step in 1i64..50)
        (shuffled in Just((0..rules.len()).collect::<Vec<_>>()).prop_shuffle(), rules in Just(rules), first in Just(first), step in Just(step))
        -> (Vec<FirewallRule>, Vec<Map<String, Value>>)
    {
        let mut expected = Vec::new();
        let mut maps = Vec::new();
        for (i, ((rule, mut map), named_order)) in rules.into_iter().enumerate() {
            let position = first + step * i as i64;
            // OnApp says `position`, others `order`.
            map.insert(if named_order { "order" } else { "position" }.into(), json!(position.to_string()));
            expected.push(FirewallRule { position: Some(position), raw: map.clone(), ..rule });
            maps.push(map);
        }
        let sent = shuffled.iter().map(|&i| maps[i].clone()).collect();
        (expected, sent)
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn firewall_rules_round_trip((expected, maps) in rules_sent(), how in any::<u8>()) {
        if let (Some(rule), Some(map)) = (expected.first(), maps.iter().find(|m| Some(*m) == expected.first().map(|r| &r.raw))) {
            let one = sent(&wrap(map.clone(), "firewall_rule", how % 2 == 0));
            prop_assert_eq!(FirewallRule::from_json(&one), Ok(rule.clone()));
        }
        let body = sent(&envelope(maps, "firewall_rule", "firewall_rules", how));
        prop_assert_eq!(FirewallRule::list_from_json(&body), Ok(expected));
    }
}
