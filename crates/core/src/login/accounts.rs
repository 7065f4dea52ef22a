//! `GET /accounts`: the accounts a credential reaches. Its answer's shape
//! is not documented, so this reads a list, bare or wrapped (under
//! `accounts` or an object's only list, each item bare or as
//! `{"account": {...}}`), or one account alone; an account is an id with,
//! where one comes, a name.

use crate::api::decode::{self, DecodeError};
use serde_json::{Map, Value};

/// An account a login reaches.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AccountChoice {
    pub id: String,
    /// What the provider calls it, when it says.
    pub name: Option<String>,
}

/// The fields a name may come in, the likeliest first.
const NAME_FIELDS: [&str; 7] =
    ["name", "label", "company", "company_name", "title", "description", "login"];

/// What the items of a list are wrapped in, when they are.
const SINGULAR: &str = "account";

/// The accounts of an answer, in its order and once each; an answer with
/// none that can be used is an error.
pub fn accounts_from_json(value: &Value) -> Result<Vec<AccountChoice>, DecodeError> {
    let expected = "a list of accounts";
    let single = matches!(value, Value::Object(map) if id_of(decode::unwrap_item_map(map, SINGULAR)).is_some());
    let items: Vec<&Value> = match value {
        Value::Array(items) => items.iter().collect(),
        Value::Object(_) if single => vec![value],
        Value::Object(map) => match map.get("accounts").or_else(|| map.get("data")) {
            Some(Value::Array(items)) => items.iter().collect(),
            _ => listed(map),
        },
        other => return Err(DecodeError { expected, found: decode::kind_of(other) }),
    };
    let mut accounts: Vec<AccountChoice> = Vec::new();
    for item in items {
        let Some(account) = choice(decode::unwrap_item(item, SINGULAR)) else { continue };
        if !accounts.iter().any(|a| a.id == account.id) {
            accounts.push(account);
        }
    }
    if accounts.is_empty() {
        return Err(DecodeError { expected, found: "no account" });
    }
    Ok(accounts)
}

/// The items of an object's only list, for an answer wrapped under another name.
fn listed(map: &Map<String, Value>) -> Vec<&Value> {
    let mut lists = map.values().filter_map(Value::as_array);
    match (lists.next(), lists.next()) {
        (Some(items), None) => items.iter().collect(),
        _ => Vec::new(),
    }
}

/// An account from an item: an object with an id, or a bare id.
fn choice(item: &Value) -> Option<AccountChoice> {
    match item {
        Value::Object(map) => {
            let id = id_of(map)?;
            let name = NAME_FIELDS
                .iter()
                .find_map(|key| decode::text(map.get(*key)))
                .map(|name| name.trim().to_owned())
                .filter(|name| !name.is_empty() && *name != id);
            Some(AccountChoice { id, name })
        }
        other => decode::id(Some(other))
            .filter(|id| crate::validate::is_id(id))
            .map(|id| AccountChoice { id, name: None }),
    }
}

fn id_of(map: &Map<String, Value>) -> Option<String> {
    ["id", "account_id"]
        .iter()
        .find_map(|key| decode::id(map.get(*key)))
        .filter(|id| crate::validate::is_id(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn named(id: &str, name: &str) -> AccountChoice {
        AccountChoice { id: id.into(), name: Some(name.into()) }
    }

    #[test]
    fn reads_the_shapes_a_list_of_accounts_may_come_in() {
        let expected = vec![named("1", "Northwind Shop"), named("2", "Staging")];
        for shape in [
            json!([{"id": 1, "name": "Northwind Shop"}, {"id": "2", "label": "Staging"}]),
            json!({"accounts": [{"account": {"id": 1, "name": "Northwind Shop"}}, {"account": {"account_id": "2", "company": "Staging"}}]}),
            json!({"data": [{"id": 1, "name": "Northwind Shop"}, {"id": 2, "title": "Staging", "extra": [1]}]}),
            json!({"items": [{"id": 1, "name": "Northwind Shop"}, {"id": 2, "description": "Staging"}], "total": 2}),
        ] {
            assert_eq!(accounts_from_json(&shape).unwrap(), expected, "{shape}");
        }
    }

    #[test]
    fn one_account_alone_bare_ids_and_repeats() {
        assert_eq!(
            accounts_from_json(&json!({"id": "7", "name": "Solo"})).unwrap(),
            vec![named("7", "Solo")]
        );
        assert_eq!(
            accounts_from_json(&json!({"account": {"id": 7}})).unwrap(),
            vec![AccountChoice { id: "7".into(), name: None }]
        );
        let ids = accounts_from_json(&json!([3, "4", 3, "../x", {"id": "4"}])).unwrap();
        assert_eq!(ids.iter().map(|a| a.id.as_str()).collect::<Vec<_>>(), ["3", "4"]);
        // A name that only repeats the id, or is blank, is no name.
        assert_eq!(
            accounts_from_json(&json!([{"id": 5, "name": "5"}, {"id": 6, "name": " "}])).unwrap()
                [0]
            .name,
            None
        );
    }

    #[test]
    fn an_answer_without_an_account_is_a_clear_error() {
        for odd in [
            json!([]),
            json!({}),
            json!("accounts"),
            json!(null),
            json!([{"name": "no id"}]),
            json!({"a": [], "b": []}),
        ] {
            let error = accounts_from_json(&odd).unwrap_err();
            assert_eq!(error.expected, "a list of accounts", "{odd}");
        }
    }
}
