//! What the core crate says: errors, validation, titles, summaries.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `messages.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_messages.rs"));
