//! vmdeck-sim: a stateful simulator of the provider's API that also serves
//! the built panel. The binary is a thin wrapper around [`app`].

pub mod api;
pub mod config;
pub mod model;
pub mod rng;
pub mod seed;
pub mod state;

use axum::Router;
use config::Config;
use state::AppState;
use tower_http::services::{ServeDir, ServeFile};

/// The whole service: the API under `/api`, and the panel at `/` when a
/// `--dist` folder is given (any path that is not a file gets `index.html`,
/// so that deep links load the app).
pub fn app(config: &Config) -> Router {
    let api = api::router(AppState::new(config));
    let router = Router::new().nest("/api", api);
    match &config.dist {
        Some(dist) => {
            let index = ServeFile::new(dist.join("index.html"));
            router.fallback_service(ServeDir::new(dist).fallback(index))
        }
        None => router,
    }
}
