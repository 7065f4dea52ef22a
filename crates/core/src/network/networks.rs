//! The provider's networks (`GET /networks`): what an interface is added
//! to, public or private, named by their label; unknown fields in `raw`.

use crate::api::decode::{self, DecodeError};
use crate::deploy::Choice;
use crate::i18n::{messages as t, network::NIC_NETWORK_N};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub id: Option<String>,
    pub label: Option<String>,
    pub vlan: Option<String>,
    pub group_id: Option<String>,
    pub status: Option<String>,
    pub multidatacenter: Option<bool>,
    /// Reached from the internet (true) or only between the account's VMs.
    pub public: Option<bool>,
    pub raw: Map<String, Value>,
}

impl Network {
    pub fn from_map(map: &Map<String, Value>) -> Self {
        let get = |k: &str| map.get(k);
        Self {
            id: decode::id(get("id")),
            label: decode::text(get("label")),
            vlan: decode::text(get("vlan")),
            group_id: decode::id(get("network_group_id")),
            status: decode::text(get("status")),
            multidatacenter: decode::flag(get("multidatacenter")),
            public: decode::flag(get("public")).or_else(|| match decode::text(get("type")) {
                Some(kind) if kind.eq_ignore_ascii_case("public") => Some(true),
                Some(kind) if kind.eq_ignore_ascii_case("private") => Some(false),
                _ => None,
            }),
            raw: map.clone(),
        }
    }

    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(value, "network", "networks", "a list of networks")?;
        Ok(items.items.into_iter().map(Self::from_map).filter(|n| n.id.is_some()).collect())
    }
}

/// The networks a form offers, as choices: the active ones (or those with
/// no status), public first, each group in the API's order.
pub fn choices(list: &[Network]) -> Vec<Choice> {
    let offered = list
        .iter()
        .filter(|n| n.status.as_deref().is_none_or(|s| s.trim().eq_ignore_ascii_case("active")));
    let rank = |n: &&Network| match n.public {
        Some(true) => 0,
        Some(false) => 1,
        None => 2,
    };
    let mut offered: Vec<&Network> = offered.collect();
    offered.sort_by_key(rank);
    offered
        .into_iter()
        .filter_map(|n| {
            let id = n.id.clone()?;
            let group = match n.public {
                Some(true) => t::NETWORK_GROUP_PUBLIC,
                Some(false) => t::NETWORK_GROUP_PRIVATE,
                None => t::NETWORK_GROUP_OTHER,
            };
            let label = n.label.clone().unwrap_or_else(|| crate::tf!(NIC_NETWORK_N, id = id));
            Some(Choice { id, label, group: Some(group.get().to_owned()) })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn documented_networks_public_or_private_by_flag_or_type() {
        let list = Network::list_from_json(&json!([
            {"id": 3, "label": "Internet", "vlan": 100, "network_group_id": "2", "status": "active",
             "multidatacenter": 0, "public": 1},
            {"id": "4", "label": "Backend", "type": "private"},
            {"id": "5", "label": "Odd", "public": "maybe"},
            {"label": "no id"}
        ]))
        .unwrap();
        let shape: Vec<_> = list.iter().map(|n| (n.id.as_deref(), n.public)).collect();
        assert_eq!(shape, [(Some("3"), Some(true)), (Some("4"), Some(false)), (Some("5"), None)]);
        assert_eq!(
            (list[0].vlan.as_deref(), list[0].group_id.as_deref()),
            (Some("100"), Some("2"))
        );
        assert_eq!(list[0].multidatacenter, Some(false));
    }

    #[test]
    fn networks_are_offered_public_first_by_label() {
        let list = Network::list_from_json(&json!([
            {"id": "2", "label": "Backend", "public": 0, "status": "active"},
            {"id": "1", "label": "Internet", "public": 1},
            {"id": "3", "label": "Retired", "public": 1, "status": "inactive"},
            {"id": "4", "type": "private"}
        ]))
        .unwrap();
        let shape: Vec<_> = choices(&list)
            .into_iter()
            .map(|c| (c.id, c.label, c.group.unwrap_or_default()))
            .collect();
        assert_eq!(
            shape,
            [
                ("1".into(), "Internet".into(), "Public (reached from the internet)".into()),
                ("2".into(), "Backend".into(), "Private (between your VMs)".into()),
                ("4".into(), "Network 4".into(), "Private (between your VMs)".into()),
            ]
        );
    }
}
