//! A VM's network as the simulator keeps it: interfaces, the account's
//! addresses and their joins to interfaces, firewall rules.

use crate::catalogue;

#[derive(Clone, Debug)]
pub struct Interface {
    pub id: u64,
    pub label: String,
    pub network_id: u64,
    pub primary: bool,
    pub rate_limit: u64,
    pub default_firewall_policy: String,
    pub mac_address: String,
    pub created_at: String,
    pub ips: Vec<IpJoin>,
    pub rules: Vec<FirewallRule>,
}

impl Interface {
    pub fn is_public(&self) -> bool {
        catalogue::network(self.network_id).is_some_and(|n| n.public)
    }
}

/// An address of the account: attached to an interface through a join, or a
/// reserved one waiting to be used.
#[derive(Clone, Debug)]
pub struct IpAddress {
    pub id: u64,
    pub address: String,
    pub network_id: u64,
    pub netmask: &'static str,
    pub gateway: String,
    /// Reserved by the account: it stays when detached, and may be attached by id.
    pub reserved: bool,
    pub created_at: String,
}

/// OnApp's join between an address and an interface.
#[derive(Clone, Debug)]
pub struct IpJoin {
    pub id: u64,
    pub ip_address_id: u64,
    pub created_at: String,
}

#[derive(Clone, Debug)]
pub struct FirewallRule {
    pub id: u64,
    pub command: String,
    pub protocol: String,
    pub address: Option<String>,
    pub port: Option<String>,
    pub description: Option<String>,
    pub position: u64,
    pub created_at: String,
}
