//! What every form of the panel has in common, without the browser: the
//! problems per field, when a field's message shows, and where the service's
//! refusal lands (at the fields it names, the rest at the top).
//!
//! Field keys are the API's field names, so that a 422 about `hostname`
//! lands on the hostname input. Rows that can be removed (secondary disks)
//! key their fields `name.ROW` with a row id that stays with the row, so a
//! message never moves to another row when one above it goes.

use crate::api::error::{ApiError, ErrorMessages};
use crate::i18n::messages as t;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::ops::{Deref, DerefMut};

/// Field key → what is wrong with it, one message per field.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FieldErrors(BTreeMap<String, String>);

impl FieldErrors {
    /// Records the message of a failed check.
    pub fn check(&mut self, field: impl Into<String>, result: Result<(), String>) {
        if let Err(message) = result {
            self.0.insert(field.into(), message);
        }
    }

    /// Checks a value only when one was typed: empty means "the default".
    pub fn check_optional(
        &mut self,
        field: impl Into<String>,
        value: &str,
        rule: impl Fn(&str) -> Result<(), String>,
    ) {
        if !value.trim().is_empty() {
            self.check(field, rule(value));
        }
    }
}

impl Deref for FieldErrors {
    type Target = BTreeMap<String, String>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl DerefMut for FieldErrors {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl FromIterator<(String, String)> for FieldErrors {
    fn from_iter<T: IntoIterator<Item = (String, String)>>(iter: T) -> Self {
        Self(iter.into_iter().collect())
    }
}

/// The key of one field of a removable row: `secondary_disk_size.3`.
pub fn row_key(field: &str, row: u32) -> String {
    format!("{field}.{row}")
}

/// A row id no row of `rows` has yet.
pub fn next_row(rows: impl IntoIterator<Item = u32>) -> u32 {
    rows.into_iter().max().map_or(0, |max| max.saturating_add(1))
}

/// Where a form stands, apart from what is typed: which fields the user has
/// left, whether a submit was tried, and what the service said last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FormState {
    touched: BTreeSet<String>,
    submitted: bool,
    /// The service's message per field, until that field is edited.
    server: BTreeMap<String, String>,
    /// What the service said that belongs to no field shown.
    top: Option<ApiError>,
}

impl FormState {
    /// The user left the field (or chose in it): its message shows from now.
    pub fn touch(&mut self, field: &str) {
        if !self.touched.contains(field) {
            self.touched.insert(field.to_owned());
        }
    }

    pub fn is_touched(&self, field: &str) -> bool {
        self.touched.contains(field)
    }

    /// Whether the service's message on `field` is showing.
    pub fn has_server_message(&self, field: &str) -> bool {
        self.server.contains_key(field)
    }

    /// The field was edited: the service's word on its old value is void.
    pub fn edited(&mut self, field: &str) {
        self.server.remove(field);
    }

    /// A submit was tried: every field's message shows, and the last
    /// refusal is over (a new one may come).
    pub fn tried(&mut self) {
        self.submitted = true;
        self.top = None;
    }

    pub fn submitted(&self) -> bool {
        self.submitted
    }

    /// The message a field shows: the service's, else the form's own once
    /// the field was left or a submit was tried.
    pub fn message(&self, field: &str, own: &FieldErrors) -> Option<String> {
        self.server.get(field).cloned().or_else(|| {
            if self.submitted || self.touched.contains(field) {
                own.get(field).cloned()
            } else {
                None
            }
        })
    }

    /// The service refused the submit: messages about fields the form shows
    /// (`shows` maps the API's field name to the form's key, or `None`) go
    /// to those fields, the rest to the top.
    pub fn refused(&mut self, error: ApiError, shows: impl Fn(&str) -> Option<String>) {
        let (fields, top) = split(error, shows);
        self.server = fields;
        self.top = top;
    }

    /// What shows at the top of the form, if anything.
    pub fn top(&self) -> Option<&ApiError> {
        self.top.as_ref()
    }

    /// A row went: nothing of it may stay to show on another.
    pub fn forget_row(&mut self, row: u32) {
        let suffix = format!(".{row}");
        self.server.retain(|k, _| !k.ends_with(&suffix));
        self.touched.retain(|k| !k.ends_with(&suffix));
    }

    /// The submit went through: the form starts over.
    pub fn done(&mut self) {
        *self = Self::default();
    }
}

/// Splits a refusal into messages at the fields it names that the form
/// shows, and what is left for the top of the form. A 422 whose every
/// message found its field leaves a short note at the top, so that the
/// refusal is announced and the user knows to look below.
pub fn split(
    mut error: ApiError,
    shows: impl Fn(&str) -> Option<String>,
) -> (BTreeMap<String, String>, Option<ApiError>) {
    let mut on_fields = BTreeMap::new();
    let validation = matches!(error, ApiError::Validation(_));
    let Some(messages) = error.messages_mut() else {
        return (on_fields, Some(error));
    };
    let mut left =
        ErrorMessages { fields: BTreeMap::new(), general: std::mem::take(&mut messages.general) };
    for (field, texts) in std::mem::take(&mut messages.fields) {
        if texts.is_empty() {
            continue;
        }
        match shows(&field) {
            Some(key) => {
                let text = texts.join(" ");
                on_fields
                    .entry(key)
                    .and_modify(|old: &mut String| {
                        old.push(' ');
                        old.push_str(&text);
                    })
                    .or_insert(text);
            }
            None => {
                left.fields.insert(field, texts);
            }
        }
    }
    let moved = !on_fields.is_empty();
    if moved && left.is_empty() && validation {
        left.general.push(if on_fields.len() == 1 {
            t::FORM_SEE_FIELD_BELOW.get().to_owned()
        } else {
            t::FORM_SEE_FIELDS_BELOW.get().to_owned()
        });
    }
    *messages = left;
    (on_fields, Some(error))
}

/// What a kept draft becomes when its form opens again: the fields the user
/// changed (where `typed` differs from `base`, the form as it started then)
/// over `now`, the form as it starts now. A field the user did not touch
/// takes today's value, so a draft of an edit never puts back what someone
/// else changed since. Forms are objects of fields; anything else is
/// taken as typed.
pub fn merge_draft(
    base: &serde_json::Value,
    typed: &serde_json::Value,
    now: &serde_json::Value,
) -> serde_json::Value {
    use serde_json::Value;
    match (base, typed, now) {
        (Value::Object(base), Value::Object(typed), Value::Object(now)) => {
            let mut merged = now.clone();
            for (key, value) in typed {
                if base.get(key) != Some(value) {
                    merged.insert(key.clone(), value.clone());
                }
            }
            Value::Object(merged)
        }
        _ => typed.clone(),
    }
}

/// Whether the word typed to confirm a loss of data (the VM's hostname) is right.
pub fn confirmed(typed: &str, expected: &str) -> bool {
    !expected.is_empty() && typed.trim() == expected
}

/// A form that asks for a word to be typed before data is lost: the panel's
/// one typed confirmation binds its field through this.
pub trait WithTypedWord {
    fn typed(&self) -> &String;
    fn typed_mut(&mut self) -> &mut String;
}

impl WithTypedWord for ConfirmForm {
    fn typed(&self) -> &String {
        &self.typed
    }

    fn typed_mut(&mut self) -> &mut String {
        &mut self.typed
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::error::messages_from_body;

    fn problems(pairs: &[(&str, &str)]) -> FieldErrors {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    fn shown(fields: &'static [&'static str]) -> impl Fn(&str) -> Option<String> {
        move |f| fields.contains(&f).then(|| f.to_owned())
    }

    #[test]
    fn checks_collect_one_message_per_failed_field() {
        let mut errors = FieldErrors::default();
        errors.check("label", Ok(()));
        errors.check("hostname", Err("bad".into()));
        errors.check_optional("memory", "  ", |_| Err("never".into()));
        errors.check_optional("cpus", "x", |_| Err("not a number".into()));
        assert_eq!(errors, problems(&[("hostname", "bad"), ("cpus", "not a number")]));
    }

    #[test]
    fn a_message_waits_until_the_field_is_left_or_a_submit_is_tried() {
        let own = problems(&[("hostname", "Enter a hostname."), ("label", "Enter a label.")]);
        let mut state = FormState::default();
        assert_eq!(state.message("hostname", &own), None);
        state.touch("hostname");
        assert_eq!(state.message("hostname", &own).as_deref(), Some("Enter a hostname."));
        assert_eq!(state.message("label", &own), None);
        state.tried();
        assert_eq!(state.message("label", &own).as_deref(), Some("Enter a label."));
        assert_eq!(state.message("hostname", &own).as_deref(), Some("Enter a hostname."));
    }

    #[test]
    fn the_services_message_shows_until_the_field_is_edited() {
        let mut state = FormState::default();
        let body = r#"{"errors":{"hostname":["is invalid"],"label":["is taken"]}}"#;
        state.refused(ApiError::from_response(422, body, None), shown(&["hostname", "label"]));
        let none = FieldErrors::default();
        assert_eq!(state.message("hostname", &none).as_deref(), Some("is invalid"));
        state.edited("hostname");
        assert_eq!(state.message("hostname", &none), None);
        assert_eq!(state.message("label", &none).as_deref(), Some("is taken"));
    }

    #[test]
    fn a_new_try_clears_the_top_but_done_clears_everything() {
        let mut state = FormState::default();
        state.refused(ApiError::from_response(500, "{}", None), shown(&[]));
        assert!(state.top().is_some());
        state.tried();
        assert!(state.top().is_none());
        state.touch("label");
        state.done();
        assert_eq!(state, FormState::default());
    }

    #[test]
    fn every_body_shape_splits_into_fields_and_the_rest() {
        // The shapes the client decodes (see error::messages_from_body).
        // A body, the messages at fields, and what goes to the top.
        type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a [&'a str]);
        let cases: &[Case] = &[
            (
                r#"{"errors":{"hostname":["is invalid","is too long"]}}"#,
                &[("hostname", "is invalid is too long")],
                &[],
            ),
            (r#"{"errors":{"hostname":"is invalid"}}"#, &[("hostname", "is invalid")], &[]),
            (
                r#"{"errors":{"base":["Not enough memory"],"hostname":["is invalid"]}}"#,
                &[("hostname", "is invalid")],
                &["Not enough memory"],
            ),
            (r#"{"errors":["Something is wrong"]}"#, &[], &["Something is wrong"]),
            (r#"{"error":"Hostname is invalid"}"#, &[], &["Hostname is invalid"]),
            (
                r#"{"error":{"hostname":["is invalid"],"memory":["is too big"]}}"#,
                &[("hostname", "is invalid")],
                &["memory: is too big"],
            ),
        ];
        for (body, fields, top) in cases {
            let mut state = FormState::default();
            state.refused(ApiError::from_response(422, body, None), shown(&["hostname", "label"]));
            let none = FieldErrors::default();
            for (field, text) in *fields {
                assert_eq!(state.message(field, &none).as_deref(), Some(*text), "{body}");
            }
            let summary = state.top().map(ApiError::to_string).unwrap_or_default();
            for text in *top {
                assert!(summary.contains(text), "{body}: {summary}");
            }
            if top.is_empty() && !fields.is_empty() {
                assert!(summary.contains("See the message"), "{body}: {summary}");
            }
        }
    }

    #[test]
    fn refusals_without_field_messages_go_to_the_top_whole() {
        for error in [
            ApiError::Unauthorized,
            ApiError::Unreachable { base_url: "http://x/api".into() },
            ApiError::from_response(503, "{}", Some("5")),
            ApiError::from_response(412, r#"{"errors":["Only one public interface"]}"#, None),
        ] {
            let (fields, top) = split(error.clone(), |f| Some(f.to_owned()));
            assert!(fields.is_empty());
            assert_eq!(top, Some(error));
        }
    }

    #[test]
    fn a_field_message_of_another_status_still_lands_at_its_field() {
        let error = ApiError::from_response(
            412,
            r#"{"errors":{"network_id":["has no free address"]}}"#,
            None,
        );
        let (fields, top) = split(error, shown(&["network_id"]));
        assert_eq!(fields.get("network_id").map(String::as_str), Some("has no free address"));
        // The status still explains itself at the top.
        assert!(matches!(top, Some(ApiError::PreconditionFailed(_))));
    }

    #[test]
    fn server_names_map_onto_form_keys() {
        let error = ApiError::from_response(
            422,
            r#"{"errors":{"secondary_disk_size":["is too big"]}}"#,
            None,
        );
        let (fields, _) = split(error, |f| (f == "secondary_disk_size").then(|| row_key(f, 7)));
        assert_eq!(fields.get("secondary_disk_size.7").map(String::as_str), Some("is too big"));
    }

    #[test]
    fn a_removed_row_leaves_nothing_behind() {
        let mut state = FormState::default();
        let error = ApiError::from_response(
            422,
            r#"{"errors":{"secondary_disk_size.1":["is too big"],"secondary_disk_size.2":["is odd"]}}"#,
            None,
        );
        state.refused(error, |f| Some(f.to_owned()));
        state.touch("secondary_disk_size.1");
        state.forget_row(1);
        let none = FieldErrors::default();
        assert_eq!(state.message("secondary_disk_size.1", &none), None);
        assert_eq!(state.message("secondary_disk_size.2", &none).as_deref(), Some("is odd"));
        // Row 11 is not row 1.
        let mut state = FormState::default();
        state.touch("secondary_disk_size.11");
        state.forget_row(1);
        assert!(state
            .message("secondary_disk_size.11", &problems(&[("secondary_disk_size.11", "x")]))
            .is_some());
    }

    #[test]
    fn row_ids_are_never_reused_while_the_rows_live() {
        assert_eq!(next_row([]), 0);
        assert_eq!(next_row([0, 4, 2]), 5);
        assert_eq!(row_key("secondary_disk_size", 5), "secondary_disk_size.5");
    }

    #[test]
    fn a_draft_brings_back_what_was_typed_and_nothing_older() {
        use serde_json::json;
        let base = json!({"label": "web", "memory": "1024", "note": ""});
        let typed = json!({"label": "web", "memory": "1024", "note": "typed"});
        // Someone resized the VM since: the draft keeps the note, not the old memory.
        let now = json!({"label": "web", "memory": "2048", "note": ""});
        assert_eq!(
            merge_draft(&base, &typed, &now),
            json!({"label": "web", "memory": "2048", "note": "typed"})
        );
        // A field typed and changed elsewhere too: what the user typed wins.
        let now = json!({"label": "db", "memory": "1024", "note": "theirs"});
        assert_eq!(merge_draft(&base, &typed, &now)["note"], "typed");
        assert_eq!(merge_draft(&base, &typed, &now)["label"], "db");
        // A field the form did not have then is taken from now.
        let now = json!({"label": "web", "memory": "1024", "note": "", "cpus": "2"});
        assert_eq!(merge_draft(&base, &typed, &now)["cpus"], "2");
        // Not objects: as typed.
        assert_eq!(merge_draft(&json!(1), &json!(2), &json!(3)), json!(2));
    }

    #[test]
    fn decoded_bodies_keep_their_general_messages() {
        let m = messages_from_body(r#"{"errors":{"base":["Busy"]}}"#);
        assert_eq!(m.general, vec!["Busy".to_owned()]);
    }

    #[test]
    fn the_typed_hostname_must_match_exactly() {
        assert!(confirmed(" web-01 ", "web-01"));
        assert!(!confirmed("web-0", "web-01"));
        assert!(!confirmed("", ""), "a VM without a hostname cannot be confirmed by an empty word");
    }
}
