//! Words used all over the panel: page names, buttons, field names, states.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `common.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_common.rs"));
