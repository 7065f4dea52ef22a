//! A deployment's `config.json`: the API's address and the catalogue.

use crate::cases;
use crate::fields::{nonempty_text, sent};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};
use vmdeck_core::deploy::{Catalogue, Choice, DeployConfig};

fn choices_sent() -> impl Strategy<Value = (Vec<Choice>, Value)> {
    vec((any::<u64>(), any::<bool>(), option::of(nonempty_text())), 0..4).prop_map(|choices| {
        let sent = choices
            .iter()
            .map(|(id, as_number, label)| {
                let id_sent = if *as_number { json!(id) } else { json!(id.to_string()) };
                match label {
                    Some(label) => json!({"id": id_sent, "label": label}),
                    None => json!({"id": id_sent}),
                }
            })
            .collect();
        let expected = choices
            .into_iter()
            .map(|(id, _, label)| Choice {
                id: id.to_string(),
                label: label.unwrap_or_else(|| format!("#{id}")),
                group: None,
            })
            .collect();
        (expected, Value::Array(sent))
    })
}

prop_compose! {
    fn deploy_sent()(
        url in prop_oneof![
            "https?://[a-z]{1,10}\\.example(:[0-9]{2,5})?(/[a-z0-9_-]{1,8}){0,3}/?".prop_map(|u| (Some(u.clone()), Some(json!(u)))),
            "/[a-z]{1,8}".prop_map(|u| (Some(u.clone()), Some(json!(u)))),
            select(vec!["javascript:alert(1)", "ftp://x", "//evil.example", "http://u@h/", "", "/"]).prop_map(|u| (None, Some(json!(u)))),
            Just((None, None)),
        ],
        lists in (choices_sent(), choices_sent(), choices_sent(), choices_sent(), choices_sent()),
    ) -> (DeployConfig, Value) {
        let (url, url_sent) = url;
        let (templates, isos, locations, networks, groups) = lists;
        let mut config = Map::new();
        if let Some(url) = url_sent {
            config.insert("api_base_url".into(), url);
        }
        config.insert(
            "catalogue".into(),
            json!({"templates": templates.1, "isos": isos.1, "locations": locations.1, "networks": networks.1, "data_store_groups": groups.1}),
        );
        let expected = DeployConfig {
            api_base_url: url,
            catalogue: Catalogue { templates: templates.0, isos: isos.0, locations: locations.0, networks: networks.0, data_store_groups: groups.0, plans: Vec::new(), ..Catalogue::default() },
            ..DeployConfig::default()
        };
        (expected, Value::Object(config))
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn deploy_config_round_trips((config, value) in deploy_sent()) {
        prop_assert_eq!(DeployConfig::from_json(&sent(&value)), config);
    }
}
