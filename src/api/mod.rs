//! The API client: one fetch helper ([`client`]) and one `async fn` per
//! endpoint, grouped by resource. Paths come from `vmdeck_core::paths`;
//! answers are read with [`Reply::decode`].

pub mod client;
pub mod network;
pub mod stats;
pub mod storage;
pub mod vms;

pub use client::{Api, ApiResult, Outcome, Reply};
