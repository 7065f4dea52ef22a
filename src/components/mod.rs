//! Small components shared by the pages.

mod error_view;
mod field;
mod loaded;
mod modal;
mod status_badge;
mod typed_confirm;

pub use error_view::ErrorView;
pub use field::{Field, TextField};
pub use loaded::Loaded;
pub use modal::Modal;
pub use status_badge::StatusBadge;
pub use typed_confirm::TypedConfirm;
