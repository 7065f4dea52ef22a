//! `--generation`: which generation of the provider's API the simulator
//! answers as, and what that decides beside the shapes.

use std::time::Duration;

/// The generation of the provider's API the simulator answers as
/// (as the provider documents it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Generation {
    /// The current documentation: `POST /token` answers a JWT and a refresh
    /// token; resources in the documented shapes (as the provider documents it); a
    /// VM's lock begins a moment after the 202.
    #[default]
    Documented,
    /// OnApp's own shapes, which the service's software answers beside the
    /// documented ones: address joins, disks with `primary`, 403 for a busy VM.
    Onapp,
    /// The first generation: `POST /token` answers 48 hex digits and its
    /// expiry as a string, a create answers `{queue_token, resource}`.
    Oldest,
}

impl Generation {
    pub fn name(self) -> &'static str {
        match self {
            Self::Documented => "documented",
            Self::Onapp => "onapp",
            Self::Oldest => "oldest",
        }
    }

    /// Whether resources are written in OnApp's own shapes rather than the documented ones.
    pub fn onapp_shapes(self) -> bool {
        self == Self::Onapp
    }

    /// How long after a 202 the VM's lock begins, unless `--lock-delay-ms` says.
    pub fn lock_delay(self) -> Duration {
        match self {
            Self::Onapp => Duration::ZERO,
            Self::Documented | Self::Oldest => Duration::from_millis(500),
        }
    }
}
