//! Fault switches for the API: added latency, server errors, malformed
//! bodies and dropped connections, each for a share of requests. They are set
//! on the command line and can be changed while running (`/_sim/faults`), so
//! that a test can watch the panel recover when the faults stop.

use crate::rng::Rng;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FaultConfig {
    pub latency_ms: u64,
    pub error_rate: f64,
    pub malformed_rate: f64,
    pub drop_rate: f64,
}

impl FaultConfig {
    /// Why these switches cannot be used, if they cannot.
    pub fn problem(&self) -> Option<String> {
        let rates = [
            ("error_rate", self.error_rate),
            ("malformed_rate", self.malformed_rate),
            ("drop_rate", self.drop_rate),
        ];
        if let Some((name, _)) = rates.iter().find(|(_, r)| !(0.0..=1.0).contains(r)) {
            return Some(format!("{name} must be a share from 0 to 1"));
        }
        (self.error_rate + self.malformed_rate + self.drop_rate > 1.0)
            .then(|| "the fault rates add up to more than 1".to_owned())
    }
}

#[derive(Clone)]
pub struct Faults {
    config: Arc<RwLock<FaultConfig>>,
    rng: Arc<Mutex<Rng>>,
}

impl Faults {
    pub fn new(config: FaultConfig, seed: u64) -> Self {
        Self {
            config: Arc::new(RwLock::new(config)),
            rng: Arc::new(Mutex::new(Rng::new(seed ^ 0xFA17))),
        }
    }

    pub fn get(&self) -> FaultConfig {
        self.config.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub fn set(&self, config: FaultConfig) {
        *self.config.write().unwrap_or_else(|p| p.into_inner()) = config;
    }

    fn roll(&self) -> (f64, u64) {
        let mut rng = self.rng.lock().unwrap_or_else(|p| p.into_inner());
        ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64, rng.next_u64())
    }
}

/// What a request gets, decided before it is handled.
enum Fate {
    Normal,
    Dropped,
    ServerError(u64),
    Malformed(u64),
}

pub async fn apply(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    let c = &faults.get();
    if c.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(c.latency_ms)).await;
    }
    // Preflights are the browser's, not the API's: they always pass. With
    // every rate at 0 there is nothing to roll for.
    if request.method() == Method::OPTIONS || c.error_rate + c.malformed_rate + c.drop_rate == 0.0 {
        return next.run(request).await;
    }
    let (roll, pick) = faults.roll();
    let fate = if roll < c.drop_rate {
        Fate::Dropped
    } else if roll < c.drop_rate + c.error_rate {
        Fate::ServerError(pick)
    } else if roll < c.drop_rate + c.error_rate + c.malformed_rate {
        Fate::Malformed(pick)
    } else {
        Fate::Normal
    };
    match fate {
        Fate::Normal => next.run(request).await,
        Fate::Dropped => dropped(),
        Fate::ServerError(pick) => server_error(pick),
        // The request is carried out; only its answer is spoiled.
        Fate::Malformed(pick) => malformed(next.run(request).await, pick).await,
    }
}

/// Headers go out, then the connection breaks before the body arrives.
fn dropped() -> Response {
    let broken = futures_util::stream::once(async {
        Err::<Bytes, _>(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "dropped by the fault switch",
        ))
    });
    let mut response = Body::from_stream(broken).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

fn server_error(pick: u64) -> Response {
    let status = [
        StatusCode::INTERNAL_SERVER_ERROR,
        StatusCode::BAD_GATEWAY,
        StatusCode::SERVICE_UNAVAILABLE,
    ][(pick % 3) as usize];
    let mut response = (
        status,
        axum::Json(serde_json::json!({"errors": {"base": ["Temporary failure, try again"]}})),
    )
        .into_response();
    if status == StatusCode::SERVICE_UNAVAILABLE && pick % 2 == 0 {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    response
}

async fn malformed(response: Response, pick: u64) -> Response {
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, 16 * 1024 * 1024).await.unwrap_or_default();
    parts.headers.remove(header::CONTENT_LENGTH);
    let body = match pick % 3 {
        0 => bytes.slice(..bytes.len() / 2),
        1 => Bytes::from_static(b"Service temporarily overloaded"),
        _ => {
            parts.status = StatusCode::OK;
            parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
            Bytes::from_static(b"<!DOCTYPE html><html><head><title>Error</title></head><body><h1>Something went wrong</h1><p>Please try again later.</p></body></html>")
        }
    };
    Response::from_parts(parts, Body::from(body))
}

/// `GET /_sim/faults`: the switches as they are now.
pub async fn show(State(faults): State<Faults>) -> axum::Json<FaultConfig> {
    axum::Json(faults.get())
}

/// `PUT /_sim/faults`: new switches (fields left out are off).
pub async fn change(State(faults): State<Faults>, body: Bytes) -> Response {
    match serde_json::from_slice::<FaultConfig>(&body) {
        Ok(config) => match config.problem() {
            Some(problem) => (StatusCode::UNPROCESSABLE_ENTITY, problem).into_response(),
            None => {
                faults.set(config.clone());
                axum::Json(config).into_response()
            }
        },
        Err(e) => (StatusCode::BAD_REQUEST, format!("not fault switches: {e}")).into_response(),
    }
}
