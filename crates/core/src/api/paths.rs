//! API paths and URLs. Ids that come from the user or the URL are checked
//! here before they are put into a path.

use crate::i18n::messages as t;
use crate::validate;
use crate::ApiError;

/// The id, trimmed, when it is one by [`validate::is_id`]; otherwise an
/// error that says what was wrong, since it would not go into a path.
pub fn checked_id(id: &str, what: impl std::fmt::Display) -> Result<&str, ApiError> {
    let id = id.trim();
    if validate::is_id(id) {
        Ok(id)
    } else {
        Err(ApiError::Invalid(crate::tf!(t::PATHS_INVALID_ID, id = shorten(id, 24), what = what)))
    }
}

fn shorten(s: &str, max: usize) -> String {
    let mut out: String = s.chars().take(max).collect();
    if s.chars().count() > max {
        out.push('…');
    }
    out
}

/// `/account/<account>/virtual_machines`: the list.
/// The accounts a credential reaches (no account in the path).
pub const ACCOUNTS: &str = "/accounts";

pub fn vms(account: &str) -> String {
    format!("/account/{account}/virtual_machines")
}

/// `/account/<account>/virtual_machine`: where a new VM is posted.
pub fn new_vm(account: &str) -> String {
    format!("/account/{account}/virtual_machine")
}

/// `/account/<account>/virtual_machine/<vm>`
pub fn vm(account: &str, vm: &str) -> Result<String, ApiError> {
    Ok(format!("{}/{}", new_vm(account), checked_id(vm, t::WHAT_VIRTUAL_MACHINE)?))
}

/// What hangs off a VM's path, each the spec's last segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VmPart {
    Reboot,
    ResetPassword,
    RebuildNetwork,
    ApplyFirewallRules,
    Template,
    Clone,
    Segregations,
    Disks,
    ApplyDisks,
    Isos,
    Iso,
    Snapshots,
    CpuStats,
    BwStats,
    NetworkInterfaces,
    NetworkInterface,
    IpAddresses,
}

impl VmPart {
    pub fn segment(self) -> &'static str {
        match self {
            Self::Reboot => "reboot",
            Self::ResetPassword => "reset_password",
            Self::RebuildNetwork => "rebuild_network",
            Self::ApplyFirewallRules => "apply_firewall_rules",
            Self::Template => "template",
            Self::Clone => "clone",
            Self::Segregations => "segregations",
            Self::Disks => "disks",
            Self::ApplyDisks => "apply_disks",
            Self::Isos => "isos",
            Self::Iso => "iso",
            Self::Snapshots => "snapshots",
            Self::CpuStats => "cpu_stats",
            Self::BwStats => "bw_stats",
            Self::NetworkInterfaces => "network_interfaces",
            Self::NetworkInterface => "network_interface",
            Self::IpAddresses => "ip_addresses",
        }
    }
}

/// `/account/<account>/virtual_machine/<vm>/<part>`
pub fn vm_part(account: &str, vm_id: &str, part: VmPart) -> Result<String, ApiError> {
    Ok(format!("{}/{}", vm(account, vm_id)?, part.segment()))
}

/// `.../virtual_machine/<vm>/segregation/<target>`
pub fn segregation(account: &str, vm_id: &str, target: &str) -> Result<String, ApiError> {
    Ok(format!(
        "{}/segregation/{}",
        vm(account, vm_id)?,
        checked_id(target, t::WHAT_VIRTUAL_MACHINE)?
    ))
}

/// `.../virtual_machine/<vm>/iso/<join>`: one mounted ISO.
pub fn mounted_iso(account: &str, vm_id: &str, join: &str) -> Result<String, ApiError> {
    Ok(format!(
        "{}/{}",
        vm_part(account, vm_id, VmPart::Iso)?,
        checked_id(join, t::WHAT_MOUNTED_ISO)?
    ))
}

/// `/account/<account>/network_interfaces`: every interface of the account.
pub fn account_interfaces(account: &str) -> String {
    format!("/account/{account}/network_interfaces")
}

/// `/account/<account>/ip_addresses`: every address of the account.
pub fn account_ips(account: &str) -> String {
    format!("/account/{account}/ip_addresses")
}

/// `/account/<account>/network_interface/<nic>`
pub fn nic(account: &str, nic: &str) -> Result<String, ApiError> {
    Ok(format!(
        "/account/{account}/network_interface/{}",
        checked_id(nic, t::WHAT_NETWORK_INTERFACE)?
    ))
}

/// What hangs off an interface's path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NicPart {
    IpAddress,
    FirewallRules,
    FirewallRule,
}

impl NicPart {
    pub fn segment(self) -> &'static str {
        match self {
            Self::IpAddress => "ip_address",
            Self::FirewallRules => "firewall_rules",
            Self::FirewallRule => "firewall_rule",
        }
    }
}

/// `/account/<account>/network_interface/<nic>/<part>`
pub fn nic_part(account: &str, nic_id: &str, part: NicPart) -> Result<String, ApiError> {
    Ok(format!("{}/{}", nic(account, nic_id)?, part.segment()))
}

/// What the provider's documentation reaches by its own id, directly under
/// the account (`/account/<account>/<singular>/<id>`), and lists under the
/// plural.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    Template,
    Network,
    Backup,
    Disk,
    Snapshot,
    FirewallRule,
}

impl Resource {
    pub fn singular(self) -> &'static str {
        match self {
            Self::Template => "template",
            Self::Network => "network",
            Self::Backup => "backup",
            Self::Disk => "disk",
            Self::Snapshot => "snapshot",
            Self::FirewallRule => "firewall_rule",
        }
    }

    /// The list's last segment: `templates`, `firewall_rules`.
    pub fn plural(self) -> String {
        format!("{}s", self.singular())
    }

    /// What an id of this kind is called in an error.
    fn what(self) -> crate::i18n::Text {
        match self {
            Self::Template => t::WHAT_TEMPLATE,
            Self::Network => t::WHAT_NETWORK,
            Self::Backup => t::WHAT_BACKUP,
            Self::Disk => t::WHAT_DISK,
            Self::Snapshot => t::WHAT_SNAPSHOT,
            Self::FirewallRule => t::WHAT_FIREWALL_RULE,
        }
    }
}

/// `/account/<account>/templates`: the list of a kind.
pub fn list(account: &str, kind: Resource) -> String {
    format!("/account/{account}/{}", kind.plural())
}

/// `/account/<account>/template/<id>`: one by its own id.
pub fn one(account: &str, kind: Resource, id: &str) -> Result<String, ApiError> {
    Ok(format!("/account/{account}/{}/{}", kind.singular(), checked_id(id, kind.what())?))
}

/// `/account/<account>/backup/<id>/restore`: what hangs off one.
pub fn one_part(
    account: &str,
    kind: Resource,
    id: &str,
    part: &'static str,
) -> Result<String, ApiError> {
    Ok(format!("{}/{part}", one(account, kind, id)?))
}

/// `.../network_interface/<nic>/ip_address/<ip>`
pub fn nic_ip(account: &str, nic_id: &str, ip: &str) -> Result<String, ApiError> {
    Ok(format!(
        "{}/{}",
        nic_part(account, nic_id, NicPart::IpAddress)?,
        checked_id(ip, t::WHAT_IP_ADDRESS)?
    ))
}

/// Normalises what a user typed as the API base URL: an absolute http(s) URL
/// or a path on the panel's own origin, without a trailing slash.
pub fn normalize_base_url(input: &str) -> Result<String, String> {
    let url = input.trim().trim_end_matches('/');
    if url.is_empty() {
        return Ok(String::new());
    }
    if url.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(t::PATHS_API_ADDRESS_SPACES.get().into());
    }
    let lower = url.to_ascii_lowercase();
    let rest = if let Some(rest) = lower.strip_prefix("https://") {
        rest
    } else if let Some(rest) = lower.strip_prefix("http://") {
        rest
    } else if url.starts_with('/') && !url.starts_with("//") {
        return Ok(url.to_owned());
    } else {
        return Err(t::PATHS_API_ADDRESS_SCHEME.get().into());
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() || host.contains('@') {
        return Err(t::PATHS_API_ADDRESS_HOST.get().into());
    }
    if url.contains(['?', '#']) {
        return Err(t::PATHS_API_ADDRESS_QUERY.get().into());
    }
    Ok(url.to_owned())
}

/// The host of an API address (`api.example.com:8443` of
/// `https://api.example.com:8443/v1`), as the panel names a login by it;
/// empty for a path on the panel's own site.
pub fn host_of(base_url: &str) -> &str {
    let rest = base_url.split_once("://").map_or("", |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or_default()
}

/// `base` + `path` + the query, with query keys and values percent-encoded.
pub fn url(base: &str, path: &str, query: &[(&str, String)]) -> String {
    let mut out = String::with_capacity(base.len() + path.len() + 16 * query.len());
    out.push_str(base.trim_end_matches('/'));
    out.push_str(path);
    for (i, (key, value)) in query.iter().enumerate() {
        out.push(if i == 0 { '?' } else { '&' });
        encode_component(key, &mut out);
        out.push('=');
        encode_component(value, &mut out);
    }
    out
}

/// Percent-encodes everything but RFC 3986's unreserved characters.
pub fn encode_component(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push('%');
            out.push(HEX[(byte >> 4) as usize] as char);
            out.push(HEX[(byte & 15) as usize] as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_go_into_paths_by_the_one_rule() {
        assert_eq!(checked_id("42", "VM"), Ok("42"));
        assert_eq!(checked_id(" 42 ", "VM"), Ok("42"));
        for bad in ["", "4a", "../1", "1/2", &"9".repeat(21)] {
            assert!(checked_id(bad, "VM").is_err(), "{bad}");
            assert!(!validate::is_id(bad), "{bad}");
        }
        let err = checked_id("<b>x</b>", "VM").unwrap_err().to_string();
        assert!(err.contains("not a valid VM id"));
    }

    #[test]
    fn paths_follow_the_spec() {
        assert_eq!(vms("1"), "/account/1/virtual_machines");
        assert_eq!(new_vm("1"), "/account/1/virtual_machine");
        assert_eq!(vm("1", "42").unwrap(), "/account/1/virtual_machine/42");
        assert_eq!(
            vm_part("1", "42", VmPart::ApplyFirewallRules).unwrap(),
            "/account/1/virtual_machine/42/apply_firewall_rules"
        );
        assert_eq!(
            segregation("1", "42", "7").unwrap(),
            "/account/1/virtual_machine/42/segregation/7"
        );
        assert_eq!(mounted_iso("1", "42", "3").unwrap(), "/account/1/virtual_machine/42/iso/3");
        assert_eq!(account_interfaces("1"), "/account/1/network_interfaces");
        assert_eq!(account_ips("1"), "/account/1/ip_addresses");
        assert_eq!(nic("1", "9").unwrap(), "/account/1/network_interface/9");
        assert_eq!(
            nic_part("1", "9", NicPart::FirewallRules).unwrap(),
            "/account/1/network_interface/9/firewall_rules"
        );
        assert_eq!(one("1", Resource::FirewallRule, "31").unwrap(), "/account/1/firewall_rule/31");
        assert!(one("1", Resource::FirewallRule, "31/../../x").is_err());
        assert_eq!(list("1", Resource::Backup), "/account/1/backups");
        assert_eq!(
            one_part("1", Resource::Backup, "4", "restore").unwrap(),
            "/account/1/backup/4/restore"
        );
        let err = one("1", Resource::Disk, "x").unwrap_err().to_string();
        assert!(err.contains("disk id"), "{err}");
        assert_eq!(nic_ip("1", "9", "5").unwrap(), "/account/1/network_interface/9/ip_address/5");
    }

    #[test]
    fn every_id_in_a_path_is_checked() {
        assert!(vm("1", "../2").is_err());
        assert!(vm_part("1", "4 2", VmPart::Disks).is_err());
        assert!(segregation("1", "42", "x").is_err());
        assert!(mounted_iso("1", "42", "").is_err());
        assert!(nic("1", "9/..").is_err());
        assert!(nic_ip("1", "9", "5?x=1").is_err());
        let err = nic_ip("1", "9", "z").unwrap_err().to_string();
        assert!(err.contains("IP address"), "{err}");
    }

    #[test]
    fn the_host_of_an_api_address() {
        assert_eq!(host_of("https://api.example.com:8443/v1"), "api.example.com:8443");
        assert_eq!(host_of("http://127.0.0.1:8080/api"), "127.0.0.1:8080");
        assert_eq!(host_of("https://api.example.com"), "api.example.com");
        assert_eq!(host_of("/api"), "");
    }

    #[test]
    fn base_urls_are_normalised_or_refused() {
        assert_eq!(
            normalize_base_url(" https://api.example.com/v1/ "),
            Ok("https://api.example.com/v1".into())
        );
        assert_eq!(normalize_base_url("/api"), Ok("/api".into()));
        assert_eq!(normalize_base_url(""), Ok("".into()));
        for bad in [
            "ftp://x",
            "javascript:alert(1)",
            "//evil.example",
            "http://",
            "http://u@h/",
            "api",
            "http://h/a b",
            "http://h/?x",
        ] {
            assert!(normalize_base_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn urls_encode_the_query() {
        assert_eq!(
            url(
                "http://h/api/",
                "/account/1/virtual_machines",
                &[("hostname", "a b&c".into()), ("limit", "50".into())]
            ),
            "http://h/api/account/1/virtual_machines?hostname=a%20b%26c&limit=50"
        );
        assert_eq!(url("/api", "/x", &[]), "/api/x");
    }
}
