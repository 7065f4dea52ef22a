//! The API client: one fetch helper ([`client`]) and one `async fn` per
//! endpoint, grouped by resource.

pub mod client;
pub mod network;
pub mod stats;
pub mod storage;
pub mod vms;

pub use client::{Api, ApiResult};
