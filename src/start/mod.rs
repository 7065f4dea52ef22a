//! Start-up: the crash screen, what is read before the app is built
//! (`config.json`, a deployment's language file, the page's parts), and the
//! app mounted over the page the server sent.

pub mod boot_hook;
pub mod first_paint;
pub mod parts;
pub mod perf;

use wasm_bindgen::JsCast;

/// A panic stops the app: instead of a dead page, say so in `root` (the
/// page's body) and offer a reload. Plain DOM calls: the app cannot be trusted
/// to render once it has panicked.
pub fn show_crash(root: &web_sys::HtmlElement, message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let make = |tag: &str, text: &str| {
        let el = document.create_element(tag).ok()?;
        el.set_text_content(Some(text));
        Some(el)
    };
    let (name, support) = crate::deploy::brand_for_crash();
    let (Some(box_), Some(title), Some(text), Some(detail), Some(link)) = (
        make("div", ""),
        make("h1", vmdeck_core::i18n::shell::CRASH_TITLE.get()),
        make("p", &vmdeck_core::tf!(vmdeck_core::i18n::shell::CRASH_TEXT, name = name)),
        make("pre", message),
        make("a", vmdeck_core::i18n::shell::CRASH_RELOAD.get()),
    ) else {
        return;
    };
    let _ = box_.set_attribute("class", "crash");
    let _ = box_.set_attribute("role", "alert");
    let _ = link.set_attribute("href", "");
    let _ = link.set_attribute("class", "button button-primary");
    for child in [&title, &text, &link] {
        let _ = box_.append_child(child);
    }
    // Where to get help, when the provider says.
    if let Some((href, label)) = support {
        if let (Some(line), Some(contact)) = (
            make("p", &format!("{} ", vmdeck_core::i18n::shell::CRASH_SUPPORT.get())),
            make("a", &label),
        ) {
            let _ = contact.set_attribute("href", &href);
            let _ = contact.set_attribute("id", "crash-support");
            let _ = line.append_child(&contact);
            let _ = box_.append_child(&line);
        }
    }
    let _ = box_.append_child(&detail);
    root.set_text_content(None);
    let _ = root.append_child(&box_);
}

/// Mounts the app in place of the static shell in `index.html`.
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            show_crash(&body, &info.to_string());
        }
    }));
    crate::shell::theme::initial_theme();
    crate::locale::init();
    crate::locale::time_zone::init();
    // The parts of the page being opened are compiled now, while the app is
    // being built, instead of once it asks for them; the boot script has
    // started their downloads already, and they are not asked for again.
    let path = web_sys::window().and_then(|w| w.location().pathname().ok()).unwrap_or_default();
    self::parts::prefetch_path(&path);
    // The app is built in a task of its own, after the one that instantiated
    // the module: two shorter tasks leave the browser room to paint and to
    // answer input in between, where one long one would not. It is built
    // once `config.json` is in (the boot script asked for it beside the
    // wasm), the language file it names, if any, and the page's parts: until
    // then the page the server sent stays, and the app replaces it with the
    // same page in one step. Not the parts of a page that leads to the login
    // page, for want of a login: that page is drawn at once.
    wasm_bindgen_futures::spawn_local(async move {
        let config = crate::deploy::preload().await;
        crate::locale::files::load(&config).await;
        let login_page = matches!(
            vmdeck_core::route::Route::from_path(&path),
            vmdeck_core::route::Route::Login | vmdeck_core::route::Route::Portal
        );
        if login_page || crate::session::any_kept() {
            self::parts::page_ready(&path).await;
        }
        mount();
    });
}

fn mount() {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"))
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    match root {
        Some(root) => {
            // The page the server sent has done its job: the app takes the
            // element over, with what was typed into it.
            self::first_paint::take_over(&root);
            root.set_text_content(None);
            leptos::mount::mount_to(root, crate::app::App).forget();
        }
        None => leptos::mount::mount_to_body(crate::app::App),
    }
    self::perf::mark(self::perf::APP_MOUNTED);
}
