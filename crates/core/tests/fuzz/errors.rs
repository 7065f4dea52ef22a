//! What the service says when it refuses: arbitrary error bodies, and
//! refusals in each shape it uses.

use crate::cases;
use crate::decoders::read_error_body;
use crate::strategies::{json_value, tricky_text};
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use vmdeck_core::api::error::{messages_from_body, ErrorMessages};
use vmdeck_core::ApiError;

/// A field name of a refusal: anything but the names that mean the request
/// as a whole.
fn field_name() -> impl Strategy<Value = String> {
    "[a-z_.0-9]{1,16}".prop_filter("a field", |k| {
        !["base", "message", "messages", "detail"].contains(&k.as_str())
    })
}

prop_compose! {
    fn refusal_sent()(
        fields in vec((field_name(), vec(tricky_text(), 1..3)), 0..4),
        general in vec(tricky_text(), 0..3),
        shape in 0u8..4,
    ) -> (ErrorMessages, Value) {
        let fields: BTreeMap<String, Vec<String>> = fields.into_iter().collect();
        let expected = ErrorMessages { fields: fields.clone(), general: general.clone() };
        let body = match (shape, fields.is_empty(), general.len()) {
            // Without field messages, the shorter shapes other services use.
            (1, true, _) => json!({"errors": general}),
            (2, true, 1) => json!({"error": general[0]}),
            (3, true, 1) => json!({"message": general[0]}),
            _ => {
                let mut errors: Map<String, Value> = fields.into_iter().map(|(k, v)| (k, json!(v))).collect();
                if !general.is_empty() {
                    errors.insert("base".into(), json!(general));
                }
                json!({"errors": errors})
            }
        };
        (expected, body)
    }
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn arbitrary_error_bodies(
        key in select(vec!["errors", "error", "message", "detail", "title", "base"]),
        inner in json_value(),
        status in any::<u16>(),
        retry_after in option::of(tricky_text()),
    ) {
        read_error_body(status, &json!({ key: inner }).to_string(), retry_after.as_deref());
        read_error_body(status, &inner.to_string(), retry_after.as_deref());
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn refusals_round_trip((messages, body) in refusal_sent(), status in prop_oneof![Just(403u16), Just(404), Just(412), Just(422), 500u16..600], retry in any::<u32>()) {
        let text = body.to_string();
        prop_assert_eq!(&messages_from_body(&text), &messages);
        let expected = match status {
            403 => ApiError::Forbidden(messages),
            404 => ApiError::NotFound(messages),
            412 => ApiError::PreconditionFailed(messages),
            422 => ApiError::Validation(messages),
            _ => ApiError::Server { status, messages, retry_after: Some(retry) },
        };
        prop_assert_eq!(ApiError::from_response(status, &text, Some(&format!(" {retry} "))), expected);
    }
}
