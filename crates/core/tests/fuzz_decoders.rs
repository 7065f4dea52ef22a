//! Bounded fuzzing of everything that reads what the service, a deployment or
//! a user sends: arbitrary bytes, arbitrary JSON and arbitrary text must give
//! a value or a clear error, never a panic; and valid resources, spelled in
//! every way the decoders tolerate, must decode to exactly what was sent.
//!
//! The case counts keep this file to a few seconds on every test run. For a
//! long hunt, raise them: `PROPTEST_CASES=20000 cargo test -p vmdeck-core
//! --release --test fuzz_decoders`.

use plotters::prelude::*;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use vmdeck_core::stats::chart::{draw, ChartTheme, LineChart};
use vmdeck_core::vm::create::CreateVmForm;
use vmdeck_core::forms::FormState;
use vmdeck_core::api::decode::DecodeError;
use vmdeck_core::deploy::{Catalogue, Choice, DeployConfig};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::edit::EditVmForm;
use vmdeck_core::api::error::{messages_from_body, ErrorMessages};
use vmdeck_core::firewall::form::RuleForm;
use vmdeck_core::firewall::parse::{parse_address, parse_ports};
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::network::{format_rate_limit, FirewallRule, Interface, IpAddress};
use vmdeck_core::stats::{bandwidth_chart, cpu_chart, traffic_scale, utc_label, Bandwidth, CpuUsage, InterfaceTraffic, BANDWIDTH_PERIODS};
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::snapshot::Snapshot;
use vmdeck_core::time::{civil_from_days, format_elapsed, parse_service_date};
use vmdeck_core::vm::format_memory;
use vmdeck_core::vm::query::{search_field, Order, VmQuery, FILTERS, SORT_FIELDS};
use vmdeck_core::api::paths;
use vmdeck_core::{validate, ApiError, Page, PageInfo, Vm, VmStatus, VmType};

/// `PROPTEST_CASES` when set (for a longer run), else the bounded default.
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    ProptestConfig { cases, ..ProptestConfig::default() }
}

// ---------------------------------------------------------------------------
// Arbitrary input
// ---------------------------------------------------------------------------

/// Every member name a decoder looks for, so that random objects reach
/// past the first `get`.
const FIELD_NAMES: &[&str] = &[
    "id", "label", "hostname", "status", "type", "locked", "suspended", "memory", "cpus", "cpu_shares",
    "cpu_type", "template_id", "template_label", "hypervisor_id", "location_id", "operating_system",
    "operating_system_distro", "note", "initial_password", "strict_virtual_machine_id", "cdrom", "boot_type",
    "vip", "disk_type", "disks_size", "total_disk_size", "created_at", "updated_at", "ip_addresses",
    "ip_address", "ip_address_id", "ip_address_join", "address", "netmask", "prefix", "gateway", "network_id",
    "network_interface_id", "virtual_machine_id", "free", "reserved", "vlan", "primary", "rate_limit",
    "default_firewall_policy", "mac_address", "command", "protocol", "port", "description", "position",
    "order", "disk_size", "size", "is_swap", "mount_point", "data_store_group_id", "iso_id", "iso_url", "name",
    "virtual_machine", "virtual_machines", "network_interface", "network_interfaces", "firewall_rule",
    "firewall_rules", "disk", "disks", "snapshot", "snapshots", "iso", "iso_join", "iso_virtual_machine",
    "cpu_usage", "lapse", "time_units", "data", "network_usage", "traffic", "network_usage_traffic",
    "traffic_in", "traffic_out", "date_from", "date_to", "interface_id", "is_public", "errors", "error",
    "message", "messages", "detail", "title", "base", "api_base_url", "catalogue", "templates", "isos",
    "locations", "networks", "data_store_groups", "0", "1", "2", "10", "99999", "100000",
];

/// Texts that have bitten decoders somewhere: loose numbers and flags,
/// known words in odd spellings, dates, markup and awkward unicode.
const TRICKY_TEXTS: &[&str] = &[
    "", " ", "0", "1", "-1", " 42 ", "007", "true", "FALSE", "yes", "t", "null", "NaN", "inf", "-inf", "1e400",
    "2048.0", "1.5", "-0", "9007199254740993", "18446744073709551616", "-9223372036854775809", "online",
    " OFFLINE ", "unbuilt", "Recovery", "balancer_failover", "ACCEPT", "drop", "tcp", "-1H", "-30days",
    "minutes", "days", "2026-03-14T09:26:53", "2024-02-29 00:00:00.5Z", "9999999999999999-01-01T00:00:00",
    "2024-01-01T00:00:00+99999999999999999:00", "<script>alert(1)</script>",
    "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>", "１２", "wéb", "𝕍𝕄", "\u{202e}evil", "\0", "\n\t",
    "../x", "javascript:alert(1)", "https://api.example.com/v1/", "/api", "//evil.example", "http://u@h/",
    "02:aa:bb:cc:dd:ee", "203.0.113.5", "255.255.255.0", "/24", "22,80,443", "1000:2000", "0.0.0.0/0",
    "10.0.0.9-10.0.0.1", "secondary_disk_size",
];

fn tricky_text() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => select(TRICKY_TEXTS).prop_map(str::to_owned),
        2 => any::<String>(),
        1 => "[0-9 .eE+-]{0,24}",
    ]
}

fn number() -> BoxedStrategy<Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (0i64..120_000).prop_map(Value::from),
        // Non-finite floats become null, as serde_json has no other spelling.
        any::<f64>().prop_map(Value::from),
        select(vec![
            json!(i64::MIN), json!(i64::MAX), json!(u64::MAX), json!(9.0e15), json!(1e300), json!(-1e300),
            json!(-0.0), json!(0.5), json!(f64::MIN_POSITIVE), json!(2048.0),
        ]),
    ]
    .boxed()
}

fn leaf() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        tricky_text().prop_map(Value::String),
    ]
    .boxed()
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(FIELD_NAMES).prop_map(str::to_owned),
        1 => "[a-z_]{0,10}",
        1 => (0u64..200_000).prop_map(|n| n.to_string()),
        1 => any::<String>(),
    ]
}

/// Any JSON value, nested a few levels, with the decoders' own member names
/// mixed among random ones and every kind of value in every place.
fn json_value() -> BoxedStrategy<Value> {
    leaf().prop_recursive(5, 96, 8, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..8).prop_map(Value::Array),
            vec((key(), inner), 0..8).prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
    .boxed()
}

/// Random items in the envelopes list and detail answers come in, so that
/// the per-item code runs on every kind of item.
fn enveloped() -> impl Strategy<Value = Value> {
    const NAMES: &[(&str, &str)] = &[
        ("virtual_machine", "virtual_machines"),
        ("network_interface", "network_interfaces"),
        ("ip_address_join", "ip_addresses"),
        ("ip_address", "ip_addresses"),
        ("firewall_rule", "firewall_rules"),
        ("disk", "disks"),
        ("snapshot", "snapshots"),
        ("iso", "isos"),
        ("iso_join", "iso_virtual_machine"),
        ("cpu_usage", "data"),
        ("network_usage", "traffic"),
        ("network_usage_traffic", "traffic"),
        ("errors", "error"),
        ("catalogue", "templates"),
    ];
    (select(NAMES), vec(json_value(), 0..5), 0u8..5).prop_map(|((singular, plural), items, how)| {
        let wrapped = Value::Array(items.iter().map(|item| json!({ singular: item })).collect());
        match how {
            0 => Value::Array(items),
            1 => wrapped,
            2 => json!({ plural: items }),
            3 => json!({ plural: wrapped, "total": items.len() }),
            _ => json!({ singular: items.first().cloned().unwrap_or(Value::Null) }),
        }
    })
}

/// Statistics with extreme dates and loose samples: the arithmetic of
/// sample steps and axis labels is where numbers overflow.
fn stats_shaped() -> impl Strategy<Value = Value> {
    let date = prop_oneof![any::<i64>().prop_map(Value::from), leaf()];
    let sample = prop_oneof![
        (leaf(), leaf()).prop_map(|(i, o)| json!({"traffic_in": i, "traffic_out": o})),
        json_value(),
    ];
    let data = prop_oneof![
        vec(sample.clone(), 0..6).prop_map(Value::Array),
        vec(((0u64..200_000).prop_map(|n| n.to_string()), sample), 0..6)
            .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        vec(leaf(), 0..12).prop_map(Value::Array),
    ];
    let entry = (leaf(), leaf(), data.clone()).prop_map(|(id, public, data)| {
        json!({"interface_id": id, "network_id": 1, "is_public": public, "data": data})
    });
    (date.clone(), date, vec(vec(entry, 0..3), 0..3), data, leaf()).prop_map(|(from, to, groups, data, units)| {
        json!({"date_from": from, "date_to": to, "traffic": groups, "data": data, "time_units": units, "lapse": "-1H"})
    })
}

/// Byte soups made of JSON tokens: most fail to parse at some odd place,
/// some parse into odd values.
fn json_token_bytes() -> impl Strategy<Value = Vec<u8>> {
    const TOKENS: &[&str] = &[
        "{", "}", "[", "]", ":", ",", "\"", "\"id\"", "\"errors\"", "\"virtual_machine\"", "\"data\"", "null",
        "true", "1", "-0", "1e999", "123456789012345678901234567890", "\"\\u0000\"", "\"\\ud800\"", "\\", " ",
        "\u{feff}", "\u{ff}",
    ];
    vec(select(TOKENS), 0..40).prop_map(|tokens| tokens.concat().into_bytes())
}

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

// ---------------------------------------------------------------------------
// Every decoder and what the panel does next with its result
// ---------------------------------------------------------------------------

/// A decode error must name what was expected and what came.
fn check_error(err: &DecodeError) {
    assert!(!err.expected.is_empty() && !err.found.is_empty(), "{err:?}");
    let shown = ApiError::from_decode(200, err.clone()).to_string();
    assert!(shown.contains(err.expected), "{shown}");
}

fn check<T>(result: Result<T, DecodeError>, then: impl FnOnce(T)) {
    match result {
        Ok(value) => then(value),
        Err(err) => check_error(&err),
    }
}

fn use_vm(vm: &Vm) {
    let _ = (vm.display_name(), vm.os_name(), vm.status.label(), vm.status.css_class(), vm.status.to_string());
    let _ = vm.vm_type.as_ref().map(VmType::label);
    let _ = vm.memory_mb.map(format_memory);
    for date in [&vm.created_at, &vm.updated_at].into_iter().flatten() {
        let _ = parse_service_date(date).map(format_elapsed);
    }
    for address in &vm.ip_addresses {
        let _ = search_field(address, false);
    }
    let form = EditVmForm::from_vm(vm, vm.disks_size_gb);
    let _ = (form.errors(&form), form.changes(&form), form.consequences(&form));
    let _ = vm.id.as_deref().map(|id| paths::checked_id(id, "VM"));
}

fn use_interface(nic: &Interface) {
    let _ = (nic.name(), format_rate_limit(nic.rate_limit));
    let form = InterfaceForm::from_interface(nic);
    let _ = (form.errors(), form.add_body(), form.edit_body(&form));
}

fn use_rules(rules: &[FirewallRule]) {
    for rule in rules {
        let form = RuleForm {
            command: rule.command.clone().unwrap_or_default(),
            protocol: rule.protocol.clone().unwrap_or_default(),
            address: rule.address.clone().unwrap_or_default(),
            port: rule.port.clone().unwrap_or_default(),
            description: rule.description.clone().unwrap_or_default(),
        };
        let _ = (form.errors(), form.body(), form.warnings(rules));
    }
}

fn render(chart: &LineChart) {
    let mut svg = String::new();
    let area = SVGBackend::with_string(&mut svg, (320, 120)).into_drawing_area();
    if let Ok(geometry) = draw(&area, chart, &ChartTheme::dark(1.5)) {
        let _ = (geometry.index_at(100.0), geometry.point(geometry.count, geometry.y_max));
    }
}

fn use_cpu(cpu: &CpuUsage, draw_charts: bool) {
    let _ = cpu.has_data();
    let chart = cpu_chart(cpu, Vec::new());
    if draw_charts {
        render(&chart);
    }
}

fn use_bandwidth(bandwidth: &Bandwidth, draw_charts: bool) {
    let _ = bandwidth.has_data();
    for traffic in &bandwidth.interfaces {
        let _ = (traffic.step_seconds(bandwidth), traffic_scale(traffic).format(1.0));
        for (period, _) in BANDWIDTH_PERIODS {
            let chart = bandwidth_chart(bandwidth, traffic, &|t| utc_label(t, period), Vec::new());
            if draw_charts {
                render(&chart);
            }
        }
    }
}

/// Runs every decoder the panel uses on one value, then what the panel does
/// with a decoded result; each must answer a value or a clear error.
fn decode_everything(value: &Value, draw_charts: bool) {
    check(Vm::from_json(value), |vm| use_vm(&vm));
    check(Vm::list_from_json(value), |(vms, skipped)| {
        if let Value::Array(items) = value {
            assert_eq!(vms.len() + skipped, items.len(), "every item is a VM or counted as skipped");
        }
        vms.iter().for_each(use_vm);
    });
    check(Interface::from_json(value), |nic| use_interface(&nic));
    check(Interface::list_from_json(value), |nics| nics.iter().for_each(use_interface));
    check(IpAddress::list_from_json(value), |addresses| {
        for address in addresses {
            let _ = address.address.as_deref().map(|a| validate::ipv4(a, "address"));
        }
    });
    check(FirewallRule::from_json(value), |rule| use_rules(&[rule]));
    check(FirewallRule::list_from_json(value), |rules| {
        let positions: Vec<i64> = rules.iter().map(|r| r.position.unwrap_or(i64::MAX)).collect();
        assert!(positions.windows(2).all(|w| w[0] <= w[1]), "rules come in order: {positions:?}");
        use_rules(&rules);
    });
    check(Disk::list_from_json(value), |(disks, _)| disks.iter().for_each(|d| drop(d.name())));
    check(Snapshot::list_from_json(value), |snapshots| {
        for snapshot in snapshots.iter().filter_map(|s| s.created_at.as_deref()) {
            let _ = parse_service_date(snapshot);
        }
    });
    check(IsoJoin::mounted_from_json(value), |iso| drop(iso.map(|i| i.name())));
    check(CpuUsage::from_json(value), |cpu| use_cpu(&cpu, draw_charts));
    check(Bandwidth::from_json(value), |bw| use_bandwidth(&bw, draw_charts));
    let config = DeployConfig::from_json(value);
    if let Some(url) = &config.api_base_url {
        assert!(paths::normalize_base_url(url).is_ok_and(|u| !u.is_empty()), "{url}");
    }
    let catalogue = &config.catalogue;
    for choice in [&catalogue.templates, &catalogue.isos, &catalogue.locations, &catalogue.networks, &catalogue.data_store_groups]
        .into_iter()
        .flatten()
    {
        assert!(paths::checked_id(&choice.id, "catalogue").is_ok(), "{choice:?}");
    }
    read_error_body(422, &value.to_string(), None);
}

/// Reads a failed response's body the way the client does, and checks what a
/// user would be shown.
fn read_error_body(status: u16, body: &str, retry_after: Option<&str>) {
    let err = ApiError::from_response(status, body, retry_after);
    let shown = err.to_string();
    assert!(!shown.is_empty());
    let _ = err.is_transient();
    assert!(
        err.status() == Some(status) || (status == 400 && matches!(err, ApiError::Validation(_))),
        "{status} became {err:?}"
    );
    if let Some(messages) = err.messages() {
        let _ = messages.for_field("hostname");
        let form = CreateVmForm::default();
        let mut state = FormState::default();
        state.refused(err.clone(), |field| form.field_for(field));
        let _ = state.top();
        if serde_json::from_str::<Value>(body.trim()).is_err() {
            // A body that is not JSON is one short line, never the page itself.
            let summary = messages.summary();
            assert!(summary.chars().count() <= 201, "{summary}");
            assert!(!summary.contains('\n'), "{summary}");
        }
    }
    if let Err(err) = serde_json::from_str::<Value>(body) {
        // One line that says what came instead, never the page itself.
        let malformed = ApiError::malformed(status, body, &err).to_string();
        assert!(!malformed.contains('\n'), "{malformed}");
        assert!(malformed.chars().count() <= 240, "{malformed}");
    }
}

// ---------------------------------------------------------------------------
// No panic, ever
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn arbitrary_bytes(bytes in vec(any::<u8>(), 0..512), status in any::<u16>()) {
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            decode_everything(&value, false);
        }
        let text = String::from_utf8_lossy(&bytes);
        read_error_body(status, &text, Some(&text));
        let _ = messages_from_body(&text);
    }

    #[test]
    fn bytes_of_json_tokens(bytes in json_token_bytes(), status in 400u16..600) {
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            decode_everything(&value, false);
        }
        read_error_body(status, &String::from_utf8_lossy(&bytes), None);
    }

    #[test]
    fn arbitrary_json(value in json_value()) {
        decode_everything(&value, false);
    }

    #[test]
    fn arbitrary_items_in_every_envelope(value in enveloped()) {
        decode_everything(&value, false);
    }

    #[test]
    fn arbitrary_error_bodies(
        key in select(vec!["errors", "error", "message", "detail", "title", "base"]),
        inner in json_value(),
        status in any::<u16>(),
        retry_after in option::of(tricky_text()),
    ) {
        read_error_body(status, &json!({ key: inner }).to_string(), retry_after.as_deref());
        read_error_body(status, &inner.to_string(), retry_after.as_deref());
    }

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

    #[test]
    fn arbitrary_paging(offset in prop_oneof![any::<u64>(), u64::MAX - 1000..=u64::MAX], limit in any::<u64>(), total in option::of(any::<u64>()), count in 0usize..300) {
        let page = Page { items: vec![(); count], offset, limit, total, skipped: 0 };
        let _ = (page.has_next(), page.has_previous(), page.range_label());
        let query = VmQuery::default().at_offset(offset).with_limit(limit);
        let _ = (query.href(), query.params());
    }
}

proptest! {
    // Drawing is the slow part: fewer cases.
    #![proptest_config(cases(64))]

    #[test]
    fn arbitrary_statistics_decode_and_draw(value in stats_shaped(), wrap in any::<bool>()) {
        decode_everything(&value, true);
        if wrap {
            decode_everything(&json!({"network_usage": value.clone()}), false);
            decode_everything(&json!({"cpu_usage": value}), false);
        }
    }
}

// ---------------------------------------------------------------------------
// Valid resources round-trip
// ---------------------------------------------------------------------------

/// What a field should decode to, and how the service spelled it (`None`:
/// the member is absent).
type Field<T> = (T, Option<Value>);

fn put<T>(map: &mut Map<String, Value>, key: &str, field: Field<T>) -> T {
    if let Some(value) = field.1 {
        map.insert(key.to_owned(), value);
    }
    field.0
}

/// What the client hands the decoders: the value sent as text and parsed.
fn sent(value: &Value) -> Value {
    serde_json::from_str(&value.to_string()).expect("serde_json reads what it writes")
}

fn absent(how: u8) -> Option<Value> {
    match how % 3 {
        0 => None,
        1 => Some(Value::Null),
        _ => Some(json!("")),
    }
}

fn id_field() -> impl Strategy<Value = Field<Option<String>>> {
    (option::of(any::<u64>()), any::<u8>()).prop_map(|(id, how)| match id {
        Some(n) => (
            Some(n.to_string()),
            Some(match how % 3 {
                0 => json!(n),
                1 => json!(format!(" {n} ")),
                _ => json!(n.to_string()),
            }),
        ),
        None => (None, absent(how)),
    })
}

fn nonempty_text() -> impl Strategy<Value = String> {
    tricky_text().prop_filter("a text", |s| !s.is_empty())
}

fn text_field() -> impl Strategy<Value = Field<Option<String>>> {
    prop_oneof![
        4 => nonempty_text().prop_map(|s| (Some(s.clone()), Some(Value::String(s)))),
        1 => any::<i64>().prop_map(|n| (Some(n.to_string()), Some(json!(n)))),
        1 => any::<bool>().prop_map(|b| (Some(b.to_string()), Some(json!(b)))),
        2 => any::<u8>().prop_map(|how| (None, absent(how))),
    ]
}

/// Text the decoder upper-cases (commands, protocols, policies).
fn upper_text_field() -> impl Strategy<Value = Field<Option<String>>> {
    text_field().prop_map(|(text, sent)| (text.map(|t| t.to_ascii_uppercase()), sent))
}

fn flag_field() -> impl Strategy<Value = Field<Option<bool>>> {
    (option::of(any::<bool>()), any::<u8>()).prop_map(|(flag, how)| {
        let sent = match (flag, how % 6) {
            (Some(b), 0) => json!(b),
            (Some(b), 1) => json!(u8::from(b)),
            (Some(b), 2) => json!(u8::from(b).to_string()),
            (Some(b), 3) => json!(b.to_string()),
            (Some(true), 4) => json!(" TRUE "),
            (Some(false), 4) => json!("no"),
            (Some(b), _) => json!(if b { 1.0 } else { 0.0 }),
            (None, 0 | 1) => return (None, None),
            (None, 2) => json!(null),
            (None, 3) => json!("maybe"),
            (None, 4) => json!([1]),
            (None, _) => json!({}),
        };
        (flag, Some(sent))
    })
}

/// A flag the decoder reads as false when it is missing.
fn flag_or_false_field() -> impl Strategy<Value = Field<bool>> {
    flag_field().prop_map(|(flag, sent)| (flag.unwrap_or(false), sent))
}

fn int_field() -> impl Strategy<Value = Field<Option<i64>>> {
    let n = prop_oneof![any::<i64>(), -100_000i64..100_000];
    (option::of(n), any::<u8>()).prop_map(|(n, how)| {
        let exact_as_float = |n: i64| n.unsigned_abs() < 1 << 52;
        let sent = match (n, how % 6) {
            (Some(n), 0) => json!(n),
            (Some(n), 1) => json!(n.to_string()),
            (Some(n), 2) => json!(format!(" {n} ")),
            (Some(n), 3) if exact_as_float(n) => json!(n as f64),
            (Some(n), 4) if exact_as_float(n) => json!(format!("{n}.0")),
            (Some(n), _) => json!(n),
            (None, 0 | 1) => return (None, None),
            (None, 2) => json!(null),
            (None, 3) => json!("lots"),
            (None, 4) => json!(1.5),
            (None, _) => json!(true),
        };
        (n, Some(sent))
    })
}

/// One resource bare or in its per-item wrapper.
fn wrap(map: Map<String, Value>, singular: &str, wrapped: bool) -> Value {
    if wrapped {
        json!({ singular: map })
    } else {
        Value::Object(map)
    }
}

/// A list in each envelope the service uses.
fn envelope(items: Vec<Map<String, Value>>, singular: &str, plural: &str, how: u8) -> Value {
    let count = items.len();
    let items: Vec<Value> = items.into_iter().map(Value::Object).collect();
    match how % 4 {
        0 => Value::Array(items),
        1 => Value::Array(items.into_iter().map(|item| json!({ singular: item })).collect()),
        2 => json!({ plural: items }),
        _ => json!({"items": items, "total": count}),
    }
}

fn status_field() -> impl Strategy<Value = Field<VmStatus>> {
    let known = select(vec![("online", VmStatus::Online), ("offline", VmStatus::Offline), ("unbuilt", VmStatus::Unbuilt), ("recovery", VmStatus::Recovery)]);
    prop_oneof![
        (known, any::<u8>()).prop_map(|((word, status), how)| {
            let spelled = match how % 3 {
                0 => word.to_owned(),
                1 => word.to_ascii_uppercase(),
                _ => format!(" {word} "),
            };
            (status, Some(json!(spelled)))
        }),
        nonempty_text()
            .prop_filter("not a known status", |s| !["online", "offline", "unbuilt", "recovery"].contains(&s.trim().to_ascii_lowercase().as_str()))
            .prop_map(|s| (VmStatus::Other(s.clone()), Some(json!(s)))),
        any::<u8>().prop_map(|how| (VmStatus::Unknown, absent(how))),
    ]
}

fn type_field() -> impl Strategy<Value = Field<Option<VmType>>> {
    const KNOWN: [&str; 5] = ["standard", "autoscaled", "balancer", "balancer_failover", "firewall"];
    let known = select(vec![
        ("standard", VmType::Standard),
        ("autoscaled", VmType::Autoscaled),
        ("balancer", VmType::Balancer),
        ("balancer_failover", VmType::BalancerFailover),
        ("firewall", VmType::Firewall),
    ]);
    prop_oneof![
        (known, any::<bool>()).prop_map(|((word, kind), upper)| (Some(kind), Some(json!(if upper { word.to_ascii_uppercase() } else { word.to_owned() })))),
        nonempty_text()
            .prop_filter("not a known type", |s| !KNOWN.contains(&s.trim().to_ascii_lowercase().as_str()))
            .prop_map(|s| (Some(VmType::Other(s.clone())), Some(json!(s)))),
        any::<u8>().prop_map(|how| (None, absent(how))),
    ]
}

/// A VM's addresses in OnApp's nested, flat or plain-string items.
fn ip_addresses_field() -> impl Strategy<Value = Field<Vec<String>>> {
    (vec((nonempty_text(), 0u8..3), 0..4), any::<bool>()).prop_map(|(addresses, omit_empty)| {
        let items: Vec<Value> = addresses
            .iter()
            .map(|(a, how)| match how {
                0 => json!(a),
                1 => json!({"address": a}),
                _ => json!({"ip_address": {"address": a, "id": 1}}),
            })
            .collect();
        let sent = (!(items.is_empty() && omit_empty)).then_some(Value::Array(items));
        (addresses.into_iter().map(|(a, _)| a).collect(), sent)
    })
}

prop_compose! {
    fn vm_sent()(
        a in (id_field(), text_field(), text_field(), status_field(), type_field(), flag_or_false_field(), flag_or_false_field(), int_field(), int_field(), int_field()),
        b in (text_field(), id_field(), text_field(), id_field(), id_field(), text_field(), text_field(), text_field(), text_field(), id_field()),
        c in (flag_field(), text_field(), flag_field(), text_field(), int_field(), any::<bool>(), text_field(), text_field(), ip_addresses_field()),
    ) -> (Vm, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, hostname, status, vm_type, locked, suspended, memory, cpus, shares) = a;
        let (cpu_type, template_id, template_label, hypervisor_id, location_id, os, distro, note, password, strict) = b;
        let (cdrom, boot_type, vip, disk_type, disks_size, total_name, created, updated, addresses) = c;
        let vm = Vm {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            hostname: put(&mut m, "hostname", hostname),
            status: put(&mut m, "status", status),
            vm_type: put(&mut m, "type", vm_type),
            locked: put(&mut m, "locked", locked),
            suspended: put(&mut m, "suspended", suspended),
            memory_mb: put(&mut m, "memory", memory),
            cpus: put(&mut m, "cpus", cpus),
            cpu_shares: put(&mut m, "cpu_shares", shares),
            cpu_type: put(&mut m, "cpu_type", cpu_type),
            template_id: put(&mut m, "template_id", template_id),
            template_label: put(&mut m, "template_label", template_label),
            hypervisor_id: put(&mut m, "hypervisor_id", hypervisor_id),
            location_id: put(&mut m, "location_id", location_id),
            operating_system: put(&mut m, "operating_system", os),
            operating_system_distro: put(&mut m, "operating_system_distro", distro),
            note: put(&mut m, "note", note),
            initial_password: put(&mut m, "initial_password", password),
            strict_virtual_machine_id: put(&mut m, "strict_virtual_machine_id", strict),
            cdrom: put(&mut m, "cdrom", cdrom),
            boot_type: put(&mut m, "boot_type", boot_type),
            vip: put(&mut m, "vip", vip),
            disk_type: put(&mut m, "disk_type", disk_type),
            // OnApp's lists call it `total_disk_size`.
            disks_size_gb: put(&mut m, if total_name { "total_disk_size" } else { "disks_size" }, disks_size),
            created_at: put(&mut m, "created_at", created),
            updated_at: put(&mut m, "updated_at", updated),
            ip_addresses: put(&mut m, "ip_addresses", addresses),
            raw: Map::new(),
        };
        (Vm { raw: m.clone(), ..vm }, m)
    }
}

prop_compose! {
    fn interface_sent()(
        f in (id_field(), text_field(), id_field(), text_field(), flag_or_false_field(), int_field(), text_field(), id_field(), upper_text_field(), text_field()),
    ) -> (Interface, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, network_id, vlan, primary, rate_limit, status, vm_id, policy, mac) = f;
        let nic = Interface {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            network_id: put(&mut m, "network_id", network_id),
            vlan: put(&mut m, "vlan", vlan),
            primary: put(&mut m, "primary", primary),
            rate_limit: put(&mut m, "rate_limit", rate_limit),
            status: put(&mut m, "status", status),
            vm_id: put(&mut m, "virtual_machine_id", vm_id),
            default_firewall_policy: put(&mut m, "default_firewall_policy", policy),
            mac_address: put(&mut m, "mac_address", mac),
            raw: Map::new(),
        };
        (Interface { raw: m.clone(), ..nic }, m)
    }
}

/// A netmask sent dotted, or as a prefix the decoder writes `/24`.
fn netmask_field() -> impl Strategy<Value = (Option<String>, Option<(&'static str, Value)>)> {
    prop_oneof![
        nonempty_text().prop_map(|mask| (Some(mask.clone()), Some(("netmask", json!(mask))))),
        (0u8..=32, any::<bool>()).prop_map(|(p, as_text)| (Some(format!("/{p}")), Some(("prefix", if as_text { json!(p.to_string()) } else { json!(p) })))),
        Just((None, None)),
    ]
}

prop_compose! {
    /// An address as OnApp's join (`{id, ip_address_id, network_interface_id,
    /// ip_address: {...}}`), or flat.
    fn ip_address_sent()(
        join in option::of((any::<u64>(), any::<bool>(), id_field())),
        own in (id_field(), text_field(), netmask_field(), text_field(), id_field(), id_field(), flag_field(), flag_field()),
        interface in id_field(),
    ) -> (IpAddress, Map<String, Value>) {
        let (own_id, address, (netmask, mask_sent), gateway, network_id, vm_id, free, reserved) = own;
        let mut inner = Map::new();
        let own_id = put(&mut inner, "id", own_id);
        let address = put(&mut inner, "address", address);
        if let Some((key, value)) = mask_sent {
            inner.insert(key.into(), value);
        }
        let mut ip = IpAddress {
            id: own_id.clone(),
            ip_address_id: None,
            address,
            netmask,
            gateway: put(&mut inner, "gateway", gateway),
            network_id: put(&mut inner, "network_id", network_id),
            interface_id: None,
            vm_id: put(&mut inner, "virtual_machine_id", vm_id),
            free: put(&mut inner, "free", free),
            reserved: put(&mut inner, "reserved", reserved),
            raw: Map::new(),
        };
        let map = match join {
            None => {
                ip.interface_id = put(&mut inner, "network_interface_id", interface);
                inner
            }
            Some((join_id, name_address_id, join_interface)) => {
                let mut outer = Map::new();
                outer.insert("id".into(), json!(join_id.to_string()));
                ip.id = Some(join_id.to_string());
                if name_address_id {
                    if let Some(id) = &own_id {
                        outer.insert("ip_address_id".into(), json!(id));
                    }
                }
                ip.ip_address_id = own_id;
                ip.interface_id = put(&mut outer, "network_interface_id", join_interface);
                outer.insert("ip_address".into(), Value::Object(inner));
                outer
            }
        };
        (IpAddress { raw: map.clone(), ..ip }, map)
    }
}

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

prop_compose! {
    fn disk_sent()(
        f in (id_field(), text_field(), int_field(), any::<bool>(), flag_or_false_field(), flag_or_false_field(), text_field(), id_field(), text_field(), flag_or_false_field()),
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
            raw: Map::new(),
        };
        (Disk { raw: m.clone(), ..disk }, m)
    }
}

prop_compose! {
    fn snapshot_sent()(f in (id_field(), text_field(), int_field(), text_field(), text_field())) -> (Snapshot, Map<String, Value>) {
        let mut m = Map::new();
        let (id, label, size, status, created_at) = f;
        let snapshot = Snapshot {
            id: put(&mut m, "id", id),
            label: put(&mut m, "label", label),
            size_gb: put(&mut m, "size", size),
            status: put(&mut m, "status", status),
            created_at: put(&mut m, "created_at", created_at),
            raw: Map::new(),
        };
        (Snapshot { raw: m.clone(), ..snapshot }, m)
    }
}

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

/// Byte counts and percentages as the service writes them: at most two
/// decimals, which text carries exactly.
fn measure() -> impl Strategy<Value = f64> {
    (0u64..1_000_000_000_000).prop_map(|hundredths| hundredths as f64 / 100.0)
}

fn measure_sent(x: f64, as_text: bool) -> Value {
    if as_text {
        json!(x.to_string())
    } else {
        json!(x)
    }
}

/// Samples as a list, or keyed by index (`{"0": ..., "1": ...}`); gaps are
/// null either way.
fn samples_sent(samples: Vec<Value>, keyed: bool) -> Value {
    if keyed {
        Value::Object(samples.into_iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect())
    } else {
        Value::Array(samples)
    }
}

prop_compose! {
    fn cpu_sent()(
        lapse in text_field(),
        units in text_field(),
        data in vec((option::of(measure()), any::<bool>()), 0..40),
        keyed in any::<bool>(),
        empty_as in 0u8..3,
    ) -> (CpuUsage, Map<String, Value>) {
        let mut m = Map::new();
        let cpu = CpuUsage {
            lapse: put(&mut m, "lapse", lapse),
            time_units: put(&mut m, "time_units", units),
            data: data.iter().map(|(x, _)| *x).collect(),
        };
        let samples: Vec<Value> = data.iter().map(|(x, as_text)| x.map_or(Value::Null, |x| measure_sent(x, *as_text))).collect();
        match (samples.is_empty(), empty_as) {
            (true, 0) => {}
            (true, 1) => drop(m.insert("data".into(), Value::Null)),
            _ => drop(m.insert("data".into(), samples_sent(samples, keyed))),
        }
        (cpu, m)
    }
}

fn traffic_sent() -> impl Strategy<Value = (InterfaceTraffic, Value)> {
    (id_field(), id_field(), flag_field(), vec(option::of((measure(), measure(), any::<bool>())), 0..12), any::<bool>(), any::<bool>())
        .prop_map(|(interface_id, network_id, is_public, samples, keyed, wrapped)| {
            let mut m = Map::new();
            let traffic = InterfaceTraffic {
                interface_id: put(&mut m, "interface_id", interface_id),
                network_id: put(&mut m, "network_id", network_id),
                is_public: put(&mut m, "is_public", is_public),
                samples: samples.iter().map(|s| s.map(|(i, o, _)| (i, o))).collect(),
            };
            let data = samples
                .iter()
                .map(|s| match s {
                    Some((i, o, as_text)) => json!({"traffic_in": measure_sent(*i, *as_text), "traffic_out": measure_sent(*o, !as_text)}),
                    None => Value::Null,
                })
                .collect();
            m.insert("data".into(), samples_sent(data, keyed));
            (traffic, wrap(m, "network_usage_traffic", wrapped))
        })
}

prop_compose! {
    fn bandwidth_sent()(
        from in int_field(),
        to in int_field(),
        traffic in vec(traffic_sent(), 0..4),
        grouping in 0u8..3,
    ) -> (Bandwidth, Map<String, Value>) {
        let mut m = Map::new();
        let (interfaces, entries): (Vec<_>, Vec<_>) = traffic.into_iter().unzip();
        let bandwidth = Bandwidth { date_from: put(&mut m, "date_from", from), date_to: put(&mut m, "date_to", to), interfaces };
        let sent = match grouping {
            // One group of every entry, as the spec shows.
            0 => json!([entries]),
            // One group per entry.
            1 => Value::Array(entries.into_iter().map(|e| json!([e])).collect()),
            // Entries straight in the list, or the only one on its own.
            _ if entries.len() == 1 => entries[0].clone(),
            _ if entries.is_empty() => json!({}),
            _ => Value::Array(entries),
        };
        m.insert("traffic".into(), sent);
        (bandwidth, m)
    }
}

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
            .map(|(id, _, label)| Choice { id: id.to_string(), label: label.unwrap_or_else(|| format!("#{id}")) })
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
            catalogue: Catalogue { templates: templates.0, isos: isos.0, locations: locations.0, networks: networks.0, data_store_groups: groups.0, plans: Vec::new() },
            ..DeployConfig::default()
        };
        (expected, Value::Object(config))
    }
}

/// A field name of a refusal: anything but the names that mean the request
/// as a whole.
fn field_name() -> impl Strategy<Value = String> {
    "[a-z_.0-9]{1,16}".prop_filter("a field", |k| !["base", "message", "messages", "detail"].contains(&k.as_str()))
}

prop_compose! {
    fn refusal_sent()(
        fields in vec((field_name(), vec(tricky_text(), 1..3)), 0..4),
        general in vec(tricky_text(), 0..3),
        shape in 0u8..4,
    ) -> (ErrorMessages, Value) {
        let fields: BTreeMap<String, Vec<String>> = fields.into_iter().collect();
        let expected = ErrorMessages { fields: fields.clone(), general: general.clone() };
        let body = match (shape, fields.is_empty(), general.len()) {
            // Without field messages, the shorter shapes other services use.
            (1, true, _) => json!({"errors": general}),
            (2, true, 1) => json!({"error": general[0]}),
            (3, true, 1) => json!({"message": general[0]}),
            _ => {
                let mut errors: Map<String, Value> = fields.into_iter().map(|(k, v)| (k, json!(v))).collect();
                if !general.is_empty() {
                    errors.insert("base".into(), json!(general));
                }
                json!({"errors": errors})
            }
        };
        (expected, body)
    }
}

fn page_info_sent() -> impl Strategy<Value = PageInfo> {
    (option::of(any::<u64>()), option::of(any::<u64>()), option::of(any::<u64>()), option::of(any::<u64>()))
        .prop_map(|(total, total_pages, page, per_page)| PageInfo { total, total_pages, page, per_page })
}

fn query_sent() -> impl Strategy<Value = VmQuery> {
    let filter_value = |name: &'static str| -> BoxedStrategy<String> {
        match name {
            "locked" | "suspended" => select(vec!["0", "1"]).prop_map(str::to_owned).boxed(),
            "id" | "location_id" => "[0-9]{1,20}".boxed(),
            _ => any::<String>().prop_map(|s| s.trim().chars().take(200).collect::<String>()).prop_filter("a value", |s| !s.is_empty() && s.trim() == s).boxed(),
        }
    };
    let filters: Vec<_> = FILTERS.iter().map(|name| option::of(filter_value(name)).prop_map(move |v| v.map(|v| (*name, v)))).collect();
    (filters, option::of(select(SORT_FIELDS.to_vec())), any::<bool>(), any::<u64>(), 1u64..=1000).prop_map(
        |(filters, sort, desc, offset, limit)| VmQuery {
            filters: filters.into_iter().flatten().collect(),
            sort: sort.map(|(field, _)| field),
            // Without a sort the order is not said, and reads as ascending.
            order: if desc && sort.is_some() { Order::Desc } else { Order::Asc },
            offset,
            limit,
        },
    )
}

/// Reads `a=b&c=d` back as a browser's query map would.
fn query_map(href: &str) -> HashMap<String, String> {
    let decode = |text: &str| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).expect("two hex digits"));
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
    };
    let query = href.split_once('?').map_or("", |(_, q)| q);
    query.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, v)| (decode(k), decode(v))).collect()
}

/// A time of day between the years 2 and 9998, in milliseconds, and an
/// offset from UTC in minutes.
fn instant() -> impl Strategy<Value = (i64, i64)> {
    (-62_104_060_800_000i64..253_339_228_800_000, -14 * 60i64..=14 * 60)
}

/// `2026-03-14T09:26:53.250+01:00`: local time at that offset.
fn service_date_text(utc_ms: i64, offset_minutes: i64, zone: u8) -> String {
    let offset_minutes = if zone == 2 { offset_minutes } else { 0 };
    let local = utc_ms + offset_minutes * 60_000;
    let (days, ms) = (local.div_euclid(86_400_000), local.rem_euclid(86_400_000));
    let (y, m, d) = civil_from_days(days);
    let (h, min, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let zone_text = match zone {
        0 => String::new(),
        1 => "Z".to_owned(),
        _ => {
            let sign = if offset_minutes < 0 { '-' } else { '+' };
            format!("{sign}{:02}:{:02}", offset_minutes.abs() / 60, offset_minutes.abs() % 60)
        }
    };
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}.{frac:03}{zone_text}")
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn vms_round_trip((vm, map) in vm_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(Vm::from_json(&sent(&wrap(map, "virtual_machine", wrapped))), Ok(vm));
    }

    #[test]
    fn vm_lists_round_trip(vms in vec(vm_sent(), 0..4), how in any::<u8>()) {
        let (expected, maps): (Vec<_>, Vec<_>) = vms.into_iter().unzip();
        let body = sent(&envelope(maps, "virtual_machine", "virtual_machines", how));
        prop_assert_eq!(Vm::list_from_json(&body), Ok((expected, 0)));
    }

    #[test]
    fn interfaces_round_trip(nics in vec(interface_sent(), 0..4), how in any::<u8>()) {
        let (expected, maps): (Vec<_>, Vec<_>) = nics.into_iter().unzip();
        if let Some(first) = maps.first() {
            let one = sent(&wrap(first.clone(), "network_interface", how % 2 == 0));
            prop_assert_eq!(Interface::from_json(&one), Ok(expected[0].clone()));
        }
        let body = sent(&envelope(maps, "network_interface", "network_interfaces", how));
        prop_assert_eq!(Interface::list_from_json(&body), Ok(expected));
    }

    #[test]
    fn ip_addresses_round_trip(addresses in vec((ip_address_sent(), any::<bool>()), 0..4), how in any::<u8>()) {
        let mut expected = Vec::new();
        let mut maps = Vec::new();
        for ((ip, map), wrapped_flat) in addresses {
            // A flat address may come in its own `ip_address` wrapper too.
            let flat = ip.ip_address_id.is_none() && !map.contains_key("ip_address");
            maps.push(if flat && wrapped_flat { json!({"ip_address": map}).as_object().unwrap().clone() } else { map });
            expected.push(ip);
        }
        let body = sent(&envelope(maps, "ip_address_join", "ip_addresses", how));
        prop_assert_eq!(IpAddress::list_from_json(&body), Ok(expected));
    }

    #[test]
    fn firewall_rules_round_trip((expected, maps) in rules_sent(), how in any::<u8>()) {
        if let (Some(rule), Some(map)) = (expected.first(), maps.iter().find(|m| Some(*m) == expected.first().map(|r| &r.raw))) {
            let one = sent(&wrap(map.clone(), "firewall_rule", how % 2 == 0));
            prop_assert_eq!(FirewallRule::from_json(&one), Ok(rule.clone()));
        }
        let body = sent(&envelope(maps, "firewall_rule", "firewall_rules", how));
        prop_assert_eq!(FirewallRule::list_from_json(&body), Ok(expected));
    }

    #[test]
    fn disks_round_trip(disks in vec(disk_sent(), 0..4), how in any::<u8>()) {
        let (expected, maps): (Vec<_>, Vec<_>) = disks.into_iter().unzip();
        let body = sent(&envelope(maps, "disk", "disks", how));
        prop_assert_eq!(Disk::list_from_json(&body), Ok((expected, 0)));
    }

    #[test]
    fn snapshots_round_trip(snapshots in vec(snapshot_sent(), 0..4), how in any::<u8>()) {
        let (expected, maps): (Vec<_>, Vec<_>) = snapshots.into_iter().unzip();
        let body = sent(&envelope(maps, "snapshot", "snapshots", how));
        prop_assert_eq!(Snapshot::list_from_json(&body), Ok(expected));
    }

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

    #[test]
    fn cpu_usage_round_trips((cpu, map) in cpu_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(CpuUsage::from_json(&sent(&wrap(map, "cpu_usage", wrapped))), Ok(cpu));
    }

    #[test]
    fn bandwidth_round_trips((bandwidth, map) in bandwidth_sent(), wrapped in any::<bool>()) {
        prop_assert_eq!(Bandwidth::from_json(&sent(&wrap(map, "network_usage", wrapped))), Ok(bandwidth));
    }

    #[test]
    fn deploy_config_round_trips((config, value) in deploy_sent()) {
        prop_assert_eq!(DeployConfig::from_json(&sent(&value)), config);
    }

    #[test]
    fn refusals_round_trip((messages, body) in refusal_sent(), status in prop_oneof![Just(403u16), Just(404), Just(412), Just(422), 500u16..600], retry in any::<u32>()) {
        let text = body.to_string();
        prop_assert_eq!(&messages_from_body(&text), &messages);
        let expected = match status {
            403 => ApiError::Forbidden(messages),
            404 => ApiError::NotFound(messages),
            412 => ApiError::PreconditionFailed(messages),
            422 => ApiError::Validation(messages),
            _ => ApiError::Server { status, messages, retry_after: Some(retry) },
        };
        prop_assert_eq!(ApiError::from_response(status, &text, Some(&format!(" {retry} "))), expected);
    }

    #[test]
    fn paging_headers_round_trip(info in page_info_sent()) {
        let header = |value: Option<u64>| value.map(|n| format!(" {n} "));
        let read = PageInfo::from_headers(|name| match name {
            "x-total" => header(info.total),
            "x-total-pages" => header(info.total_pages),
            "x-page" => header(info.page),
            "x-per-page" => header(info.per_page),
            _ => None,
        });
        prop_assert_eq!(read, info);
    }

    #[test]
    fn list_views_round_trip_through_their_url(query in query_sent()) {
        let params = query_map(&query.href());
        prop_assert_eq!(VmQuery::from_params(|name| params.get(name).map(String::as_str)), query);
    }

    #[test]
    fn service_dates_round_trip((utc_ms, offset) in instant(), zone in 0u8..3) {
        let text = service_date_text(utc_ms, offset, zone);
        prop_assert_eq!(parse_service_date(&text), Some(utc_ms), "{}", text);
    }
}
