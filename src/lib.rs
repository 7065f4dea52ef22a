//! vmdeck: a self-service control panel for the virtual machines and network
//! interfaces of one account on a hosting provider's API.

pub mod api;
pub mod app;
pub mod components;
pub mod deploy;
pub mod hooks;
pub mod pages;
pub mod session;
pub mod tasks;
pub mod theme;

use wasm_bindgen::JsCast;

/// Mounts the app in place of the static shell in `index.html`.
pub fn start() {
    console_error_panic_hook::set_once();
    theme::initial_theme();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    match root {
        Some(root) => {
            // The static skeleton has done its job: the app takes the element over.
            root.set_text_content(None);
            leptos::mount::mount_to(root, app::App).forget();
        }
        None => leptos::mount::mount_to_body(app::App),
    }
}
