//! The VM's firewall and statistics tabs.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `firewall.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_firewall.rs"));
