//! Arbitrary input: JSON of every shape with the decoders' own member names,
//! loose texts and byte soups.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Value};

/// Every member name a decoder looks for, so that random objects reach
/// past the first `get`.
const FIELD_NAMES: &[&str] = &[
    "id",
    "label",
    "hostname",
    "status",
    "type",
    "locked",
    "suspended",
    "memory",
    "cpus",
    "cpu_shares",
    "cpu_type",
    "template_id",
    "template_label",
    "hypervisor_id",
    "location_id",
    "operating_system",
    "operating_system_distro",
    "note",
    "initial_password",
    "strict_virtual_machine_id",
    "cdrom",
    "boot_type",
    "vip",
    "disk_type",
    "disks_size",
    "total_disk_size",
    "created_at",
    "updated_at",
    "ip_addresses",
    "ip_address",
    "ip_address_id",
    "ip_address_join",
    "address",
    "netmask",
    "prefix",
    "gateway",
    "network_id",
    "network_interface_id",
    "virtual_machine_id",
    "free",
    "reserved",
    "vlan",
    "primary",
    "rate_limit",
    "default_firewall_policy",
    "mac_address",
    "command",
    "protocol",
    "port",
    "description",
    "position",
    "order",
    "disk_size",
    "size",
    "is_swap",
    "mount_point",
    "data_store_group_id",
    "iso_id",
    "iso_url",
    "name",
    "virtual_machine",
    "virtual_machines",
    "network_interface",
    "network_interfaces",
    "firewall_rule",
    "firewall_rules",
    "disk",
    "disks",
    "snapshot",
    "snapshots",
    "iso",
    "iso_join",
    "iso_virtual_machine",
    "cpu_usage",
    "lapse",
    "time_units",
    "data",
    "network_usage",
    "traffic",
    "network_usage_traffic",
    "traffic_in",
    "traffic_out",
    "date_from",
    "date_to",
    "interface_id",
    "is_public",
    "errors",
    "error",
    "message",
    "messages",
    "detail",
    "title",
    "base",
    "api_base_url",
    "catalogue",
    "templates",
    "isos",
    "locations",
    "networks",
    "data_store_groups",
    "0",
    "1",
    "2",
    "10",
    "99999",
    "100000",
];

/// Texts that have bitten decoders somewhere: loose numbers and flags,
/// known words in odd spellings, dates, markup and awkward unicode.
const TRICKY_TEXTS: &[&str] = &[
    "",
    " ",
    "0",
    "1",
    "-1",
    " 42 ",
    "007",
    "true",
    "FALSE",
    "yes",
    "t",
    "null",
    "NaN",
    "inf",
    "-inf",
    "1e400",
    "2048.0",
    "1.5",
    "-0",
    "9007199254740993",
    "18446744073709551616",
    "-9223372036854775809",
    "online",
    " OFFLINE ",
    "unbuilt",
    "Recovery",
    "balancer_failover",
    "ACCEPT",
    "drop",
    "tcp",
    "-1H",
    "-30days",
    "minutes",
    "days",
    "2026-03-14T09:26:53",
    "2024-02-29 00:00:00.5Z",
    "9999999999999999-01-01T00:00:00",
    "2024-01-01T00:00:00+99999999999999999:00",
    "<script>alert(1)</script>",
    "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1>",
    "１２",
    "wéb",
    "𝕍𝕄",
    "\u{202e}evil",
    "\0",
    "\n\t",
    "../x",
    "javascript:alert(1)",
    "https://api.example.com/v1/",
    "/api",
    "//evil.example",
    "http://u@h/",
    "02:aa:bb:cc:dd:ee",
    "203.0.113.5",
    "255.255.255.0",
    "/24",
    "22,80,443",
    "1000:2000",
    "0.0.0.0/0",
    "10.0.0.9-10.0.0.1",
    "secondary_disk_size",
];

pub fn tricky_text() -> impl Strategy<Value = String> {
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
            json!(i64::MIN),
            json!(i64::MAX),
            json!(u64::MAX),
            json!(9.0e15),
            json!(1e300),
            json!(-1e300),
            json!(-0.0),
            json!(0.5),
            json!(f64::MIN_POSITIVE),
            json!(2048.0),
        ]),
    ]
    .boxed()
}

pub fn leaf() -> BoxedStrategy<Value> {
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
pub fn json_value() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(5, 96, 8, |inner| {
            prop_oneof![
                vec(inner.clone(), 0..8).prop_map(Value::Array),
                vec((key(), inner), 0..8)
                    .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
            ]
        })
        .boxed()
}

/// Random items in the envelopes list and detail answers come in, so that
/// the per-item code runs on every kind of item.
pub fn enveloped() -> impl Strategy<Value = Value> {
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

/// Byte soups made of JSON tokens: most fail to parse at some odd place,
/// some parse into odd values.
pub fn json_token_bytes() -> impl Strategy<Value = Vec<u8>> {
    const TOKENS: &[&str] = &[
        "{",
        "}",
        "[",
        "]",
        ":",
        ",",
        "\"",
        "\"id\"",
        "\"errors\"",
        "\"virtual_machine\"",
        "\"data\"",
        "null",
        "true",
        "1",
        "-0",
        "1e999",
        "123456789012345678901234567890",
        "\"\\u0000\"",
        "\"\\ud800\"",
        "\\",
        " ",
        "\u{feff}",
        "\u{ff}",
    ];
    vec(select(TOKENS), 0..40).prop_map(|tokens| tokens.concat().into_bytes())
}
