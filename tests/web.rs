//! Components in a real browser (headless Chromium through wasm-bindgen-test).
//! One test target, `web`; its tests are in the files of `tests/web/`, by
//! what they mount (a test target's root finds its modules beside it, hence
//! the paths).

#![cfg(target_arch = "wasm32")]

#[path = "web/components.rs"]
mod components;
#[path = "web/dom.rs"]
mod dom;
#[path = "web/login.rs"]
mod login;
#[path = "web/moments.rs"]
mod moments;
#[path = "web/poll.rs"]
mod poll;

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);
