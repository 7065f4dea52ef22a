//! The virtual machine resource.

pub mod bulk;
pub mod clone;
pub mod columns;
pub mod create;
pub mod disk;
pub mod disk_edit;
pub mod edit;
pub mod iso;
pub mod pins;
pub mod power;
pub mod protection;
pub mod query;
pub mod rescue;
pub mod settings;
pub mod snapshot;
pub mod sort;
pub mod tag_read;
pub mod tags;
pub mod views;

use crate::api::decode::{self, DecodeError};
use crate::i18n::{fixed, integer, messages as t};
use serde_json::{Map, Value};
use std::fmt;

/// A VM's power state. Unknown strings are kept and shown as they came.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VmStatus {
    Online,
    Offline,
    Unbuilt,
    Recovery,
    Other(String),
    /// The field was missing or null.
    Unknown,
}

impl VmStatus {
    pub fn parse(value: Option<&Value>) -> Self {
        match decode::text(value) {
            None => Self::Unknown,
            Some(s) => match s.trim().to_ascii_lowercase().as_str() {
                "online" => Self::Online,
                "offline" => Self::Offline,
                "unbuilt" => Self::Unbuilt,
                "recovery" => Self::Recovery,
                _ => Self::Other(s),
            },
        }
    }

    /// The word shown to the user, in the panel's language; a status the
    /// panel does not know is shown as the service sent it.
    pub fn label(&self) -> &str {
        match self {
            Self::Online => t::STATUS_ONLINE.get(),
            Self::Offline => t::STATUS_OFFLINE.get(),
            Self::Unbuilt => t::STATUS_UNBUILT.get(),
            Self::Recovery => t::STATUS_RECOVERY.get(),
            Self::Other(s) => s,
            Self::Unknown => crate::i18n::common::UNKNOWN.get(),
        }
    }

    /// The status as the service names it, for data (exports, records).
    pub fn code(&self) -> &str {
        match self {
            Self::Online => "online",
            Self::Offline => "offline",
            Self::Unbuilt => "unbuilt",
            Self::Recovery => "recovery",
            Self::Other(s) => s,
            Self::Unknown => "unknown",
        }
    }

    /// A stable token for styling: one of the known states or `other`.
    pub fn css_class(&self) -> &'static str {
        match self {
            Self::Online => "online",
            Self::Offline => "offline",
            Self::Unbuilt => "unbuilt",
            Self::Recovery => "recovery",
            Self::Other(_) | Self::Unknown => "other",
        }
    }
}

impl fmt::Display for VmStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// A VM's type. Unknown strings are kept.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum VmType {
    Standard,
    Autoscaled,
    Balancer,
    BalancerFailover,
    Firewall,
    Other(String),
}

impl VmType {
    pub fn parse(value: Option<&Value>) -> Option<Self> {
        let s = decode::text(value)?;
        Some(match s.trim().to_ascii_lowercase().as_str() {
            "standard" => Self::Standard,
            "autoscaled" => Self::Autoscaled,
            "balancer" => Self::Balancer,
            "balancer_failover" => Self::BalancerFailover,
            "firewall" => Self::Firewall,
            _ => Self::Other(s),
        })
    }

    /// The type shown to the user, in the panel's language.
    pub fn label(&self) -> &str {
        match self {
            Self::Standard => t::VM_TYPE_STANDARD.get(),
            Self::Autoscaled => t::VM_TYPE_AUTOSCALED.get(),
            Self::Balancer => t::VM_TYPE_BALANCER.get(),
            Self::BalancerFailover => t::VM_TYPE_BALANCER_FAILOVER.get(),
            Self::Firewall => t::VM_TYPE_FIREWALL.get(),
            Self::Other(s) => s,
        }
    }

    /// The type in English words, for data (exports).
    pub fn code(&self) -> &str {
        match self {
            Self::Standard => "standard",
            Self::Autoscaled => "autoscaled",
            Self::Balancer => "balancer",
            Self::BalancerFailover => "balancer failover",
            Self::Firewall => "firewall",
            Self::Other(s) => s,
        }
    }
}

/// A virtual machine as the panel uses it. Every field the API sent, named in
/// the spec or not, is also kept in `raw` for the "raw fields" view.
#[derive(Clone, Debug, PartialEq)]
pub struct Vm {
    pub id: Option<String>,
    pub label: Option<String>,
    pub hostname: Option<String>,
    pub status: VmStatus,
    pub vm_type: Option<VmType>,
    pub locked: bool,
    pub suspended: bool,
    /// Memory in MB.
    pub memory_mb: Option<i64>,
    pub cpus: Option<i64>,
    pub cpu_shares: Option<i64>,
    pub cpu_type: Option<String>,
    pub template_id: Option<String>,
    pub template_label: Option<String>,
    pub hypervisor_id: Option<String>,
    pub location_id: Option<String>,
    pub operating_system: Option<String>,
    pub operating_system_distro: Option<String>,
    pub note: Option<String>,
    pub initial_password: Option<String>,
    pub strict_virtual_machine_id: Option<String>,
    pub cdrom: Option<bool>,
    pub boot_type: Option<String>,
    pub vip: Option<bool>,
    pub disk_type: Option<String>,
    /// Total size of all disks in GB, where the API says it.
    pub disks_size_gb: Option<i64>,
    /// As sent: ISO 8601 without a zone.
    pub created_at: Option<String>,
    pub updated_at: Option<String>,
    /// Addresses, where known: OnApp's resource lists them, the documented
    /// one does not, and the panel reads them apart (`addresses_known`).
    pub ip_addresses: Vec<String>,
    /// Whether `ip_addresses` says what the VM has: the resource listed
    /// them, or they were read from the VM's or the account's addresses.
    pub addresses_known: bool,
    pub raw: Map<String, Value>,
}

impl Vm {
    /// Decodes one VM, bare or wrapped as `{"virtual_machine": {...}}`, or
    /// in the `{"queue_token": ..., "resource": {...}}` an older generation
    /// answers a create with.
    pub fn from_json(value: &Value) -> Result<Self, DecodeError> {
        let map = decode::object(value, "virtual_machine", "a virtual machine")?;
        match map.get("resource") {
            Some(resource @ Value::Object(_)) if !map.contains_key("id") => {
                Self::from_json(resource)
            }
            _ => Ok(Self::from_map(map)),
        }
    }

    /// Decodes a VM list in any of the envelopes the service uses; items that
    /// are not objects are dropped and counted.
    pub fn list_from_json(value: &Value) -> Result<(Vec<Self>, usize), DecodeError> {
        let items = decode::list(
            value,
            "virtual_machine",
            "virtual_machines",
            "a list of virtual machines",
        )?;
        Ok((items.items.into_iter().map(Self::from_map).collect(), items.skipped))
    }

    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |key: &str| map.get(key);
        Vm {
            id: decode::id(get("id")),
            label: decode::text(get("label")),
            hostname: decode::text(get("hostname")),
            status: VmStatus::parse(get("status")),
            vm_type: VmType::parse(get("type")),
            locked: decode::flag(get("locked")).unwrap_or(false),
            suspended: decode::flag(get("suspended")).unwrap_or(false),
            memory_mb: decode::int(get("memory")),
            cpus: decode::int(get("cpus")),
            cpu_shares: decode::int(get("cpu_shares")),
            cpu_type: decode::text(get("cpu_type")),
            template_id: decode::id(get("template_id")),
            template_label: decode::text(get("template_label")),
            hypervisor_id: decode::id(get("hypervisor_id")),
            location_id: decode::id(get("location_id")),
            operating_system: decode::text(get("operating_system")),
            operating_system_distro: decode::text(get("operating_system_distro")),
            note: decode::text(get("note")),
            initial_password: decode::text(get("initial_password")),
            strict_virtual_machine_id: decode::id(get("strict_virtual_machine_id")),
            cdrom: decode::flag(get("cdrom")),
            boot_type: decode::text(get("boot_type")),
            vip: decode::flag(get("vip")),
            disk_type: decode::text(get("disk_type")),
            disks_size_gb: decode::int(get("disks_size"))
                .or_else(|| decode::int(get("total_disk_size"))),
            created_at: decode::text(get("created_at")),
            updated_at: decode::text(get("updated_at")),
            ip_addresses: ip_addresses(get("ip_addresses")),
            addresses_known: map.contains_key("ip_addresses"),
            raw: map.clone(),
        }
    }

    /// The name to show: the label, else the hostname, else the id.
    pub fn display_name(&self) -> String {
        self.label
            .clone()
            .or_else(|| self.hostname.clone())
            .or_else(|| {
                self.id.as_ref().map(|id| crate::tf!(crate::i18n::common::VM_NUMBER, id = id))
            })
            .unwrap_or_else(|| t::VM_UNNAMED.get().to_owned())
    }

    /// The word typed to confirm a loss of its data: its hostname, or its
    /// id where it has none (an empty word could never be confirmed).
    pub fn confirm_word(&self) -> String {
        self.hostname
            .as_deref()
            .map(str::trim)
            .filter(|h| !h.is_empty())
            .or(self.id.as_deref())
            .unwrap_or_default()
            .to_owned()
    }

    /// How to reach the VM from a terminal: RDP for a Windows template
    /// (`template` is its name in the catalogue, when known), else SSH as
    /// root, to its first address. None while it has no address.
    pub fn connect(&self, template: Option<&str>) -> Option<Connect> {
        let address = self.ip_addresses.first()?.trim();
        if address.is_empty() {
            return None;
        }
        let names = [
            template,
            self.template_label.as_deref(),
            self.operating_system_distro.as_deref(),
            self.operating_system.as_deref(),
        ];
        let windows =
            names.into_iter().flatten().any(|name| name.to_ascii_lowercase().contains("windows"));
        Some(if windows {
            Connect::Rdp(format!("{address}:3389"))
        } else {
            Connect::Ssh(format!("ssh root@{address}"))
        })
    }

    /// "Debian 12", from the distro and the OS name, where known.
    pub fn os_name(&self) -> Option<String> {
        match (&self.operating_system_distro, &self.operating_system) {
            (Some(distro), _) => Some(distro.clone()),
            (None, Some(os)) => Some(os.clone()),
            (None, None) => None,
        }
    }
}

/// The addresses of a VM list item, which OnApp sends as
/// `[{"ip_address": {"address": "..."}}]`, flat `[{"address": "..."}]` or plain strings.
fn ip_addresses(value: Option<&Value>) -> Vec<String> {
    let Some(Value::Array(items)) = value else { return Vec::new() };
    items
        .iter()
        .filter_map(|item| match decode::unwrap_item(item, "ip_address") {
            Value::String(s) => Some(s.clone()),
            Value::Object(map) => decode::text(map.get("address")),
            _ => None,
        })
        .collect()
}

/// A size in whole GB as a person reads it: "20 GB", "2,048 GB".
pub fn format_gb(gb: i64) -> String {
    format!("{} GB", integer(gb))
}

/// Memory in MB as a person reads it: "512 MB", "2 GB", "1.5 GB".
pub fn format_memory(mb: i64) -> String {
    if mb >= 1024 {
        let gb = mb as f64 / 1024.0;
        if (gb.fract()).abs() < 1e-9 {
            format_gb(gb as i64)
        } else {
            format!("{} GB", fixed(gb, 1))
        }
    } else {
        format!("{} MB", integer(mb))
    }
}

/// How to reach a VM (see [`Vm::connect`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connect {
    /// The command to type: `ssh root@203.0.113.7`.
    Ssh(String),
    /// The address for a remote desktop client: `203.0.113.7:3389`.
    Rdp(String),
}

impl Connect {
    pub fn text(&self) -> &str {
        match self {
            Self::Ssh(text) | Self::Rdp(text) => text,
        }
    }

    pub fn label(&self) -> &'static str {
        match self {
            Self::Ssh(_) => "SSH",
            Self::Rdp(_) => t::CONNECT_REMOTE_DESKTOP.get(),
        }
    }
}

#[cfg(test)]
mod tests;
