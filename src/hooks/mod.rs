//! Hooks: one file each.

mod use_poll;

pub use use_poll::use_poll;
