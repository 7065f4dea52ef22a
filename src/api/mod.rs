//! The API client: one fetch helper ([`client`]) and one `async fn` per
//! read, grouped by resource. Paths come from `vmdeck_core::api::paths`;
//! answers are read with [`Reply::decode`]. Writes are values made by
//! `vmdeck_core::api::request` and sent with [`Api::run`], so that what "Show
//! as API request" prints is what is sent. Requests sent several at once go
//! through `at_most`, with the limits named there.

pub mod at_most;
pub mod backups;
pub mod client;
pub mod deadline;
pub mod login;
pub mod network;
pub mod offered;
pub mod snapshots;
pub mod stats;
pub mod vms;
pub mod workspace;

pub use at_most::{at_most, READS_AT_ONCE, STATS_AT_ONCE, WRITES_AT_ONCE};
pub use client::{Api, ApiResult, Outcome, Reply};
