//! The workspace file: what it carries, why one is refused, what taking
//! it in would change.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `workspace.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_workspace.rs"));
