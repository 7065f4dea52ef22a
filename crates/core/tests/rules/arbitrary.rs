//! Arbitrary values: every field of a rule as the API could send it.

use crate::{protocol, rule};
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use std::net::Ipv4Addr;
use vmdeck_core::firewall::rules::Packet;
use vmdeck_core::network::FirewallRule;

fn any_text() -> impl Strategy<Value = Option<String>> {
    const TRICKY: &[&str] = &[
        "",
        " ",
        "ACCEPT",
        "drop",
        "DROP ",
        "REJECT",
        "tcp",
        "UDP",
        "ICMP",
        "0",
        "22",
        "65535",
        "65536",
        "-1",
        "22,",
        ",22",
        "22,,80",
        "1:",
        ":2",
        "1:2:3",
        "2:1",
        "1000-2000",
        "22,1000:2000",
        "0.0.0.0",
        "0.0.0.0/0",
        "10.0.0.0/33",
        "10.0.0.0/-1",
        "10.0.0.0/",
        "/8",
        "10.0.0.9-10.0.0.1",
        "255.255.255.255",
        "255.255.255.255/0",
        "1.2.3.4-",
        "-",
        "10.0.0",
        "１２",
        "\u{202e}22",
        "\0",
    ];
    option::of(
        prop_oneof![2 => select(TRICKY).prop_map(str::to_owned), 1 => any::<String>(), 1 => "[0-9.,:/ -]{0,16}"],
    )
}

pub fn any_rule() -> impl Strategy<Value = FirewallRule> {
    (any_text(), any_text(), any_text(), any_text(), option::of(any::<i64>())).prop_map(
        |(command, protocol, address, port, position)| {
            rule(command, protocol, address, port, position)
        },
    )
}

pub fn any_packet() -> impl Strategy<Value = Packet> {
    (any::<u32>(), protocol(), any::<u16>()).prop_map(|(source, protocol, port)| Packet {
        source: Ipv4Addr::from(source),
        protocol,
        port,
    })
}
