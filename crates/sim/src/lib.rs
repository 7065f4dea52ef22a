//! vmdeck-sim: a stateful simulator of the provider's API that also serves
//! the built panel. The binary is a thin wrapper around [`app`].

pub mod api;
pub mod assets;
pub mod body;
pub mod catalogue;
pub mod config;
pub mod faults;
pub mod records;
pub mod rng;
pub mod rules;
pub mod seed;
pub mod stats;
pub mod store;

use axum::http::{header, HeaderName, HeaderValue, Method};
use axum::Router;
use config::Config;
use std::collections::BTreeMap;
use std::time::Instant;
use store::{Ids, Store};
use tower_http::cors::{AllowOrigin, CorsLayer};

/// The seeded store a configuration describes.
pub fn store(config: &Config) -> Store {
    let now = Instant::now();
    let mut ids = Ids::default();
    let accounts: BTreeMap<_, _> = config
        .accounts
        .iter()
        .map(|(id, token)| {
            let mut account = seed::account(&mut ids, config.seed, *id, token, config.vms, now);
            if config.hostile_text {
                seed::make_hostile(&mut ids, &mut account);
            }
            (*id, account)
        })
        .collect();
    Store { ids, accounts, op_time: config.op_time }
}

/// The whole service: the API under `/api` (with the fault switches and
/// CORS), and the panel at `/` when a `--dist` folder is given (see
/// [`assets`]: precompressed files, cache headers, and `index.html` for a
/// browser navigating to a deep link).
pub fn app(config: &Config) -> Router {
    let faults = faults::Faults::new(config.faults.clone(), config.seed);
    let mut api = api::router(api::AppState::new(store(config)))
        .layer(axum::middleware::from_fn_with_state(faults.clone(), faults::apply));
    if !config.cors_origins.is_empty() {
        let origins: Vec<HeaderValue> = config.cors_origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
        let cors = CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
            .expose_headers(["x-total", "x-total-pages", "x-page", "x-per-page", "retry-after"].map(HeaderName::from_static))
            .max_age(std::time::Duration::from_secs(600));
        api = api.layer(cors);
    }
    let control = Router::new()
        .route("/_sim/faults", axum::routing::get(faults::show).put(faults::change))
        .with_state(faults);
    let router = Router::new().nest("/api", api).merge(control);
    match &config.dist {
        Some(dist) => router.fallback_service(assets::router(dist)),
        None => router,
    }
}
