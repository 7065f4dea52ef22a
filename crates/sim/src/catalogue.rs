//! The fixed catalogue every account sees: networks, templates, ISOs, data
//! store groups and locations.

use std::net::Ipv4Addr;

pub struct Network {
    pub id: u64,
    pub label: &'static str,
    pub public: bool,
    pub vlan: u64,
    pub network_group_id: u64,
    /// Reaches more than one data centre.
    pub multidatacenter: bool,
    /// The blocks its addresses come from, as (first address, prefix length).
    pub ranges: &'static [([u8; 4], u32)],
}

/// The public network covers every block [`crate::store::public_address`]
/// hands out: the documentation ranges and the shared address space.
pub const NETWORKS: [Network; 2] = [
    Network {
        id: 1,
        label: "Public",
        public: true,
        vlan: 100,
        network_group_id: 1,
        multidatacenter: false,
        ranges: &[
            ([203, 0, 113, 0], 24),
            ([198, 51, 100, 0], 24),
            ([192, 0, 2, 0], 24),
            ([100, 64, 0, 0], 10),
        ],
    },
    Network {
        id: 2,
        label: "Private",
        public: false,
        vlan: 200,
        network_group_id: 2,
        multidatacenter: true,
        ranges: &[([10, 0, 0, 0], 8)],
    },
];

impl Network {
    /// Whether the address lies in one of the network's blocks.
    pub fn contains(&self, address: Ipv4Addr) -> bool {
        self.ranges.iter().any(|(first, prefix)| {
            let mask = u32::MAX.checked_shl(32 - prefix).unwrap_or(0);
            u32::from(address) & mask == u32::from(Ipv4Addr::from(*first)) & mask
        })
    }
}

pub struct Template {
    pub id: u64,
    pub label: &'static str,
    pub os: &'static str,
    pub distro: &'static str,
    pub edition: &'static str,
    pub arch: &'static str,
    /// GB.
    pub size: u64,
    /// Offered to build VMs from; an inactive one is listed but refused.
    pub active: bool,
}

pub const TEMPLATES: [Template; 5] = [
    Template {
        id: 1,
        label: "Debian 12 x64",
        os: "linux",
        distro: "Debian 12",
        edition: "standard",
        arch: "x64",
        size: 2,
        active: true,
    },
    Template {
        id: 2,
        label: "Ubuntu 24.04 x64",
        os: "linux",
        distro: "Ubuntu 24.04",
        edition: "server",
        arch: "x64",
        size: 3,
        active: true,
    },
    Template {
        id: 3,
        label: "AlmaLinux 9 x64",
        os: "linux",
        distro: "AlmaLinux 9",
        edition: "minimal",
        arch: "x64",
        size: 2,
        active: true,
    },
    Template {
        id: 4,
        label: "Windows Server 2022",
        os: "windows",
        distro: "Windows Server 2022",
        edition: "Datacenter",
        arch: "x64",
        size: 20,
        active: true,
    },
    Template {
        id: 5,
        label: "CentOS 7 x64",
        os: "linux",
        distro: "CentOS 7",
        edition: "minimal",
        arch: "x64",
        size: 2,
        active: false,
    },
];

pub struct Iso {
    pub id: u64,
    pub label: &'static str,
}

pub const ISOS: [Iso; 2] =
    [Iso { id: 1, label: "SystemRescue 11" }, Iso { id: 2, label: "Debian 12 netinst" }];

pub const DATA_STORE_GROUPS: [u64; 2] = [1, 2];
pub const LOCATIONS: [u64; 2] = [1, 2];

pub fn network(id: u64) -> Option<&'static Network> {
    NETWORKS.iter().find(|n| n.id == id)
}

pub fn template(id: u64) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

pub fn iso(id: u64) -> Option<&'static Iso> {
    ISOS.iter().find(|i| i.id == id)
}

/// The catalogue in words, for `--help` and the README.
pub fn describe() -> String {
    let mut out = String::from("CATALOGUE (the same in every account):\n");
    for n in &NETWORKS {
        let ranges: Vec<String> = n
            .ranges
            .iter()
            .map(|(first, prefix)| format!("{}/{prefix}", Ipv4Addr::from(*first)))
            .collect();
        out.push_str(&format!(
            "    network {}: {} ({}, VLAN {}, {})\n",
            n.id,
            n.label,
            if n.public { "public" } else { "private" },
            n.vlan,
            ranges.join(", ")
        ));
    }
    for t in &TEMPLATES {
        out.push_str(&format!(
            "    template {}: {} ({} GB{})\n",
            t.id,
            t.label,
            t.size,
            if t.active { "" } else { ", inactive: listed, not offered" }
        ));
    }
    for i in &ISOS {
        out.push_str(&format!("    ISO {}: {}\n", i.id, i.label));
    }
    out.push_str("    data store groups 1 and 2; locations 1 and 2\n");
    out.push_str("    three reserved, unattached public IP addresses per account\n");
    out.push_str("    own templates get ids from 20001\n");
    out.push_str(
        "    backups: two automatic of each built VM's system disk, one by hand of every third\n",
    );
    out
}
