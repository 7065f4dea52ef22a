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
mod snapshot;
mod stats;
mod strategies;
mod time;
mod user_text;
mod vm;

use proptest::prelude::ProptestConfig;
use proptest::test_runner::{FailurePersistence, FileFailurePersistence};

/// `PROPTEST_CASES` when set (for a longer run), else the bounded default.
///
/// The seeds of past failures are kept beside the module whose test found
/// them (`stats.rs`, `stats.proptest-regressions`) and replayed first. That
/// is said here because proptest's default looks for the folder of a
/// `main.rs` and keeps them apart in `tests/proptest-regressions/*.txt`.
fn cases(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    let config = ProptestConfig::default();
    // Off stays off (`PROPTEST_DISABLE_FAILURE_PERSISTENCE`).
    let failure_persistence = config
        .failure_persistence
        .is_some()
        .then(|| Box::new(FileFailurePersistence::WithSource("proptest-regressions")) as Box<dyn FailurePersistence>);
    ProptestConfig { cases, failure_persistence, ..config }
}
