//! Hooks: one file each.

mod use_data;
mod use_debounced;
mod use_form;
mod use_offered;
mod use_poll;
mod use_url_filters;
mod use_vm_search;

pub use use_data::{
    use_auto_refresh, use_data, use_data_with_options, AutoRefresh, UseDataOptions, UseDataReturn,
    AUTO_REFRESH_CHOICES, REFOCUS_AFTER_MS,
};
pub use use_debounced::{use_debounced, Debounced, Pace};
pub use use_form::{
    leave_forgetting_unsent, use_form_with_options, Bound, BoundFlag, Form, UseFormOptions,
};
pub use use_offered::{
    network_name, network_options, use_offered_cache, use_offered_networks, use_offered_templates,
    Offered, OfferedCache,
};
pub use use_poll::{
    page_visible, use_page_visible, use_poll, use_poll_with_options, UsePollOptions, BUSY_POLL_MS,
};
pub use use_url_filters::{use_url_filters, UrlFilters};
pub use use_vm_search::use_vm_search;
