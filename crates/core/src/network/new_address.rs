//! An address added to a network by hand (POST `network/<id>/ip_address`),
//! as typed: the network chosen and the IPv4 address. Whether the address
//! lies inside the network and is no one's yet is the service's word (a
//! 422 on `address`, shown at that field).

use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::validate;
use serde::{Deserialize, Serialize};

/// Field keys are the API's names, so that its refusal finds its field.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkAddressForm {
    pub network_id: String,
    pub address: String,
}

impl NetworkAddressForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("network_id", validate::id(&self.network_id, t::WHAT_NETWORK));
        problems.check("address", validate::ipv4(&self.address, t::WHAT_IP_ADDRESS));
        problems
    }

    /// The network and the address to send, once both are right.
    pub fn input(&self) -> Option<(String, String)> {
        self.errors()
            .is_empty()
            .then(|| (self.network_id.trim().to_owned(), self.address.trim().to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::request::add_network_address;
    use serde_json::json;

    fn form(network: &str, address: &str) -> NetworkAddressForm {
        NetworkAddressForm { network_id: network.into(), address: address.into() }
    }

    #[test]
    fn a_network_and_an_ipv4_address_are_needed() {
        assert!(form("2", "10.0.0.9").errors().is_empty());
        let empty = NetworkAddressForm::default().errors();
        assert_eq!(empty.keys().collect::<Vec<_>>(), ["address", "network_id"]);
        assert_eq!(empty.get("network_id").map(String::as_str), Some("Choose a network."));
        for bad in ["10.0.0", "10.0.0.256", "2001:db8::1", "ten", "10.0.0.9/24"] {
            assert_eq!(
                form("2", bad).errors().get("address").map(String::as_str),
                Some("The IP address must be an IPv4 address like 192.0.2.10."),
                "{bad}"
            );
        }
        assert!(form("private", "10.0.0.9").errors().contains_key("network_id"));
    }

    #[test]
    fn the_input_is_what_the_request_sends() {
        assert_eq!(form(" 2 ", " 10.0.0.9 ").input(), Some(("2".into(), "10.0.0.9".into())));
        assert_eq!(form("2", "10.0.0.x").input(), None);
        let Some((network, address)) = form("2", "10.0.0.9").input() else {
            unreachable!("a right form")
        };
        let sent = add_network_address("1", &network, &address).unwrap();
        assert_eq!(sent.path, "/account/1/network/2/ip_address");
        assert_eq!(sent.body, Some(json!({"address": "10.0.0.9"})));
    }
}
