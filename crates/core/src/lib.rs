//! Pure logic of the vmdeck panel, with no browser dependency so that it is
//! tested natively: API models with tolerant decoding, the one error type,
//! API paths and paging.

pub mod brand;
pub mod bulk;
pub mod changes;
pub mod chart;
pub mod clone_vm;
pub mod create_vm;
pub mod decode;
pub mod deploy;
pub mod disk;
pub mod edit_vm;
pub mod error;
pub mod export;
pub mod firewall;
pub mod forms;
pub mod history;
pub mod i18n;
pub mod network;
pub mod page;
pub mod paths;
pub mod plans;
pub mod request;
pub mod rescue;
pub mod route;
pub mod shortcuts;
pub mod rules;
pub mod secrets;
pub mod session;
pub mod small_forms;
pub mod stats;
pub mod storage;
pub mod time;
pub mod validate;
pub mod vm;
pub mod vm_query;

pub use error::ApiError;
pub use page::{Page, PageInfo};
pub use vm::{Vm, VmStatus, VmType};
