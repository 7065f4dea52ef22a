//! Small components shared by the pages.

mod action_button;
mod activity;
mod api_request;
mod brand;
mod copy_button;
mod empty_state;
mod error_view;
mod export;
mod field;
mod filter_select;
mod form;
mod freshness;
mod loaded;
mod modal;
mod plan_picker;
mod raw_fields;
mod status_badge;
mod typed_confirm;

pub use action_button::ActionButton;
pub use activity::ActivityLog;
pub use api_request::ApiRequestView;
pub use brand::{BrandName, SupportLink};
pub use copy_button::CopyButton;
pub use empty_state::EmptyState;
pub use error_view::ErrorView;
pub use export::{Export, ExportButtons, IncludeSecrets};
pub use field::{described_by, fixed_options, CheckField, ChoiceField, Field, SelectField, TextAreaField, TextField};
pub use filter_select::{public_options, FilterSelect};
pub use form::{FormView, SubmitButton};
pub use freshness::Freshness;
pub use loaded::{Empty, Loaded};
pub use modal::Modal;
pub use plan_picker::PlanPicker;
pub use raw_fields::RawFields;
pub use status_badge::StatusBadge;
pub use typed_confirm::TypedConfirm;
