//! A VM's snapshots (a shape the spec does not show).

use crate::api::decode::{self, DecodeError};
use serde_json::{Map, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub id: Option<String>,
    pub label: Option<String>,
    pub size_gb: Option<i64>,
    pub status: Option<String>,
    pub created_at: Option<String>,
    pub raw: Map<String, Value>,
}

impl Snapshot {
    pub fn list_from_json(value: &Value) -> Result<Vec<Self>, DecodeError> {
        let items = decode::list(value, "snapshot", "snapshots", "a list of snapshots")?;
        Ok(items
            .items
            .into_iter()
            .map(|map| Self {
                id: decode::id(map.get("id")),
                label: decode::text(map.get("label")),
                size_gb: decode::int(map.get("size")),
                status: decode::text(map.get("status")),
                created_at: decode::text(map.get("created_at")),
                raw: map.clone(),
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn snapshots() {
        let list = Snapshot::list_from_json(&json!([{"id": 1, "label": "Before upgrade", "size": "4"}])).unwrap();
        assert_eq!(list[0].size_gb, Some(4));
    }
}
