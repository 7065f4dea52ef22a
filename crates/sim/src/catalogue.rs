//! The fixed catalogue every account sees: networks, templates, ISOs, data
//! store groups and locations.

pub struct Network {
    pub id: u64,
    pub label: &'static str,
    pub public: bool,
    pub vlan: u64,
}

pub const NETWORKS: [Network; 2] = [
    Network { id: 1, label: "Public", public: true, vlan: 100 },
    Network { id: 2, label: "Private", public: false, vlan: 200 },
];

pub struct Template {
    pub id: u64,
    pub label: &'static str,
    pub os: &'static str,
    pub distro: &'static str,
}

pub const TEMPLATES: [Template; 4] = [
    Template { id: 1, label: "Debian 12 x64", os: "linux", distro: "Debian 12" },
    Template { id: 2, label: "Ubuntu 24.04 x64", os: "linux", distro: "Ubuntu 24.04" },
    Template { id: 3, label: "AlmaLinux 9 x64", os: "linux", distro: "AlmaLinux 9" },
    Template { id: 4, label: "Windows Server 2022", os: "windows", distro: "Windows Server 2022" },
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
        out.push_str(&format!(
            "    network {}: {} ({})\n",
            n.id,
            n.label,
            if n.public { "public" } else { "private" }
        ));
    }
    for t in &TEMPLATES {
        out.push_str(&format!("    template {}: {}\n", t.id, t.label));
    }
    for i in &ISOS {
        out.push_str(&format!("    ISO {}: {}\n", i.id, i.label));
    }
    out.push_str("    data store groups 1 and 2; locations 1 and 2\n");
    out.push_str("    three reserved, unattached public IP addresses per account\n");
    out
}
