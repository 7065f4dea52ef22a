//! The deployment's `config.json`, loaded once for the whole app: the API's
//! address, the catalogue and plans, and the provider's brand, which is put
//! in place here (colours, the name for the crash screen) as soon as the
//! file is read. The boot script asks for it beside the wasm
//! (`vmdeck_core::boot::hooks::CONFIG`), and the app is built once it is in ([`preload`]), so
//! that its language file can be read first and no page draws the defaults
//! for a moment.

use leptos::prelude::*;
use std::cell::RefCell;
use vmdeck_core::deploy::brand::{Brand, DEFAULT_NAME};
use vmdeck_core::deploy::DeployConfig;

/// The loaded configuration, provided at the root: the defaults until the
/// file is in (or without one), and whether it is in. Kept apart so that a
/// read borrows the configuration rather than copying it (a list reads it
/// per row).
#[derive(Clone, Copy)]
pub struct Deploy {
    config: RwSignal<DeployConfig>,
    loaded: RwSignal<bool>,
}

impl Deploy {
    fn set(self, config: DeployConfig) {
        self.config.set(config);
        self.loaded.set(true);
    }
}

/// An address of the deployment's (`/api`, `/_store/workspace`) made
/// absolute on this page's origin: as a login keeps its API, and as
/// messages and commands name it.
pub fn on_this_site(address: &str) -> String {
    match address.starts_with('/') {
        true => format!("{}{address}", window().location().origin().unwrap_or_default()),
        false => address.to_owned(),
    }
}

/// The deployment's store of workspace files for the shown account's login:
/// only for a login to the deployment's own API, since the store gets the
/// login's token.
pub fn workspace_store(config: &DeployConfig, api_base_url: &str) -> Option<String> {
    let store = config.workspace_store.as_deref()?;
    (on_this_site(&config.login_base_url()) == api_base_url).then(|| on_this_site(store))
}

/// At the root: the configuration [`preload`] read, or (in a build that
/// starts the app at once, as the browser tests do) read now.
pub fn provide_deploy() -> Deploy {
    let preloaded = PRELOADED.with(|p| p.borrow().clone());
    let deploy = Deploy {
        loaded: RwSignal::new(preloaded.is_some()),
        config: RwSignal::new(preloaded.unwrap_or_default()),
    };
    if !deploy.loaded.get_untracked() {
        leptos::task::spawn_local(async move { deploy.set(load().await) });
    }
    provide_context(deploy);
    deploy
}

/// The configuration, once loaded; the defaults until then (or without a file).
pub fn use_deploy() -> Signal<DeployConfig> {
    match use_context::<Deploy>() {
        Some(deploy) => deploy.config.into(),
        None => Signal::stored(DeployConfig::default()),
    }
}

/// The configuration once loaded (with the defaults if there is no file),
/// `None` until then: for what must not act on the defaults, such as a
/// handed-over login that the file may refuse.
pub fn use_loaded() -> Signal<Option<DeployConfig>> {
    use_loaded_part(DeployConfig::clone).into()
}

/// A part of the configuration once loaded, `None` until then; a change
/// elsewhere in it does not wake the reader.
pub fn use_loaded_part<T: Clone + PartialEq + Send + Sync + 'static>(
    part: impl Fn(&DeployConfig) -> T + Send + Sync + 'static,
) -> Memo<Option<T>> {
    let deploy = use_context::<Deploy>();
    Memo::new(move |_| deploy.filter(|d| d.loaded.get()).map(|d| d.config.with(&part)))
}

/// The brand, once the configuration is loaded; the default until then.
pub fn use_brand() -> Memo<Brand> {
    let deploy = use_deploy();
    Memo::new(move |_| deploy.with(|d| d.brand.clone()))
}

thread_local! {
    static PRELOADED: RefCell<Option<DeployConfig>> = const { RefCell::new(None) };
    /// The brand as last loaded, for the crash screen, which cannot use the
    /// app's signals once it has panicked.
    static LOADED_BRAND: RefCell<Option<Brand>> = const { RefCell::new(None) };
}

/// The product's name and support link, for the crash screen.
pub fn brand_for_crash() -> (String, Option<(String, String)>) {
    LOADED_BRAND
        .try_with(|b| {
            b.borrow()
                .as_ref()
                .map(|b| (b.name.clone(), b.support.as_ref().map(|s| (s.href(), s.label()))))
        })
        .ok()
        .flatten()
        .unwrap_or_else(|| (DEFAULT_NAME.to_owned(), None))
}

/// How long the app waits for a file before it goes on without it.
const WAIT_MS: u32 = vmdeck_core::deploy::FILE_WAIT_MS;

/// A file of the panel's own origin as text; `None` if it cannot be had.
/// From the root: the panel is hosted at the root of its origin, and the
/// policy's `base-uri 'none'` leaves no <base> to resolve a relative path.
pub async fn fetch_text(path: &str) -> Option<String> {
    let deadline = crate::api::deadline::Deadline::new(WAIT_MS)?;
    let response = gloo_net::http::Request::get(path)
        .abort_signal(Some(&deadline.signal()))
        .send()
        .await
        .ok()?;
    if !response.ok() {
        return None;
    }
    response.text().await.ok()
}

/// `config.json` as the boot script asked for it, else asked for now.
async fn config_text() -> Option<String> {
    let early =
        crate::start::boot_hook::boot_hook::<js_sys::Promise>(vmdeck_core::boot::hooks::CONFIG);
    match early {
        // It gives up by itself after as long as `fetch_text` would wait.
        Some(promise) => wasm_bindgen_futures::JsFuture::from(promise).await.ok()?.as_string(),
        None => fetch_text(vmdeck_core::deploy::CONFIG_FILE).await,
    }
}

/// Reads the configuration before the app is built, for [`provide_deploy`].
pub async fn preload() -> DeployConfig {
    let config = load().await;
    PRELOADED.with(|p| *p.borrow_mut() = Some(config.clone()));
    config
}

async fn load() -> DeployConfig {
    let loaded = config_text().await.and_then(|text| match serde_json::from_str(&text) {
        Ok(value) => Some(value),
        Err(e) => {
            web_sys::console::warn_1(
                &format!("config.json is not JSON ({e}); the defaults are used.").into(),
            );
            None
        }
    });
    let config = loaded.map(|value| DeployConfig::from_json(&value)).unwrap_or_default();
    for warning in &config.warnings {
        web_sys::console::warn_1(&warning.into());
    }
    apply_brand(&config.brand);
    config
}

/// The brand's colours as the theme's custom properties on the root
/// element (through the CSSOM, which the Content-Security-Policy allows).
fn apply_brand(brand: &Brand) {
    let _ = LOADED_BRAND.try_with(|b| *b.borrow_mut() = Some(brand.clone()));
    let Some(root) = document().document_element() else { return };
    let Ok(root) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(root) else { return };
    for (name, value) in brand.css_properties() {
        let _ = root.style().set_property(name, &value);
    }
}
