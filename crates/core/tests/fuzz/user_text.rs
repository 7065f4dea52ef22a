//! What a user types: every check and parser of user text, and the forms
//! and queries built from it, on arbitrary strings.

use crate::cases;
use crate::strategies::tricky_text;
use proptest::prelude::*;
use vmdeck_core::api::paths;
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::parse::{parse_address, parse_ports};
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::time::parse_service_date;
use vmdeck_core::vm::create::CreateVmForm;
use vmdeck_core::vm::query::{search_field, VmQuery};
use vmdeck_core::{validate, PageInfo};

/// Dates shaped like the service's, with numbers of any length in every part.
fn date_like() -> impl Strategy<Value = String> {
    "[0-9]{1,20}-[0-9]{1,3}-[0-9]{1,3}[T ][0-9]{1,20}:[0-9]{1,20}(:[0-9]{1,3}(\\.[0-9]{1,6})?)?(Z|[+-][0-9]{1,20}(:[0-9]{1,20})?)?"
}

fn user_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => tricky_text(),
        1 => date_like(),
        1 => "[0-9:, -]{0,14}",
        1 => "[0-9./ -]{0,24}",
        1 => "[0-9a-fA-F:]{0,20}",
        1 => "(https?|ftps?|javascript)://[a-z@./?#:]{0,16}",
    ]
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn arbitrary_user_text(text in user_text(), other in user_text(), flag in any::<bool>()) {
        for result in [
            validate::hostname(&text), validate::root_password(&text), validate::label(&text),
            validate::rate_limit(&text), validate::iso_url(&text), validate::ipv4(&text, "gateway"),
            validate::netmask(&text), validate::id(&text, "template"), validate::mac_address(&text),
        ] {
            if let Err(message) = result {
                prop_assert!(!message.is_empty());
            }
        }
        let _ = (validate::whole_number(&text, "size"), validate::positive(&text, "size"));
        let _ = (parse_ports(&text), parse_address(&text), parse_service_date(&text), search_field(&text, flag));
        let _ = (paths::checked_id(&text, "VM").map_err(|e| e.to_string()), paths::normalize_base_url(&text));
        let _ = paths::url(&other, &text, &[("label", text.clone())]);
        let rule = RuleForm { command: text.clone(), protocol: "TCP".into(), address: other.clone(), port: text.clone(), description: other.clone() };
        let _ = (rule.errors(), rule.body(), rule.warnings(&[]));
        let nic = InterfaceForm { label: text.clone(), network_id: other.clone(), primary: flag, rate_limit: text.clone(), default_firewall_policy: other.clone(), mac_address: text.clone() };
        let _ = (nic.errors(), nic.add_body(), nic.edit_body(&InterfaceForm::default()));
        let _ = PageInfo::from_headers(|name| (name.len() % 2 == 0).then(|| text.clone()));
        let query = VmQuery::from_params(|name| Some(if name == "offset" || name == "limit" { other.as_str() } else { text.as_str() }));
        let _ = (query.href(), query.with_filter("label", &other).href(), query.sorted_by(&text), query.with_limit(query.offset));
        let _ = CreateVmForm::default().field_for(&text);
    }
}
