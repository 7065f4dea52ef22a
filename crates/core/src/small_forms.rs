//! The panel's small forms, as typed and checked: logging in, the dialogs
//! that confirm an action, mounting an ISO, an interface's policy and an
//! address. The big ones have their own modules (`create_vm`, `edit_vm`,
//! `clone_vm`, `firewall`).

use crate::i18n::messages as t;
use crate::forms::FieldErrors;
use crate::firewall::rules::{Packet, Protocol};
use crate::api::paths;
use crate::validate;
use serde::{Deserialize, Serialize};
use std::net::Ipv4Addr;

/// Whether the word typed to confirm a loss of data (the VM's hostname) is right.
pub fn confirmed(typed: &str, expected: &str) -> bool {
    !expected.is_empty() && typed.trim() == expected
}

/// The login form. Never kept as a draft: it holds the token.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoginForm {
    pub base_url: String,
    pub account: String,
    pub token: String,
    pub remember: bool,
}

impl LoginForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("base_url", match paths::normalize_base_url(&self.base_url) {
            Ok(base) if base.is_empty() => Err(t::FORM_ENTER_API_ADDRESS.get().into()),
            Ok(_) => Ok(()),
            Err(e) => Err(e),
        });
        let account = self.account.trim();
        problems.check("account", if account.is_empty() {
            Err(t::FORM_ENTER_ACCOUNT_ID.get().into())
        } else if paths::checked_id(account, t::WHAT_ACCOUNT).is_err() {
            Err(t::FORM_ACCOUNT_ID_NUMBER.get().into())
        } else {
            Ok(())
        });
        problems.check("token", if self.token.trim().is_empty() { Err(t::FORM_ENTER_API_TOKEN.get().into()) } else { Ok(()) });
        problems
    }
}

/// Rebuilding a VM from a template, which erases its disks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RebuildForm {
    pub template_id: String,
    pub start: bool,
    pub typed: String,
}

impl RebuildForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("template_id", validate::id(&self.template_id, t::WHAT_TEMPLATE).map_err(|_| t::FORM_CHOOSE_TEMPLATE.get().to_owned()));
        problems
    }
}

/// A confirmation by the typed hostname (destroy), or applying the disks
/// (formatting them only when asked, and then confirmed the same way).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfirmForm {
    pub typed: String,
    /// Applying disks: format them too.
    pub format: bool,
}

/// Looking a VM up by hostname (to keep this one apart from it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchForm {
    pub hostname: String,
}

/// Making a template of a VM: its label, if the user gives one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateForm {
    pub label: String,
}

impl TemplateForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check_optional("label", &self.label, validate::label);
        problems
    }
}

/// Stopping or rebooting: gracefully, or forced.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerForm {
    pub force: bool,
}

/// Mounting an ISO: an uploaded one, or one at a URL.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MountIsoForm {
    pub by_url: bool,
    pub iso_id: String,
    pub iso_url: String,
}

impl MountIsoForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        if self.by_url {
            problems.check("iso_url", validate::iso_url(&self.iso_url));
        } else {
            problems.check("iso_id", validate::id(&self.iso_id, t::WHAT_ISO).map_err(|_| t::FORM_CHOOSE_ISO.get().to_owned()));
        }
        problems
    }
}

/// An interface's default firewall policy.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyForm {
    pub default_firewall_policy: String,
}

impl PolicyForm {
    /// Starts from the interface's policy; anything but DROP is ACCEPT.
    pub fn from_current(current: &str) -> Self {
        Self { default_firewall_policy: if current == "DROP" { "DROP" } else { "ACCEPT" }.to_owned() }
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("default_firewall_policy", match self.default_firewall_policy.as_str() {
            "ACCEPT" | "DROP" => Ok(()),
            _ => Err(t::FORM_DEFAULT_POLICY_VALUES.get().into()),
        });
        problems
    }
}

/// Adding an address to an interface: a new one, or a reserved one by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AddIpForm {
    pub ip_address_id: String,
}

impl AddIpForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check_optional("ip_address_id", &self.ip_address_id, |v| validate::id(v, t::WHAT_ADDRESS));
        problems
    }

    /// The reserved address chosen, if any.
    pub fn reserved(&self) -> Option<String> {
        Some(self.ip_address_id.trim().to_owned()).filter(|id| !id.is_empty())
    }
}

/// The firewall's packet tester: where a packet comes from, how and to which port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PacketForm {
    pub source: String,
    pub protocol: String,
    pub port: String,
}

impl Default for PacketForm {
    fn default() -> Self {
        Self { source: String::new(), protocol: "TCP".into(), port: "22".into() }
    }
}

impl PacketForm {
    pub fn errors(&self) -> FieldErrors {
        self.packet().err().unwrap_or_default()
    }

    /// The packet to test, or what is wrong with the fields.
    pub fn packet(&self) -> Result<Packet, FieldErrors> {
        let mut problems = FieldErrors::default();
        let source = self.source.trim().parse::<Ipv4Addr>().map_err(|_| {
            if self.source.trim().is_empty() { t::FORM_ENTER_PACKET_SOURCE.get().to_owned() } else { crate::tf!(t::FORM_NOT_IPV4, value = self.source.trim()) }
        });
        let protocol = Protocol::parse(&self.protocol).ok_or_else(|| t::FORM_PROTOCOL_TCP_UDP.get().to_owned());
        let port = match self.port.trim().parse::<u32>() {
            Ok(p) if (1..=65_535).contains(&p) => Ok(p as u16),
            _ => Err(t::FORM_PORT_RANGE.get().to_owned()),
        };
        problems.check("source", source.as_ref().map(|_| ()).map_err(Clone::clone));
        problems.check("protocol", protocol.as_ref().map(|_| ()).map_err(Clone::clone));
        problems.check("port", port.as_ref().map(|_| ()).map_err(Clone::clone));
        match (source, protocol, port) {
            (Ok(source), Ok(protocol), Ok(port)) => Ok(Packet { source, protocol, port }),
            _ => Err(problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_typed_hostname_must_match_exactly() {
        assert!(confirmed(" web-01 ", "web-01"));
        assert!(!confirmed("web-0", "web-01"));
        assert!(!confirmed("", ""), "a VM without a hostname cannot be confirmed by an empty word");
    }

    #[test]
    fn login_names_every_missing_or_wrong_field() {
        let errors = LoginForm { base_url: "javascript:alert(1)".into(), account: "abc".into(), ..Default::default() }.errors();
        assert!(errors.contains_key("base_url"));
        assert_eq!(errors.get("account").map(String::as_str), Some("The account id is a number."));
        assert_eq!(errors.get("token").map(String::as_str), Some("Enter your API token."));
        let fine = LoginForm { base_url: "/api".into(), account: "1".into(), token: "t".into(), remember: false };
        assert!(fine.errors().is_empty());
    }

    #[test]
    fn small_forms_check_what_they_send() {
        assert!(RebuildForm::default().errors().contains_key("template_id"));
        assert!(RebuildForm { template_id: "3".into(), ..Default::default() }.errors().is_empty());
        assert!(MountIsoForm::default().errors().contains_key("iso_id"));
        let url = MountIsoForm { by_url: true, iso_url: "file:///etc/passwd".into(), ..Default::default() };
        assert!(url.errors().contains_key("iso_url") && !url.errors().contains_key("iso_id"));
        assert_eq!(PolicyForm::from_current("").default_firewall_policy, "ACCEPT");
        assert!(PolicyForm { default_firewall_policy: "REJECT".into() }.errors().contains_key("default_firewall_policy"));
        assert_eq!(AddIpForm::default().reserved(), None);
        assert_eq!(AddIpForm { ip_address_id: " 7 ".into() }.reserved().as_deref(), Some("7"));
        assert!(AddIpForm { ip_address_id: "x".into() }.errors().contains_key("ip_address_id"));
    }

    #[test]
    fn a_packet_to_test_is_checked_field_by_field() {
        let form = PacketForm { source: "203.0.113.9".into(), protocol: "TCP".into(), port: "22".into() };
        assert_eq!(form.packet(), Ok(Packet { source: "203.0.113.9".parse().unwrap(), protocol: Protocol::Tcp, port: 22 }));
        let bad = PacketForm { source: "203.0.113".into(), protocol: "ICMP".into(), port: "70000".into() };
        let errors = bad.errors();
        assert!(errors.get("source").is_some_and(|m| m.contains("not an IPv4")));
        assert!(errors.get("protocol").is_some());
        assert!(errors.get("port").is_some_and(|m| m.contains("1 to 65535")));
        assert!(PacketForm::default().errors().get("source").is_some_and(|m| m.contains("Enter")));
    }
}
