//! How the service writes a VM's disks and snapshots and the account's
//! addresses: the shapes in which the documented generations and OnApp's own
//! differ most (as the provider documents it).

use super::network::{Interface, IpAddress, IpJoin};
use super::vm::{Disk, Snapshot, Vm};
use crate::config::Generation;
use serde_json::{json, Value};
use std::time::Instant;

impl Disk {
    /// OnApp's disk has `primary`, `label`, `built` and `identifier`; the
    /// documented one has none of them (the system disk is the non-swap one
    /// mounted at `/`), but the data store and whether fstab lists it.
    pub fn to_json(&self, vm: &Vm, now: Instant, generation: Generation) -> Value {
        let status = if vm.status == "unbuilt" { "pending" } else { "active" };
        if generation.onapp_shapes() {
            return json!({
                "id": self.id.to_string(),
                "label": self.label,
                "disk_size": self.size,
                "is_swap": self.is_swap,
                "primary": self.primary,
                "mount_point": self.mount_point,
                "data_store_group_id": self.data_store_group_id.to_string(),
                "virtual_machine_id": vm.id.to_string(),
                "status": status,
                "locked": vm.is_locked(now),
                "autobackup": self.autobackup,
                "built": vm.status != "unbuilt",
                "identifier": self.identifier,
                "created_at": self.created_at,
                "updated_at": self.created_at,
            });
        }
        let linux = vm.template().is_none_or(|t| t.os != "windows");
        json!({
            "id": self.id.to_string(),
            "virtual_machine_id": vm.id.to_string(),
            "disk_size": self.size,
            "is_swap": self.is_swap,
            "mount_point": self.mount_point,
            "add_to_linux_fstab": self.fstab.unwrap_or(linux && !self.is_swap),
            "data_store_group_id": self.data_store_group_id.to_string(),
            "data_store_id": self.data_store_id().to_string(),
            "status": status,
            "locked": u8::from(vm.is_locked(now)),
            "error": 0,
            "autobackup": self.autobackup,
            "created_at": self.created_at,
            "updated_at": self.created_at,
        })
    }
}

impl Snapshot {
    /// OnApp's snapshot has a size, status and date; the documented one only
    /// says whether it is locked, failed or in use.
    pub fn to_json(&self, vm: &Vm, now: Instant, generation: Generation) -> Value {
        if generation.onapp_shapes() {
            return json!({
                "id": self.id.to_string(),
                "virtual_machine_id": vm.id.to_string(),
                "label": self.label,
                "size": self.size,
                "status": "built",
                "created_at": self.created_at,
            });
        }
        json!({
            "id": self.id.to_string(),
            "label": self.label,
            "identifier": self.identifier,
            "virtual_machine_id": vm.id.to_string(),
            "locked": u8::from(vm.is_locked(now)),
            "error": u8::from(self.error),
            "in_use": u8::from(self.in_use),
        })
    }
}

impl IpAddress {
    /// An address of the account's list: OnApp's names the interface and VM
    /// it is on, the documented one only the interface.
    pub fn to_account_json(
        &self,
        attached: Option<(&Vm, &Interface)>,
        generation: Generation,
    ) -> Value {
        if generation.onapp_shapes() {
            return json!({
                "id": self.id.to_string(),
                "address": self.address,
                "netmask": self.netmask,
                "gateway": self.gateway,
                "network_id": self.network_id.to_string(),
                "free": attached.is_none(),
                "reserved": self.reserved,
                "network_interface_id": attached.map(|(_, nic)| nic.id.to_string()),
                "virtual_machine_id": attached.map(|(vm, _)| vm.id.to_string()),
                "created_at": self.created_at,
                "updated_at": self.created_at,
            });
        }
        json!({
            "id": self.id.to_string(),
            "address": self.address,
            "netmask": self.netmask,
            "gateway": self.gateway,
            "network_id": self.network_id.to_string(),
            "interface_id": attached.map(|(_, nic)| nic.id.to_string()),
            "free": attached.is_none(),
            "reserved": self.reserved,
            "created_at": self.created_at,
            "updated_at": self.created_at,
        })
    }

    /// An address on an interface, as the documented generations list a VM's
    /// and answer one attached (OnApp answers its join).
    pub fn to_interface_json(&self, interface: &Interface) -> Value {
        json!({
            "id": self.id.to_string(),
            "address": self.address,
            "netmask": self.netmask,
            "gateway": self.gateway,
            "network_id": self.network_id.to_string(),
            "interface_id": interface.id.to_string(),
            "created_at": self.created_at,
            "updated_at": self.created_at,
        })
    }
}

impl IpJoin {
    /// OnApp's join with the address inside.
    pub fn to_json(&self, interface: &Interface, ip: Option<&IpAddress>) -> Value {
        json!({
            "id": self.id.to_string(),
            "ip_address_id": self.ip_address_id.to_string(),
            "network_interface_id": interface.id.to_string(),
            "created_at": self.created_at,
            "updated_at": self.created_at,
            "ip_address": ip.map(|ip| json!({
                "id": ip.id.to_string(),
                "address": ip.address,
                "netmask": ip.netmask,
                "gateway": ip.gateway,
                "network_id": ip.network_id.to_string(),
                "free": false,
            })),
        })
    }

    /// The address on `interface` in the generation's shape: OnApp's join
    /// or the documented flat address; nothing for an address gone.
    pub fn shaped(
        &self,
        interface: &Interface,
        ip: Option<&IpAddress>,
        generation: Generation,
    ) -> Option<Value> {
        if generation.onapp_shapes() {
            Some(self.to_json(interface, ip))
        } else {
            ip.map(|ip| ip.to_interface_json(interface))
        }
    }
}
