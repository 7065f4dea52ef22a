//! How the service writes each record: the VM, its interfaces, rules and
//! mounted ISO, in the spec's shapes (see the conventions in [`super`]);
//! disks, snapshots and addresses in `json_parts`.

use super::network::{FirewallRule, Interface};
use super::vm::{IsoJoin, Vm};
use crate::catalogue;
use crate::config::Generation;
use serde_json::{json, Value};
use std::time::Instant;

impl Vm {
    /// The VM resource. `address_of` gives the address of an IP id: OnApp
    /// lists the VM's addresses in it, the documented generations do not.
    pub fn to_json(
        &self,
        now: Instant,
        generation: Generation,
        address_of: impl Fn(u64) -> Option<String>,
    ) -> Value {
        let template = self.template();
        let mut value = json!({
            "id": self.id.to_string(),
            "label": self.label,
            "memory": self.memory,
            "cpus": self.cpus,
            "cpu_shares": self.cpu_shares,
            "hostname": self.hostname,
            "template_id": self.template_id.map(|id| id.to_string()),
            "initial_password": self.initial_password,
            "note": self.note,
            "hypervisor_id": self.hypervisor_id.map(|id| id.to_string()),
            "type": self.vm_type,
            "vip": false,
            "status": self.status,
            "locked": u8::from(self.is_locked(now)),
            "suspended": u8::from(self.suspended),
            "strict_virtual_machine_id": self.strict_virtual_machine_id.map(|id| id.to_string()),
            "operating_system": template.map(|t| t.os),
            "operating_system_distro": template.map(|t| t.distro),
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "cdrom": u8::from(self.iso.is_some()),
            "boot_type": self.boot_type,
            "location_id": self.location_id.to_string(),
            "template_label": template.map(|t| t.label),
            "cpu_type": self.cpu_type,
            "disk_type": self.disk_type,
            "identifier": self.identifier,
            "total_disk_size": self.disks_size(),
        });
        if let (true, Value::Object(map)) = (generation.onapp_shapes(), &mut value) {
            let addresses: Vec<Value> = self
                .interfaces
                .iter()
                .flat_map(|nic| &nic.ips)
                .filter_map(|join| address_of(join.ip_address_id))
                .map(|address| json!({"ip_address": {"address": address}}))
                .collect();
            map.insert("ip_addresses".into(), Value::Array(addresses));
        }
        value
    }

    /// The create response: the VM resource with the create-only fields; in
    /// the oldest generation `{"queue_token", "resource": VM}`.
    pub fn to_created_json(
        &self,
        now: Instant,
        generation: Generation,
        account_id: u64,
        address_of: impl Fn(u64) -> Option<String>,
    ) -> Value {
        let queue_token = format!("{:016x}", self.stats_seed);
        let mut value = self.to_json(now, generation, address_of);
        if let Value::Object(map) = &mut value {
            let extra = json!({
                "is_deletion_machine": false,
                "custom": false,
                "local_remote_access_port": null,
                "virtualization_type": "virtual_machine",
                "console_lang": "en-us",
                "booted_from": null,
                "user_id": self.user_id.to_string(),
                "remote_access_password": self.remote_access_password,
                "error": 0,
                "account_id": account_id,
            });
            if let Value::Object(extra) = extra {
                map.extend(extra);
            }
            if generation != Generation::Oldest {
                map.insert("queue_token".into(), Value::String(queue_token));
                return value;
            }
        }
        json!({"queue_token": queue_token, "resource": value})
    }
}

impl Interface {
    pub fn to_json(&self, vm: &Vm) -> Value {
        json!({
            "id": self.id.to_string(),
            "label": self.label,
            "network_id": self.network_id.to_string(),
            "vlan": catalogue::network(self.network_id).map(|n| n.vlan),
            "primary": self.primary,
            "rate_limit": self.rate_limit,
            "status": if vm.status == "unbuilt" { "pending" } else { "active" },
            "virtual_machine_id": vm.id.to_string(),
            "default_firewall_policy": self.default_firewall_policy,
            "mac_address": self.mac_address,
            "created_at": self.created_at,
            "updated_at": self.created_at,
        })
    }
}

impl FirewallRule {
    pub fn to_json(&self, interface: &Interface) -> Value {
        json!({
            "id": self.id.to_string(),
            "network_interface_id": interface.id.to_string(),
            "command": self.command,
            "protocol": self.protocol,
            "address": self.address,
            "port": self.port,
            "description": self.description,
            "position": self.position,
            "status": "active",
            "created_at": self.created_at,
            "updated_at": self.created_at,
        })
    }
}

impl IsoJoin {
    pub fn to_json(&self, vm: &Vm) -> Value {
        let iso = self.iso_id.and_then(catalogue::iso);
        json!({
            "id": self.id.to_string(),
            "virtual_machine_id": vm.id.to_string(),
            "iso_id": self.iso_id.map(|id| id.to_string()),
            "iso_url": self.iso_url,
            "label": iso.map(|i| i.label.to_owned()).or_else(|| self.iso_url.clone()),
            "created_at": self.created_at,
        })
    }
}
