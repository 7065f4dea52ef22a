//! Components in a real browser (headless Chromium through wasm-bindgen-test).

#![cfg(target_arch = "wasm32")]

use leptos::prelude::*;
use leptos::task::tick;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use vmdeck::components::{ActionButton, ErrorView, StatusBadge};
use vmdeck::pages::login::LoginPage;
use vmdeck::session::{Credentials, Session, Token};
use vmdeck::theme::ThemeToggle;
use vmdeck_core::{ApiError, VmStatus};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

/// A fresh element in the page for one test to mount into.
fn container() -> web_sys::HtmlElement {
    let el: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&el).unwrap();
    el
}

fn text_of(root: &web_sys::HtmlElement, selector: &str) -> Option<String> {
    root.query_selector(selector).unwrap().and_then(|el| el.text_content())
}

fn set_input(root: &web_sys::HtmlElement, selector: &str, value: &str) {
    let input: web_sys::HtmlInputElement = root.query_selector(selector).unwrap().unwrap().unchecked_into();
    input.set_value(value);
    input.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
}

fn click(root: &web_sys::HtmlElement, selector: &str) {
    let el: web_sys::HtmlElement = root.query_selector(selector).unwrap().unwrap().unchecked_into();
    el.click();
}

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
    let _app = leptos::mount::mount_to(root.clone(), || view! { <StatusBadge status=VmStatus::Online/> });
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
    let button: web_sys::HtmlElement = root.query_selector("#act").unwrap().unwrap().unchecked_into();
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
    vmdeck::show_crash(&root, "panicked at src/pages/vm_list.rs:1:1: <b>index out of bounds</b>");
    let alert = text_of(&root, ".crash[role=alert]").unwrap();
    assert!(alert.starts_with("Something went wrong"), "{alert}");
    assert!(!alert.contains("the app's last view"));
    // The message is shown as text, whatever it holds.
    assert_eq!(text_of(&root, ".crash pre").as_deref(), Some("panicked at src/pages/vm_list.rs:1:1: <b>index out of bounds</b>"));
    assert!(root.query_selector(".crash b").unwrap().is_none());
    let reload = root.query_selector(".crash a").unwrap().unwrap();
    assert_eq!(reload.text_content().as_deref(), Some("Reload"));
    assert_eq!(reload.get_attribute("href").as_deref(), Some(""));
}

#[wasm_bindgen_test]
async fn login_form_shows_field_errors_without_sending() {
    let root = container();
    let _app = leptos::mount::mount_to(root.clone(), || {
        view! { <leptos_router::components::Router><LoginPage/></leptos_router::components::Router> }
    });
    tick().await;
    // Without a deployment's word, the provider's current ways: an email and password first.
    set_input(&root, "#login-base-url", "ftp://files.example.com");
    set_input(&root, "#login-email", "ana");
    click(&root, "#login-submit");
    tick().await;
    assert!(text_of(&root, "#login-base-url-error").unwrap().contains("https://"));
    assert!(text_of(&root, "#login-email-error").unwrap().contains("name@example.com"));
    assert!(text_of(&root, "#login-password-error").unwrap().contains("password"));
    assert!(root.query_selector("#login-error").unwrap().is_none(), "nothing was sent");
    assert!(root.query_selector("#login-way-token").unwrap().is_none(), "the oldest way only where a deployment names it");

    set_input(&root, "#login-email", "ana@example.com");
    set_input(&root, "#login-base-url", "/api");
    set_input(&root, "#login-password", "secret");
    click(&root, "#login-submit");
    tick().await;
    assert!(root.query_selector("#login-email-error").unwrap().is_none());
    assert!(root.query_selector("#login-password-error").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn session_keeps_the_token_out_of_local_storage_unless_remembered_and_logout_forgets_it() {
    let storage = |local: bool| {
        let w = web_sys::window().unwrap();
        if local { w.local_storage() } else { w.session_storage() }.unwrap().unwrap()
    };
    let holds_token = |local: bool| storage(local).get_item("vmdeck.session").unwrap().is_some_and(|v| v.contains("s3cret"));
    let owner = Owner::new();
    owner.with(|| {
        let session = Session::restore();
        let credentials = Credentials::new("http://h/api".into(), "1".into(), Token::new("s3cret"), false);
        assert!(!format!("{credentials:?}").contains("s3cret"), "Debug hides the token");

        assert!(!session.log_in(credentials.clone()), "nothing else was shown");
        assert!(holds_token(false) && !holds_token(true));
        assert!(session.is_logged_in());

        let remembered = Credentials { remembered: true, ..credentials.clone() };
        assert!(!session.log_in(remembered), "the same login again");
        assert!(holds_token(false) && holds_token(true));
        assert!(Session::restore().is_logged_in(), "a reload restores it");
        assert_eq!(session.accounts().len(), 1);

        // A second account beside it, shown; logging out of it leaves the first.
        let other = Credentials::new("http://h/api".into(), "2".into(), Token::new("other"), false);
        assert!(session.log_in(other.clone()), "another account was shown");
        assert_eq!(session.accounts().iter().map(|a| (a.account_id.as_str(), a.shown)).collect::<Vec<_>>(), vec![("1", false), ("2", true)]);
        assert!(session.log_out(), "account 1 remains");
        assert_eq!(session.credentials().map(|c| c.account_id), Some("1".to_owned()));
        assert!(holds_token(false) && !storage(false).get_item("vmdeck.session").unwrap().unwrap_or_default().contains("other"));

        // A new token for account 1 takes the old one's place.
        let renewed = Credentials::new("http://h/api".into(), "1".into(), Token::new("s3cret-renewed"), false);
        assert!(!session.log_in(renewed), "the same account");
        assert_eq!(session.accounts().len(), 1);
        assert!(!storage(true).get_item("vmdeck.session").unwrap().unwrap_or_default().contains("s3cret"), "the old remembered token went");

        session.log_out_all();
        assert!(!holds_token(false) && !holds_token(true));
        assert!(!session.is_logged_in());
        assert!(session.accounts().is_empty());

        let _ = session.log_in(other.clone());
        let _ = session.log_in(credentials.clone());
        // A refusal of the account not shown ends it quietly.
        session.expire(&other.login_id);
        assert!(session.is_logged_in());
        assert_eq!(session.take_notice(), None);
        session.expire(&credentials.login_id);
        assert!(!holds_token(false));
        assert!(session.take_notice().is_some_and(|n| n.contains("expired")));
        assert_eq!(session.take_notice(), None, "the notice is shown once");
    });
}

#[wasm_bindgen_test]
async fn theme_toggle_cycles_system_light_dark() {
    let root = container();
    let _ = web_sys::window().unwrap().local_storage().unwrap().unwrap().remove_item("vmdeck.theme");
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

async fn sleep(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

/// The count once it reaches `at_least`, or what it is after ten seconds: a
/// busy machine delays timers, so a count within a fixed time would be luck.
async fn ticks_reaching(ticks: &AtomicUsize, at_least: usize) -> usize {
    for _ in 0..500 {
        if ticks.load(Ordering::SeqCst) >= at_least {
            break;
        }
        sleep(20).await;
    }
    ticks.load(Ordering::SeqCst)
}

#[wasm_bindgen_test]
async fn use_poll_ticks_only_while_active_and_stops_when_unmounted() {
    let root = container();
    let ticks = Arc::new(AtomicUsize::new(0));
    let active = RwSignal::new(false);
    let counter = Arc::clone(&ticks);
    let app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        vmdeck::hooks::use_poll(active, 40, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        view! { <p>"polling"</p> }
    });
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), 0, "nothing while inactive");

    active.set(true);
    let while_active = ticks_reaching(&ticks, 3).await;
    assert!(while_active >= 3, "ticks while active: {while_active}");

    active.set(false);
    sleep(20).await;
    let stopped_at = ticks.load(Ordering::SeqCst);
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), stopped_at, "nothing after it became inactive");

    active.set(true);
    sleep(20).await;
    drop(app);
    let unmounted_at = ticks.load(Ordering::SeqCst);
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), unmounted_at, "nothing after unmounting");
}

#[wasm_bindgen_test]
async fn use_poll_takes_a_new_interval_at_once() {
    let root = container();
    let ticks = Arc::new(AtomicUsize::new(0));
    let every = RwSignal::new(40u32);
    let counter = Arc::clone(&ticks);
    let _app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        vmdeck::hooks::use_poll(true, every, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        view! { <p>"polling"</p> }
    });
    let at_40_ms = ticks_reaching(&ticks, 3).await;
    assert!(at_40_ms >= 3, "ticks at 40 ms: {at_40_ms}");

    // An interval no test run outlasts: a tick after this is the old interval's.
    every.set(600_000);
    sleep(20).await;
    let slowed_at = ticks.load(Ordering::SeqCst);
    sleep(300).await;
    assert_eq!(ticks.load(Ordering::SeqCst), slowed_at, "no tick within the new, longer interval");
}

/// What the panel wrote before every moment came from the core: the browser's
/// own `toLocaleString` with the precision's options (none for a full date and time).
fn written_by_the_browser(epoch_secs: i64, options: &[(&str, &str)]) -> String {
    let object = js_sys::Object::new();
    for (key, value) in options {
        js_sys::Reflect::set(&object, &(*key).into(), &(*value).into()).unwrap();
    }
    let date = js_sys::Date::new(&(epoch_secs as f64 * 1000.0).into());
    String::from(date.to_locale_string(&vmdeck_core::i18n::locale_tag(), &object))
}

#[wasm_bindgen_test]
fn moments_are_written_as_the_browser_writes_them() {
    use vmdeck_core::i18n::{set_locale, Lang, Locale};
    use vmdeck_core::time::Precision;
    // Locales with a 24-hour clock and with a 12-hour one, padded days and not.
    for (lang, tag) in [(Lang::En, "en"), (Lang::En, "en-US"), (Lang::En, "en-GB"), (Lang::En, "en-AU"), (Lang::En, "en-IN"), (Lang::Es, "es-ES"), (Lang::Es, "es-MX"), (Lang::Es, "es-US")] {
        set_locale(Locale::new(lang, tag));
        // Mornings and afternoons, midnight, small numbers, in several months, in the browser's time zone.
        for t in [1_795_000_000, 1_795_030_000, 1_780_000_000, 1_767_225_600, 1_767_323_045, 1_798_761_599] {
            let moment = |precision| vmdeck::i18n::moment(t, precision);
            assert_eq!(moment(Precision::Minute), written_by_the_browser(t, &[("hour", "2-digit"), ("minute", "2-digit")]), "{tag} {t}");
            assert_eq!(moment(Precision::Day), written_by_the_browser(t, &[("day", "numeric"), ("month", "short")]), "{tag} {t}");
            assert_eq!(moment(Precision::Month), written_by_the_browser(t, &[("month", "short"), ("year", "numeric")]), "{tag} {t}");
            let date = js_sys::Date::new(&(t as f64 * 1000.0).into());
            assert_eq!(moment(Precision::Second), String::from(date.to_locale_time_string(tag)), "{tag} {t}");
            assert_eq!(moment(Precision::Full), written_by_the_browser(t, &[]), "{tag} {t}");
        }
    }
    set_locale(Locale::new(Lang::En, ""));
}
