//! The shared components (status badge, error, action button, theme toggle)
//! and the screen shown when the panel panics.

use crate::dom::{click, container, document, text_of};
use leptos::prelude::*;
use leptos::task::tick;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use vmdeck::components::{ActionButton, ErrorView, StatusBadge};
use vmdeck::shell::theme::ThemeToggle;
use vmdeck_core::{ApiError, VmStatus};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn status_badge_shows_unknown_text_literally_with_busy_and_suspended_marks() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), || {
        view! { <StatusBadge status=VmStatus::Other("<b>migrating</b>".into()) locked=true suspended=true/> }
    });
    tick().await;
    assert_eq!(text_of(&root, ".badge-other").as_deref(), Some("<b>migrating</b>"));
    assert!(root.query_selector("b").unwrap().is_none(), "API text is never HTML");
    assert!(root.query_selector(".busy").unwrap().is_some());
    assert!(root.query_selector(".badge-suspended").unwrap().is_some());
}

#[wasm_bindgen_test]
async fn status_badge_of_an_idle_vm_has_no_marks() {
    let root = container();
    let _app =
        leptos::mount::mount_to(root.clone(), || view! { <StatusBadge status=VmStatus::Online/> });
    tick().await;
    assert_eq!(text_of(&root, ".badge-online").as_deref(), Some("online"));
    assert!(root.query_selector(".busy").unwrap().is_none());
    assert!(root.query_selector(".badge-suspended").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn error_view_explains_and_retries() {
    let root = container();
    let retries = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&retries);
    let _app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        let retry = Callback::new(move |()| {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let error = ApiError::Unreachable { base_url: "http://127.0.0.1:9/api".into() };
        view! { <ErrorView error=error doing="Loading the virtual machines" on_retry=retry/> }
    });
    tick().await;
    let text = text_of(&root, "[role=alert]").unwrap();
    assert!(text.contains("Cannot reach the API at http://127.0.0.1:9/api"), "{text}");
    click(&root, "button");
    tick().await;
    assert_eq!(retries.load(Ordering::SeqCst), 1);
}

#[wasm_bindgen_test]
async fn action_button_says_why_it_is_disabled_and_acts_once_enabled() {
    let root = container();
    let reason = RwSignal::new(Some("The VM is busy."));
    let clicks = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&clicks);
    let _app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        view! {
            <ActionButton id="act" blocked=reason hint="Stops the VM." on:click=move |_| { counter.fetch_add(1, Ordering::SeqCst); }>"Stop"</ActionButton>
        }
    });
    tick().await;
    let button: web_sys::HtmlElement =
        root.query_selector("#act").unwrap().unwrap().unchecked_into();
    assert!(button.has_attribute("disabled"));
    assert_eq!(button.get_attribute("title").as_deref(), Some("The VM is busy."));
    assert_eq!(button.get_attribute("aria-description").as_deref(), Some("The VM is busy."));
    button.click();
    tick().await;
    assert_eq!(clicks.load(Ordering::SeqCst), 0, "a disabled button does nothing");

    reason.set(None);
    tick().await;
    assert!(!button.has_attribute("disabled"));
    assert_eq!(button.get_attribute("title").as_deref(), Some("Stops the VM."));
    assert_eq!(button.get_attribute("aria-description"), None);
    button.click();
    tick().await;
    assert_eq!(clicks.load(Ordering::SeqCst), 1);
}

#[wasm_bindgen_test]
fn the_panic_screen_replaces_the_page_with_the_message_and_a_reload_link() {
    let root = container();
    root.set_inner_text("the app's last view");
    vmdeck::start::show_crash(
        &root,
        "panicked at src/pages/vm_list.rs:1:1: <b>index out of bounds</b>",
    );
    let alert = text_of(&root, ".crash[role=alert]").unwrap();
    assert!(alert.starts_with("Something went wrong"), "{alert}");
    assert!(!alert.contains("the app's last view"));
    // The message is shown as text, whatever it holds.
    assert_eq!(
        text_of(&root, ".crash pre").as_deref(),
        Some("panicked at src/pages/vm_list.rs:1:1: <b>index out of bounds</b>")
    );
    assert!(root.query_selector(".crash b").unwrap().is_none());
    let reload = root.query_selector(".crash a").unwrap().unwrap();
    assert_eq!(reload.text_content().as_deref(), Some("Reload"));
    assert_eq!(reload.get_attribute("href").as_deref(), Some(""));
}

#[wasm_bindgen_test]
async fn theme_toggle_cycles_system_light_dark() {
    let root = container();
    let _ =
        web_sys::window().unwrap().local_storage().unwrap().unwrap().remove_item("vmdeck.theme");
    let html = document().document_element().unwrap();
    let _ = html.remove_attribute("data-theme");
    let _app = leptos::mount::mount_to(root.clone(), || view! { <ThemeToggle/> });
    tick().await;
    assert_eq!(html.get_attribute("data-theme"), None);
    click(&root, "#theme-toggle");
    tick().await;
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some("light"));
    click(&root, "#theme-toggle");
    tick().await;
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some("dark"));
    click(&root, "#theme-toggle");
    tick().await;
    assert_eq!(html.get_attribute("data-theme"), None);
}
