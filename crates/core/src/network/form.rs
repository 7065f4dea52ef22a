//! The interface forms: a network interface as typed, for adding one or
//! editing it, and an address to add to it.

use crate::api::request::number;
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::network::Interface;
use crate::validate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// An interface as typed, for adding one or editing it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InterfaceForm {
    pub label: String,
    pub network_id: String,
    pub primary: bool,
    pub rate_limit: String,
    pub default_firewall_policy: String,
    pub mac_address: String,
}

impl InterfaceForm {
    pub fn from_interface(nic: &Interface) -> Self {
        Self {
            label: nic.label.clone().unwrap_or_default(),
            network_id: nic.network_id.clone().unwrap_or_default(),
            primary: nic.primary,
            rate_limit: nic.rate_limit.map(|r| r.to_string()).unwrap_or_default(),
            default_firewall_policy: nic.default_firewall_policy.clone().unwrap_or_default(),
            mac_address: nic.mac_address.clone().unwrap_or_default(),
        }
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("network_id", validate::id(&self.network_id, t::WHAT_NETWORK));
        problems.check_optional("label", &self.label, validate::label);
        problems.check("rate_limit", validate::rate_limit(&self.rate_limit));
        problems.check_optional("mac_address", &self.mac_address, validate::mac_address);
        problems.check(
            "default_firewall_policy",
            match self.default_firewall_policy.as_str() {
                "" | "ACCEPT" | "DROP" => Ok(()),
                _ => Err(t::FORM_DEFAULT_POLICY_VALUES.get().into()),
            },
        );
        problems
    }

    /// The body that adds an interface: network, label, primary, rate limit.
    pub fn add_body(&self) -> Result<Value, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        body.insert("network_id".into(), json!(self.network_id.trim()));
        if !self.label.trim().is_empty() {
            body.insert("label".into(), json!(self.label.trim()));
        }
        body.insert("primary".into(), json!(self.primary));
        if let Ok(rate) = self.rate_limit.trim().parse::<u64>() {
            body.insert("rate_limit".into(), number(rate));
        }
        Ok(Value::Object(body))
    }

    /// The edit body: what changed; `primary` goes as 1, as the spec says.
    pub fn edit_body(&self, original: &Self) -> Result<Map<String, Value>, FieldErrors> {
        let errors = self.errors();
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        let mut text = |key: &str, new: &str, old: &str| {
            if new.trim() != old.trim() && !new.trim().is_empty() {
                body.insert(key.into(), json!(new.trim()));
            }
        };
        text("label", &self.label, &original.label);
        text("network_id", &self.network_id, &original.network_id);
        text(
            "default_firewall_policy",
            &self.default_firewall_policy,
            &original.default_firewall_policy,
        );
        text(
            "mac_address",
            &self.mac_address.to_ascii_lowercase(),
            &original.mac_address.to_ascii_lowercase(),
        );
        if self.rate_limit.trim() != original.rate_limit.trim() {
            if let Ok(rate) = self.rate_limit.trim().parse::<u64>() {
                body.insert("rate_limit".into(), number(rate));
            }
        }
        if self.primary && !original.primary {
            body.insert("primary".into(), json!(1));
        }
        Ok(body)
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
        problems.check_optional("ip_address_id", &self.ip_address_id, |v| {
            validate::id(v, t::WHAT_ADDRESS)
        });
        problems
    }

    /// The reserved address chosen, if any.
    pub fn reserved(&self) -> Option<String> {
        Some(self.ip_address_id.trim().to_owned()).filter(|id| !id.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn interface_forms() {
        let form = InterfaceForm {
            network_id: "2".into(),
            label: "backend".into(),
            rate_limit: "0".into(),
            ..Default::default()
        };
        assert_eq!(
            form.add_body().unwrap(),
            json!({"network_id": "2", "label": "backend", "primary": false, "rate_limit": "0"})
        );
        let original = InterfaceForm {
            network_id: "1".into(),
            label: "eth0".into(),
            rate_limit: "1000".into(),
            default_firewall_policy: "ACCEPT".into(),
            mac_address: "02:aa:bb:cc:dd:ee".into(),
            primary: false,
        };
        let edited = InterfaceForm {
            rate_limit: "100".into(),
            primary: true,
            mac_address: "02:AA:BB:CC:DD:EE".into(),
            ..original.clone()
        };
        assert_eq!(
            Value::Object(edited.edit_body(&original).unwrap()),
            json!({"rate_limit": "100", "primary": 1})
        );
        let bad = InterfaceForm {
            network_id: "".into(),
            rate_limit: "-1".into(),
            mac_address: "zz".into(),
            default_firewall_policy: "MAYBE".into(),
            ..Default::default()
        };
        let errors = bad.errors();
        for field in ["network_id", "rate_limit", "mac_address", "default_firewall_policy"] {
            assert!(errors.contains_key(field), "{field}");
        }
    }

    #[test]
    fn an_address_is_new_or_a_reserved_one_by_id() {
        assert_eq!(AddIpForm::default().reserved(), None);
        assert_eq!(AddIpForm { ip_address_id: " 7 ".into() }.reserved().as_deref(), Some("7"));
        assert!(AddIpForm { ip_address_id: "x".into() }.errors().contains_key("ip_address_id"));
    }
}
