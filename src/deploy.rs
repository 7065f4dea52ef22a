//! The deployment's `config.json`, loaded once for the whole app.

use leptos::prelude::*;
use vmdeck_core::deploy::DeployConfig;

/// The loaded configuration, provided at the root.
#[derive(Clone, Copy)]
pub struct Deploy(pub LocalResource<DeployConfig>);

pub fn provide_deploy() {
    provide_context(Deploy(LocalResource::new(load)));
}

/// The configuration, once loaded; the defaults until then (or without a file).
pub fn use_deploy() -> Signal<DeployConfig> {
    let deploy = use_context::<Deploy>();
    Signal::derive(move || deploy.and_then(|d| d.0.get()).unwrap_or_default())
}

async fn load() -> DeployConfig {
    // From the root: the panel is hosted at the root of its origin, and the
    // policy's `base-uri 'none'` leaves no <base> to resolve a relative path.
    let loaded = async {
        let response = gloo_net::http::Request::get("/config.json").send().await.ok()?;
        if !response.ok() {
            return None;
        }
        serde_json::from_str(&response.text().await.ok()?).ok()
    };
    loaded.await.map(|value| DeployConfig::from_json(&value)).unwrap_or_default()
}
