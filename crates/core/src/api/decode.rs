//! Tolerant readers for the loosely typed JSON of the provider's API.
//!
//! The real service sends ids as digit strings, flags as 0/1 integers, numbers
//! sometimes as strings, and lists bare, wrapped per item or inside an object.
//! Every reader here accepts all of those and answers `None` rather than
//! failing, so one odd field never costs the user a whole page.

use crate::i18n::messages as t;
use serde_json::{Map, Value};
use std::fmt;

/// Why a response body could not be turned into the resource asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// What was expected, in words ("a list of virtual machines").
    pub expected: &'static str,
    /// What was found instead, in words ("a number").
    pub found: &'static str,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::tf!(
            t::DECODE_EXPECTED_FOUND,
            expected = words(self.expected),
            found = words(self.found)
        ))
    }
}

/// Words of a [`DecodeError`] in the panel's language: the catalogue's
/// `DECODE_` entry with this English, or the words as they are.
fn words(english: &'static str) -> &'static str {
    const WORDS: [crate::i18n::Text; 22] = [
        t::DECODE_ACCOUNTS,
        t::DECODE_LOGIN_TOKEN,
        t::DECODE_NULL,
        t::DECODE_BOOLEAN,
        t::DECODE_NUMBER,
        t::DECODE_STRING,
        t::DECODE_LIST,
        t::DECODE_OBJECT,
        t::DECODE_OBJECT_WITHOUT_LIST,
        t::DECODE_CPU_USAGE,
        t::DECODE_CPU_USAGE_NUMBERS,
        t::DECODE_NETWORK_USAGE,
        t::DECODE_FIREWALL_RULE,
        t::DECODE_FIREWALL_RULES,
        t::DECODE_IP_ADDRESSES,
        t::DECODE_DISKS,
        t::DECODE_NETWORK_INTERFACE,
        t::DECODE_NETWORK_INTERFACES,
        t::DECODE_SNAPSHOTS,
        t::DECODE_VIRTUAL_MACHINE,
        t::DECODE_VIRTUAL_MACHINES,
        t::DECODE_MOUNTED_ISO,
    ];
    WORDS.iter().find(|text| text.en == english).map_or(english, |text| text.get())
}

impl std::error::Error for DecodeError {}

/// A word for the kind of a JSON value, for error messages.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// An identifier: the service sends digit strings, but numbers are accepted too.
pub fn id(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A yes/no flag sent as 0/1, true/false, "0"/"1", "true"/"false" or null.
pub fn flag(value: Option<&Value>) -> Option<bool> {
    match value? {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_f64().map(|x| x != 0.0),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "1" | "true" | "yes" | "t" => Some(true),
            "0" | "false" | "no" | "f" | "" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A whole number sent as a number or as a string of digits.
pub fn int(value: Option<&Value>) -> Option<i64> {
    match value? {
        Value::Number(n) => n.as_i64().or_else(|| {
            n.as_f64().filter(|x| x.fract() == 0.0 && x.abs() < 9.0e15).map(|x| x as i64)
        }),
        Value::String(s) => {
            let s = s.trim();
            s.parse::<i64>().ok().or_else(|| {
                s.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && x.fract() == 0.0 && x.abs() < 9.0e15)
                    .map(|x| x as i64)
            })
        }
        _ => None,
    }
}

/// A number (possibly fractional) sent as a number or as a string.
pub fn float(value: Option<&Value>) -> Option<f64> {
    match value? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|x| x.is_finite()),
        _ => None,
    }
}

/// Text; numbers and booleans are shown as they were sent, null and empty are none.
pub fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Takes a resource out of OnApp's per-item wrapper (`{"virtual_machine": {...}}`)
/// when it is wrapped, and answers it as it is otherwise.
pub fn unwrap_item<'a>(value: &'a Value, singular: &str) -> &'a Value {
    match value {
        Value::Object(map) if map.len() == 1 => match map.get(singular) {
            Some(inner @ Value::Object(_)) => inner,
            _ => value,
        },
        _ => value,
    }
}

/// Takes an object out of its per-item wrapper when it is wrapped.
pub fn unwrap_item_map<'a>(map: &'a Map<String, Value>, singular: &str) -> &'a Map<String, Value> {
    match map.get(singular) {
        Some(Value::Object(inner)) if map.len() == 1 => inner,
        _ => map,
    }
}

/// One resource as an object, wrapped or not.
pub fn object<'a>(
    value: &'a Value,
    singular: &str,
    expected: &'static str,
) -> Result<&'a Map<String, Value>, DecodeError> {
    match unwrap_item(value, singular) {
        Value::Object(map) => Ok(map),
        other => Err(DecodeError { expected, found: kind_of(other) }),
    }
}

/// The items of a list response: a bare array, an array of wrapped items, or an
/// object holding the array under the plural name (or under its only key).
///
/// Items that are not objects are counted in `skipped` rather than failing the
/// whole list.
pub fn list<'a>(
    value: &'a Value,
    singular: &str,
    plural: &str,
    expected: &'static str,
) -> Result<ListItems<'a>, DecodeError> {
    let array = match value {
        Value::Array(items) => items,
        Value::Object(map) => match map.get(plural) {
            Some(Value::Array(items)) => items,
            _ => match single_array(map) {
                Some(items) => items,
                None => return Err(DecodeError { expected, found: "an object without a list" }),
            },
        },
        other => return Err(DecodeError { expected, found: kind_of(other) }),
    };
    let mut items = Vec::with_capacity(array.len());
    let mut skipped = 0;
    for item in array {
        match unwrap_item(item, singular) {
            Value::Object(map) => items.push(map),
            _ => skipped += 1,
        }
    }
    Ok(ListItems { items, skipped })
}

/// An object's only array-valued member, when it has exactly one.
fn single_array(map: &Map<String, Value>) -> Option<&Vec<Value>> {
    let mut arrays = map.values().filter_map(Value::as_array);
    let first = arrays.next()?;
    arrays.next().is_none().then_some(first)
}

/// The objects of a list response, and how many items were not objects.
#[derive(Debug)]
pub struct ListItems<'a> {
    pub items: Vec<&'a Map<String, Value>>,
    pub skipped: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_as_strings_or_numbers() {
        assert_eq!(id(Some(&json!("42"))), Some("42".into()));
        assert_eq!(id(Some(&json!(42))), Some("42".into()));
        assert_eq!(id(Some(&json!(" 7 "))), Some("7".into()));
        assert_eq!(id(Some(&json!(""))), None);
        assert_eq!(id(Some(&json!(null))), None);
        assert_eq!(id(Some(&json!([1]))), None);
        assert_eq!(id(None), None);
    }

    #[test]
    fn flags_in_every_spelling() {
        for yes in [json!(1), json!(true), json!("1"), json!("true"), json!(" TRUE ")] {
            assert_eq!(flag(Some(&yes)), Some(true), "{yes}");
        }
        for no in [json!(0), json!(false), json!("0"), json!("false"), json!("")] {
            assert_eq!(flag(Some(&no)), Some(false), "{no}");
        }
        assert_eq!(flag(Some(&json!(null))), None);
        assert_eq!(flag(Some(&json!("maybe"))), None);
        assert_eq!(flag(Some(&json!({}))), None);
    }

    #[test]
    fn numbers_as_numbers_or_strings() {
        assert_eq!(int(Some(&json!(1024))), Some(1024));
        assert_eq!(int(Some(&json!("1024"))), Some(1024));
        assert_eq!(int(Some(&json!(2048.0))), Some(2048));
        assert_eq!(int(Some(&json!("2048.0"))), Some(2048));
        assert_eq!(int(Some(&json!(1.5))), None);
        assert_eq!(int(Some(&json!("lots"))), None);
        assert_eq!(int(Some(&json!(1e300))), None);
        assert_eq!(float(Some(&json!("1.5"))), Some(1.5));
        assert_eq!(float(Some(&json!("NaN"))), None);
    }

    #[test]
    fn lists_in_every_envelope() {
        let bare = json!([{"id": "1"}, {"id": "2"}]);
        let wrapped = json!([{"virtual_machine": {"id": "1"}}, {"virtual_machine": {"id": "2"}}]);
        let plural = json!({"virtual_machines": [{"id": "1"}, {"id": "2"}]});
        let other_key = json!({"items": [{"id": "1"}, {"id": "2"}], "total": 2});
        for body in [bare, wrapped, plural, other_key] {
            let got = list(&body, "virtual_machine", "virtual_machines", "a list").unwrap();
            assert_eq!(got.items.len(), 2, "{body}");
            assert_eq!(got.skipped, 0);
        }
    }

    #[test]
    fn list_items_that_are_not_objects_are_skipped() {
        let body = json!([{"id": "1"}, 5, null, "x"]);
        let got = list(&body, "virtual_machine", "virtual_machines", "a list").unwrap();
        assert_eq!(got.items.len(), 1);
        assert_eq!(got.skipped, 3);
    }

    #[test]
    fn a_list_that_is_not_a_list_is_an_error() {
        for body in [json!(5), json!("x"), json!(null), json!({"a": [], "b": []}), json!({})] {
            let err = list(&body, "virtual_machine", "virtual_machines", "a list").unwrap_err();
            assert_eq!(err.expected, "a list");
        }
    }
}
