//! Bounded fuzzing of everything that reads what the service, a deployment or
//! a user sends: arbitrary bytes, arbitrary JSON and arbitrary text must give
//! a value or a clear error, never a panic; and valid resources, spelled in
//! every way the decoders tolerate, must decode to exactly what was sent.
//!
//! One test target, a module per model: `vm`, `disk`, `snapshot`, `iso`,
//! `network` (interfaces and addresses), `firewall`, `stats`, `deploy`,
//! `errors`, `paging`, `query` (the list's view), `time` and `user_text`
//! (what a user types). `decoders` runs every decoder on arbitrary input;
//! the input is made in `strategies`, the ways the service spells a valid
//! field in `fields`.
//!
//! The case counts keep this target to a few seconds on every test run. For
//! a long hunt, raise them: `PROPTEST_CASES=20000 cargo test -p vmdeck-core
//! --release --test fuzz`.

mod decoders;
mod deploy;
mod disk;
mod errors;
mod fields;
mod firewall;
mod iso;
mod network;
mod paging;
mod query;
#[path = "../shared/cases.rs"]
mod shared_cases;
mod snapshot;
mod stats;
mod strategies;
mod time;
mod user_text;
mod vm;

use shared_cases::cases;
