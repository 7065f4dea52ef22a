//! Bounded property runs over firewall rule matching and checks: the address
//! and port forms agree with each other, the first match decides, shadowing
//! is reported exactly when a brute force over a small space says so, and no
//! value the API could send makes anything panic.
//!
//! For a longer run: `PROPTEST_CASES=20000 cargo test -p vmdeck-core
//! --release --test rules`.
//!
//! One test target, a module per part of the rules: `matching` (the address
//! and port forms, the first match), `checks` (shadowing, reachability and
//! the lockout guard) and `never_panics`. The rules are made in `small` (a
//! space small enough to try every packet) and `arbitrary`, and judged
//! against `reference`, a matcher written apart from the module.

mod arbitrary;
mod checks;
mod matching;
mod never_panics;
mod reference;
#[path = "../shared/cases.rs"]
mod shared_cases;
mod small;

use shared_cases::cases;

use proptest::prelude::*;
use proptest::sample::select;
use serde_json::Map;
use vmdeck_core::firewall::rules::{Decision, Packet, Protocol, RuleSet};
use vmdeck_core::network::FirewallRule;

fn rule(
    command: Option<String>,
    protocol: Option<String>,
    address: Option<String>,
    port: Option<String>,
    position: Option<i64>,
) -> FirewallRule {
    FirewallRule {
        id: None,
        interface_id: None,
        command,
        protocol,
        address,
        port,
        description: None,
        position,
        status: None,
        raw: Map::new(),
    }
}

fn accept(protocol: Protocol, address: &str, port: &str) -> FirewallRule {
    rule(
        Some("ACCEPT".into()),
        Some(protocol.label().into()),
        Some(address.into()),
        Some(port.into()),
        None,
    )
}

fn is_match(rule: &FirewallRule, packet: &Packet) -> bool {
    matches!(RuleSet::new(std::slice::from_ref(rule), None).decide(packet), Decision::Rule { .. })
}

fn protocol() -> impl Strategy<Value = Protocol> {
    select(vec![Protocol::Tcp, Protocol::Udp])
}
