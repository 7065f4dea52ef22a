//! vmdeck-sim: a stateful simulator of the provider's API that also serves
//! the built panel. The binary is a thin wrapper around [`app`].

pub mod api;
pub mod assets;
pub mod auth;
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
pub mod workspace_store;

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
    Store {
        ids,
        accounts,
        op_time: config.op_time,
        lock_delay: config.lock_delay(),
        generation: config.generation,
    }
}

/// The whole service: the API and the logins ([`auth`]) under `/api` and the
/// workspace store ([`workspace_store`]), each with the fault switches and
/// CORS, the test switches under `/_sim/`, and the
/// panel at `/` when a `--dist` folder is given (see [`assets`]:
/// precompressed files, cache headers, and `index.html` for a browser
/// navigating to a deep link).
pub fn app(config: &Config) -> Router {
    let faults = faults::Faults::new(config.faults.clone(), config.seed);
    let cors = cors(&config.cors_origins);
    // What the panel calls answers as the API does: the same faults, the
    // same origins allowed.
    let called = |router: Router| {
        let router =
            router.layer(axum::middleware::from_fn_with_state(faults.clone(), faults::apply));
        match &cors {
            Some(cors) => router.layer(cors.clone()),
            None => router,
        }
    };
    let auth = auth::Auth::new(config);
    let state = api::AppState::new(store(config), auth.clone());
    let api = called(api::router(state.clone()).merge(auth::router(auth.clone())));
    let workspace = called(workspace_store::router(state));
    let control = Router::new()
        .route("/_sim/faults", axum::routing::get(faults::show).put(faults::change))
        .with_state(faults)
        .merge(auth::inspect_router(auth));
    let router = Router::new().nest("/api", api).merge(workspace).merge(control);
    match &config.dist {
        Some(dist) => router.fallback_service(assets::router(dist)),
        None => router,
    }
}

/// What lets a page on one of `origins` call the service; nothing without one.
fn cors(origins: &[String]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    let origins: Vec<HeaderValue> =
        origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE, header::ACCEPT])
            .expose_headers(
                ["x-total", "x-total-pages", "x-page", "x-per-page", "retry-after"]
                    .map(HeaderName::from_static),
            )
            .max_age(std::time::Duration::from_secs(600)),
    )
}
