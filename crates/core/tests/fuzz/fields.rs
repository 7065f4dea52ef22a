//! Valid fields as the service spells them: what each should decode to, and
//! the spellings the decoders tolerate, bare or in the service's envelopes.

use crate::strategies::tricky_text;
use proptest::option;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// What a field should decode to, and how the service spelled it (`None`:
/// the member is absent).
pub type Field<T> = (T, Option<Value>);

pub fn put<T>(map: &mut Map<String, Value>, key: &str, field: Field<T>) -> T {
    if let Some(value) = field.1 {
        map.insert(key.to_owned(), value);
    }
    field.0
}

/// What the client hands the decoders: the value sent as text and parsed.
pub fn sent(value: &Value) -> Value {
    serde_json::from_str(&value.to_string()).expect("serde_json reads what it writes")
}

pub fn absent(how: u8) -> Option<Value> {
    match how % 3 {
        0 => None,
        1 => Some(Value::Null),
        _ => Some(json!("")),
    }
}

pub fn id_field() -> impl Strategy<Value = Field<Option<String>>> {
    (option::of(any::<u64>()), any::<u8>()).prop_map(|(id, how)| match id {
        Some(n) => (
            Some(n.to_string()),
            Some(match how % 3 {
                0 => json!(n),
                1 => json!(format!(" {n} ")),
                _ => json!(n.to_string()),
            }),
        ),
        None => (None, absent(how)),
    })
}

pub fn nonempty_text() -> impl Strategy<Value = String> {
    tricky_text().prop_filter("a text", |s| !s.is_empty())
}

pub fn text_field() -> impl Strategy<Value = Field<Option<String>>> {
    prop_oneof![
        4 => nonempty_text().prop_map(|s| (Some(s.clone()), Some(Value::String(s)))),
        1 => any::<i64>().prop_map(|n| (Some(n.to_string()), Some(json!(n)))),
        1 => any::<bool>().prop_map(|b| (Some(b.to_string()), Some(json!(b)))),
        2 => any::<u8>().prop_map(|how| (None, absent(how))),
    ]
}

/// Text the decoder upper-cases (commands, protocols, policies).
pub fn upper_text_field() -> impl Strategy<Value = Field<Option<String>>> {
    text_field().prop_map(|(text, sent)| (text.map(|t| t.to_ascii_uppercase()), sent))
}

pub fn flag_field() -> impl Strategy<Value = Field<Option<bool>>> {
    (option::of(any::<bool>()), any::<u8>()).prop_map(|(flag, how)| {
        let sent = match (flag, how % 6) {
            (Some(b), 0) => json!(b),
            (Some(b), 1) => json!(u8::from(b)),
            (Some(b), 2) => json!(u8::from(b).to_string()),
            (Some(b), 3) => json!(b.to_string()),
            (Some(true), 4) => json!(" TRUE "),
            (Some(false), 4) => json!("no"),
            (Some(b), _) => json!(if b { 1.0 } else { 0.0 }),
            (None, 0 | 1) => return (None, None),
            (None, 2) => json!(null),
            (None, 3) => json!("maybe"),
            (None, 4) => json!([1]),
            (None, _) => json!({}),
        };
        (flag, Some(sent))
    })
}

/// A flag the decoder reads as false when it is missing.
pub fn flag_or_false_field() -> impl Strategy<Value = Field<bool>> {
    flag_field().prop_map(|(flag, sent)| (flag.unwrap_or(false), sent))
}

pub fn int_field() -> impl Strategy<Value = Field<Option<i64>>> {
    let n = prop_oneof![any::<i64>(), -100_000i64..100_000];
    (option::of(n), any::<u8>()).prop_map(|(n, how)| {
        let exact_as_float = |n: i64| n.unsigned_abs() < 1 << 52;
        let sent = match (n, how % 6) {
            (Some(n), 0) => json!(n),
            (Some(n), 1) => json!(n.to_string()),
            (Some(n), 2) => json!(format!(" {n} ")),
            (Some(n), 3) if exact_as_float(n) => json!(n as f64),
            (Some(n), 4) if exact_as_float(n) => json!(format!("{n}.0")),
            (Some(n), _) => json!(n),
            (None, 0 | 1) => return (None, None),
            (None, 2) => json!(null),
            (None, 3) => json!("lots"),
            (None, 4) => json!(1.5),
            (None, _) => json!(true),
        };
        (n, Some(sent))
    })
}

/// One resource bare or in its per-item wrapper.
pub fn wrap(map: Map<String, Value>, singular: &str, wrapped: bool) -> Value {
    if wrapped {
        json!({ singular: map })
    } else {
        Value::Object(map)
    }
}

/// A list in each envelope the service uses.
pub fn envelope(items: Vec<Map<String, Value>>, singular: &str, plural: &str, how: u8) -> Value {
    let count = items.len();
    let items: Vec<Value> = items.into_iter().map(Value::Object).collect();
    match how % 4 {
        0 => Value::Array(items),
        1 => Value::Array(items.into_iter().map(|item| json!({ singular: item })).collect()),
        2 => json!({ plural: items }),
        _ => json!({"items": items, "total": count}),
    }
}

/// What resources should decode to, and the list the client hands the
/// decoders for them, in the envelope `how` picks.
pub fn list_sent<T>(
    resources: Vec<(T, Map<String, Value>)>,
    singular: &str,
    plural: &str,
    how: u8,
) -> (Vec<T>, Value) {
    let (expected, maps): (Vec<_>, Vec<_>) = resources.into_iter().unzip();
    (expected, sent(&envelope(maps, singular, plural, how)))
}
