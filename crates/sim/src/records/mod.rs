//! The simulator's own records, and how the service writes each as JSON:
//! the VM and what belongs to it alone in `vm`, interfaces, addresses and
//! firewall rules in `network`, the JSON shapes of all of them in `json` and
//! (disks, snapshots and addresses, whose shapes differ most between the
//! generations) `json_parts`; the account's own templates in `template` and
//! its backups in `backup`, each with its shape.
//!
//! They are written out here, independently of the panel's decoding types, in
//! the spec's shapes: ids as digit strings (`account_id` an integer), the
//! `locked`/`suspended`/`cdrom` flags as 0/1, other flags as true/false, dates
//! ISO 8601 without a zone.

mod backup;
mod json;
mod json_parts;
mod network;
mod template;
mod vm;

pub use self::backup::Backup;
pub use self::network::{FirewallRule, Interface, IpAddress, IpJoin};
pub use self::template::{catalogue_json, OwnTemplate, System};
pub use self::vm::{Disk, Effect, IsoJoin, Operation, Snapshot, Vm};
