//! The API client: one fetch helper ([`client`]) and one `async fn` per
//! read, grouped by resource. Paths come from `vmdeck_core::api::paths`; answers
//! are read with [`Reply::decode`]. Writes are values made by
//! `vmdeck_core::api::request` and sent with [`Api::run`], so that what "Show as
//! API request" prints is what is sent.

pub mod client;
pub mod deadline;
pub mod login;
pub mod network;
pub mod stats;
pub mod vms;
pub mod workspace;

pub use client::{Api, ApiResult, Outcome, Reply};

/// Reads of one VM each sent at once (a tag's VMs, the pinned ones): the six
/// connections a browser opens to a host over HTTP/1.1.
pub const READS_AT_ONCE: usize = 6;
