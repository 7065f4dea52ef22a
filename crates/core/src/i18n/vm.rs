//! The VM page, its frame and its tabs but the network, firewall and statistics ones.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `vm.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_vm.rs"));
