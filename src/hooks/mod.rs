//! Hooks: one file each.

mod use_poll;
mod use_url_filters;

pub use use_poll::use_poll;
pub use use_url_filters::{use_url_filters, UrlFilters};
