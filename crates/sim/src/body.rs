//! Reading request bodies the way the service does: numbers may come as
//! strings (the spec's examples send `"memory": "1024"`), flags as
//! true/false, 1/0 or their strings, repeated fields as arrays. Every problem
//! is collected per field, for one OnApp-shaped 422.

use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Field → messages, as OnApp answers them (`base` for the request as a whole).
#[derive(Debug, Default)]
pub struct Errors(pub BTreeMap<String, Vec<String>>);

impl Errors {
    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.to_owned()).or_default().push(message.into());
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Runs a rule on a value that was given, recording its message.
    pub fn check<T: ?Sized>(
        &mut self,
        field: &str,
        value: Option<&T>,
        rule: impl Fn(&T) -> Result<(), &'static str>,
    ) {
        if let Some(value) = value {
            if let Err(message) = rule(value) {
                self.add(field, message);
            }
        }
    }
}

/// Why a body could not be read at all (answered with 400).
#[derive(Debug)]
pub struct Unreadable(pub &'static str);

/// A request body: a JSON object, possibly wrapped as `{"<resource>": {...}}`.
pub struct Form {
    map: Map<String, Value>,
    pub errors: Errors,
}

impl Form {
    pub fn parse(bytes: &[u8], wrapper: &str) -> Result<Self, Unreadable> {
        Self::parse_either(bytes, &[wrapper])
    }

    /// As [`Form::parse`], for a resource the service takes under more than one name.
    pub fn parse_either(bytes: &[u8], wrappers: &[&str]) -> Result<Self, Unreadable> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self { map: Map::new(), errors: Errors::default() });
        }
        let value: Value = serde_json::from_slice(bytes)
            .map_err(|_| Unreadable("The request body is not valid JSON"))?;
        let Value::Object(mut map) = value else {
            return Err(Unreadable("The request body must be a JSON object"));
        };
        if map.len() == 1 {
            let wrapper = wrappers.iter().find(|w| map.get(**w).is_some_and(Value::is_object));
            if let Some(Value::Object(inner)) = wrapper.and_then(|w| map.remove(*w)) {
                map = inner;
            }
        }
        Ok(Self { map, errors: Errors::default() })
    }

    pub fn has(&self, key: &str) -> bool {
        self.map.get(key).is_some_and(|v| !v.is_null())
    }

    /// Text; numbers are taken as their digits. Empty text is none.
    pub fn text(&mut self, key: &str) -> Option<String> {
        match self.map.get(key)? {
            Value::String(s) if s.trim().is_empty() => None,
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            Value::Null => None,
            _ => {
                self.errors.add(key, "must be text");
                None
            }
        }
    }

    /// Text kept as given (passwords, notes): only null and "" are none.
    pub fn raw_text(&mut self, key: &str) -> Option<String> {
        match self.map.get(key)? {
            Value::String(s) if s.is_empty() => None,
            Value::String(s) => Some(s.clone()),
            Value::Null => None,
            _ => {
                self.errors.add(key, "must be text");
                None
            }
        }
    }

    /// A whole number ≥ 0, as a number or a string of digits.
    pub fn uint(&mut self, key: &str) -> Option<u64> {
        let value = self.map.get(key)?;
        match as_uint(value) {
            Ok(n) => n,
            Err(()) => {
                self.errors.add(key, "must be a whole number");
                None
            }
        }
    }

    /// A whole number as [`Form::uint`], checked by `rule` when it is given.
    pub fn checked_uint(
        &mut self,
        key: &str,
        rule: impl Fn(u64) -> Result<(), &'static str>,
    ) -> Option<u64> {
        let value = self.uint(key);
        self.errors.check(key, value.as_ref(), |n| rule(*n));
        value
    }

    /// Text as [`Form::text`], checked by `rule` when it is given.
    pub fn checked_text(
        &mut self,
        key: &str,
        rule: impl Fn(&str) -> Result<(), &'static str>,
    ) -> Option<String> {
        let value = self.text(key);
        self.errors.check(key, value.as_deref(), rule);
        value
    }

    pub fn flag(&mut self, key: &str) -> Option<bool> {
        let value = self.map.get(key)?;
        let flag = match value {
            Value::Null => return None,
            Value::Bool(b) => Some(*b),
            Value::Number(n) if n.as_u64() == Some(1) => Some(true),
            Value::Number(n) if n.as_u64() == Some(0) => Some(false),
            Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "1" => Some(true),
                "false" | "0" => Some(false),
                "" => return None,
                _ => None,
            },
            _ => None,
        };
        if flag.is_none() {
            self.errors.add(key, "must be true or false");
        }
        flag
    }

    /// A repeated field: an array, or one value standing for a list of one.
    pub fn uints(&mut self, key: &str) -> Vec<u64> {
        let values = match self.map.get(key) {
            None | Some(Value::Null) => return Vec::new(),
            Some(Value::Array(items)) => items.clone(),
            Some(other) => vec![other.clone()],
        };
        let mut out = Vec::with_capacity(values.len());
        for value in &values {
            match as_uint(value) {
                Ok(Some(n)) => out.push(n),
                _ => {
                    self.errors.add(key, "must be whole numbers, one per disk");
                    return Vec::new();
                }
            }
        }
        out
    }
}

fn as_uint(value: &Value) -> Result<Option<u64>, ()> {
    match value {
        Value::Null => Ok(None),
        Value::Number(n) => n.as_u64().map(Some).ok_or(()),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => s.trim().parse::<u64>().map(Some).map_err(|_| ()),
        _ => Err(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_strings_and_flags_in_every_spelling() {
        let mut form = Form::parse(
            br#"{"memory": "1024", "cpus": 2, "a": "true", "b": 0, "c": false, "d": "x"}"#,
            "vm",
        )
        .unwrap();
        assert_eq!(form.uint("memory"), Some(1024));
        assert_eq!(form.uint("cpus"), Some(2));
        assert_eq!(form.flag("a"), Some(true));
        assert_eq!(form.flag("b"), Some(false));
        assert_eq!(form.flag("c"), Some(false));
        assert_eq!(form.flag("d"), None);
        assert!(form.errors.0.contains_key("d"));
    }

    #[test]
    fn wrapped_bodies_and_repeated_fields() {
        let mut form = Form::parse(
            br#"{"virtual_machine": {"secondary_disk_size": ["10", 20]}}"#,
            "virtual_machine",
        )
        .unwrap();
        assert_eq!(form.uints("secondary_disk_size"), vec![10, 20]);
        let mut bad =
            Form::parse(br#"{"secondary_disk_size": [10, "x"]}"#, "virtual_machine").unwrap();
        assert!(bad.uints("secondary_disk_size").is_empty());
        assert!(!bad.errors.is_empty());
    }

    #[test]
    fn checked_fields_record_the_rule_s_message_only_when_given() {
        let even = |n: u64| if n % 2 == 0 { Ok(()) } else { Err("must be even") };
        let short = |t: &str| if t.len() < 3 { Ok(()) } else { Err("is too long") };
        let mut form = Form::parse(br#"{"a": "3", "b": 4, "c": "abcd", "d": "ab"}"#, "x").unwrap();
        assert_eq!(form.checked_uint("a", even), Some(3));
        assert_eq!(form.checked_uint("b", even), Some(4));
        assert_eq!(form.checked_uint("missing", even), None);
        assert_eq!(form.checked_text("c", short).as_deref(), Some("abcd"));
        assert_eq!(form.checked_text("d", short).as_deref(), Some("ab"));
        assert_eq!(form.checked_text("none", short), None);
        let fields: Vec<&str> = form.errors.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["a", "c"]);
        assert_eq!(form.errors.0["a"], ["must be even"]);
    }

    #[test]
    fn unreadable_bodies() {
        assert!(Form::parse(b"{not json", "x").is_err());
        assert!(Form::parse(b"[1,2]", "x").is_err());
        assert!(Form::parse(b"", "x").is_ok());
    }
}
