//! Stopping or rebooting a VM: gracefully, or forced.

use serde::{Deserialize, Serialize};

/// Stopping or rebooting: gracefully, or forced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerForm {
    pub force: bool,
}
