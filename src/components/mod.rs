//! Small components shared by the pages.

mod error_view;
mod field;
mod loaded;
mod status_badge;

pub use error_view::ErrorView;
pub use field::Field;
pub use loaded::Loaded;
pub use status_badge::StatusBadge;
