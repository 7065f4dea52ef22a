//! The property runs' configuration, shared by the `fuzz` and `rules` test
//! targets (each includes this file).

use proptest::prelude::ProptestConfig;
use proptest::test_runner::{FailurePersistence, FileFailurePersistence};

/// `PROPTEST_CASES` when set (for a longer run), else the bounded default.
///
/// The seeds of past failures are kept beside the module whose test found
/// them (`stats.rs`, `stats.proptest-regressions`) and replayed first. That
/// is said here because proptest's default looks for the folder of a
/// `main.rs` and keeps them apart in `tests/proptest-regressions/*.txt`.
pub fn cases(default: u32) -> ProptestConfig {
    let cases =
        std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(default);
    let config = ProptestConfig::default();
    // Off stays off (`PROPTEST_DISABLE_FAILURE_PERSISTENCE`).
    let failure_persistence = config.failure_persistence.is_some().then(|| {
        Box::new(FileFailurePersistence::WithSource("proptest-regressions"))
            as Box<dyn FailurePersistence>
    });
    ProptestConfig { cases, failure_persistence, ..config }
}
