//! The VM's network tab: interfaces, their addresses and their dialogs.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `network.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_network.rs"));
