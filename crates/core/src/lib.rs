//! Pure logic of the vmdeck panel, with no browser dependency so that it is
//! tested natively, in folders by what it is about: the API (`api`), the
//! resources (`vm`, `network`, `firewall`, `stats`), what the panel keeps
//! (`history`), the deployment (`deploy`), and what every form and page
//! shares (`forms`, `validate`, `route`, `i18n`, …).

pub mod api;
pub mod deploy;
pub mod firewall;
pub mod forms;
pub mod history;
pub mod i18n;
pub mod network;
pub mod route;
pub mod secrets;
pub mod session;
pub mod shortcuts;
pub mod stats;
pub mod time;
pub mod validate;
pub mod vm;

pub use api::error::ApiError;
pub use api::page::{Page, PageInfo};
pub use vm::{Vm, VmStatus, VmType};
