//! Small components shared by the pages.

mod action_button;
mod api_request;
mod copy_button;
mod data_table;
mod dismiss;
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
mod reorder;
mod roving;
mod status_badge;
mod toggle_button;
mod typed_confirm;

pub use action_button::ActionButton;
pub use api_request::ApiRequestView;
pub use copy_button::CopyButton;
pub use data_table::{Cell, Column, DataTable, TableId, VmNetworkLink};
pub use dismiss::dismissable;
pub use empty_state::EmptyState;
pub use error_view::ErrorView;
pub use export::{download_file, Export, ExportButtons};
pub use field::{
    described_by, fixed_options, CheckField, ChoiceField, Field, SelectField, TextAreaField,
    TextField,
};
pub use filter_select::{public_options, FilterSelect};
pub use form::{FormView, SubmitButton};
pub use freshness::Freshness;
pub use loaded::{Empty, Loaded};
pub use modal::Modal;
pub use plan_picker::PlanPicker;
pub use raw_fields::RawFields;
pub use reorder::{focus_arrow, focus_later};
pub use roving::move_in_row;
pub use status_badge::StatusBadge;
pub use toggle_button::ToggleButton;
pub use typed_confirm::{TypedConfirm, TypedWord};
