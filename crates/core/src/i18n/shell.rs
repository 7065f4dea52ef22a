//! The shell (header, login, switcher, tray), the list, the create form and the account pages.
//!
//! Written in `crates/core/i18n/en.json` and `es.json` (keys `shell.<NAME>`);
//! the build makes each text a constant here (`build.rs`).

include!(concat!(env!("OUT_DIR"), "/i18n_shell.rs"));
