//! The API client: one fetch helper ([`client`]) and one `async fn` per
//! read, grouped by resource. Paths come from `vmdeck_core::api::paths`; answers
//! are read with [`Reply::decode`]. Writes are values made by
//! `vmdeck_core::api::request` and sent with [`Api::run`], so that what "Show as
//! API request" prints is what is sent.

pub mod client;
pub mod deadline;
pub mod network;
pub mod stats;
pub mod storage;
pub mod vms;
pub mod workspace;

pub use client::{Api, ApiResult, Outcome, Reply};
