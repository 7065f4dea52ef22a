//! Protection: VMs this panel refuses to destroy or rebuild until the user
//! takes the mark off, with the VM's hostname typed. The API has no such
//! field, so the marks are the panel's own, kept per account in the browser
//! over the deployment's default (`config.json`'s `protect_vms`). It guards
//! this panel only: the API, other tools and other browsers can still
//! destroy the VM, which the panel says wherever the mark is set.

use crate::validate::is_id;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The user's choices, by VM id: protected or not. A VM with no choice
/// follows the deployment's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks(BTreeMap<String, bool>);

impl Marks {
    /// Reads what it can of what was kept: an entry whose key is not a VM
    /// id, or whose value is not `true` or `false`, is left out.
    pub fn from_json(value: &Value) -> Self {
        let Value::Object(entries) = value else { return Self::default() };
        Self(
            entries
                .iter()
                .filter(|(id, _)| is_id(id))
                .filter_map(|(id, on)| on.as_bool().map(|on| (id.clone(), on)))
                .collect(),
        )
    }

    pub fn to_json(&self) -> Value {
        Value::Object(
            self.0.iter().map(|(id, on)| (id.clone(), Value::Bool(*on))).collect::<Map<_, _>>(),
        )
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `vm` is protected, its own mark first, else `by_default`.
    pub fn is_protected(&self, vm: &str, by_default: bool) -> bool {
        self.0.get(vm).copied().unwrap_or(by_default)
    }

    /// `vm`'s own mark, if the user chose one.
    pub fn choice(&self, vm: &str) -> Option<bool> {
        self.0.get(vm).copied()
    }

    /// Every choice, as (VM id, protected), by VM id.
    pub fn choices(&self) -> impl Iterator<Item = (&str, bool)> {
        self.0.iter().map(|(vm, on)| (vm.as_str(), *on))
    }

    /// Keeps the user's choice for `vm`, even one that says what the
    /// default says: a default changed later leaves it as the user chose.
    /// Not a VM id: nothing is kept.
    pub fn set(&mut self, vm: &str, protected: bool) {
        if is_id(vm) {
            self.0.insert(vm.to_owned(), protected);
        }
    }

    /// Forgets the user's choice for `vm`; answers whether there was one.
    pub fn forget(&mut self, vm: &str) -> bool {
        self.0.remove(vm).is_some()
    }

    /// Splits `ids` into those that may be destroyed or rebuilt and those
    /// protected, each in the order given.
    pub fn split<'a>(
        &self,
        ids: impl IntoIterator<Item = &'a str>,
        by_default: bool,
    ) -> (Vec<&'a str>, Vec<&'a str>) {
        ids.into_iter().partition(|id| !self.is_protected(id, by_default))
    }
}

/// The deployment's default from `config.json`'s `protect_vms`: `true`
/// protects every VM the user has not said otherwise of; anything else,
/// or nothing, protects none. A value that is not a flag is named in
/// `warnings`.
pub fn default_from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(on)) => *on,
        Some(other) => {
            warnings.push(format!(
                "protect_vms: {other} is not true or false; no VM is protected by default"
            ));
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_choice_wins_over_the_default_either_way() {
        let mut marks = Marks::default();
        assert!(!marks.is_protected("7", false));
        assert!(marks.is_protected("7", true));
        marks.set("7", true);
        marks.set("8", false);
        assert!(marks.is_protected("7", false));
        assert!(!marks.is_protected("8", true));
        // A choice that says what the default says is kept all the same.
        marks.set("9", true);
        assert!(marks.is_protected("9", false));
        // Forgotten (destroyed), the VM's choice is gone, the default is back.
        assert!(marks.forget("8"));
        assert!(!marks.forget("8"));
        assert!(marks.is_protected("8", true));
    }

    #[test]
    fn kept_marks_read_back_and_what_is_not_a_mark_is_left_out() {
        let mut marks = Marks::default();
        marks.set("1001", true);
        marks.set("1002", false);
        marks.set("../1", true);
        assert_eq!(Marks::from_json(&marks.to_json()), marks);
        assert_eq!(marks.to_json(), json!({ "1001": true, "1002": false }));
        let read =
            Marks::from_json(&json!({ "5": true, "x": true, "6": "yes", "7": 1, "8": false }));
        assert_eq!(read.to_json(), json!({ "5": true, "8": false }));
        for not_marks in [json!(null), json!([]), json!("1001"), json!(3)] {
            assert!(Marks::from_json(&not_marks).is_empty());
        }
    }

    #[test]
    fn a_destroy_in_bulk_goes_only_to_the_vms_not_protected_in_order() {
        let mut marks = Marks::default();
        marks.set("2", true);
        marks.set("4", false);
        assert_eq!(marks.split(["1", "2", "3"], false), (vec!["1", "3"], vec!["2"]));
        assert_eq!(marks.split(["1", "2", "3", "4"], true), (vec!["4"], vec!["1", "2", "3"]));
        assert_eq!(marks.split([], true), (vec![], vec![]));
    }

    #[test]
    fn the_deployments_default_is_a_flag_or_nothing() {
        let mut warnings = Vec::new();
        assert!(default_from_json(Some(&json!(true)), &mut warnings));
        assert!(!default_from_json(Some(&json!(false)), &mut warnings));
        assert!(!default_from_json(None, &mut warnings));
        assert!(warnings.is_empty());
        assert!(!default_from_json(Some(&json!("yes")), &mut warnings));
        assert_eq!(warnings.len(), 1);
    }
}
