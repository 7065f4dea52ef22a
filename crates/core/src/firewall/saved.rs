//! Rule sets written down by name: the provider's in `config.json`
//! (`firewall_sets`) and the user's own, saved from an interface and kept
//! in the browser per account. One form for both: a name, an optional
//! default policy, and the rules in the import's text form, one a line.

use crate::firewall::form::RuleForm;
use crate::firewall::import;
use crate::firewall::sets::NamedSet;
use crate::forms::FieldErrors;
use crate::i18n::firewall as t;
use crate::network::FirewallRule;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The longest name a set may have, in characters.
pub const NAME_MAX: usize = 80;

/// A set as it is written down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WrittenSet {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub policy: Option<String>,
    pub rules: Vec<String>,
}

/// Why a written set cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Its name is empty or too long, or its policy is neither ACCEPT nor DROP.
    Form,
    /// Rule `at` (from 1) is not a rule, and why.
    Rule { at: usize, reason: String },
}

impl WrittenSet {
    /// The set it says.
    pub fn read(&self) -> Result<NamedSet, Unreadable> {
        let name = self.name.trim();
        let policy = match self.policy.as_deref().map(str::to_ascii_uppercase) {
            None => None,
            Some(p) if p == "ACCEPT" || p == "DROP" => Some(p),
            Some(_) => return Err(Unreadable::Form),
        };
        if name.is_empty() || name.chars().count() > NAME_MAX {
            return Err(Unreadable::Form);
        }
        let read = import::read(&self.rules.join("\n"));
        if let Some(refused) = read.refused.into_iter().next() {
            return Err(Unreadable::Rule { at: refused.at, reason: refused.reason });
        }
        Ok(NamedSet {
            name: name.to_owned(),
            policy,
            rules: read.rules.into_iter().map(|r| r.rule).collect(),
        })
    }

    /// An interface's rules and default policy under `name`; refused, with
    /// why, if a rule is one the rule form would not send (the set could
    /// not be applied anywhere).
    pub fn of_interface(
        name: &str,
        policy: Option<&str>,
        rules: &[FirewallRule],
    ) -> Result<Self, String> {
        let mut lines = Vec::with_capacity(rules.len());
        for (i, rule) in rules.iter().enumerate() {
            let form = RuleForm::of(rule);
            if let Some(reason) = form.errors().values().next() {
                return Err(crate::tf!(t::FW_SAVE_SET_BAD_RULE, n = i + 1, reason = reason));
            }
            lines.push(import::line(&form));
        }
        let policy = policy.map(str::to_ascii_uppercase).filter(|p| p == "ACCEPT" || p == "DROP");
        Ok(Self { name: name.trim().to_owned(), policy, rules: lines })
    }
}

/// The name a set is saved under, checked as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SaveSetForm {
    pub name: String,
}

impl SaveSetForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        let len = self.name.trim().chars().count();
        let check = if len == 0 {
            Err(t::FW_SAVE_SET_NAME_EMPTY.get().to_owned())
        } else if len > NAME_MAX {
            Err(crate::tf!(t::FW_SAVE_SET_NAME_LONG, most = NAME_MAX, len = len))
        } else {
            Ok(())
        };
        problems.check("name", check);
        problems
    }
}

/// The provider's sets from `config.json`'s `firewall_sets`: each a `name`,
/// an optional `policy` (ACCEPT or DROP) and its `rules` in the text form,
/// one a line. A set with a line that cannot be read is left out, and said.
pub fn from_config(value: Option<&Value>, warnings: &mut Vec<String>) -> Vec<NamedSet> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Vec::new() };
    let Value::Array(items) = value else {
        warnings
            .push("config.json: firewall_sets must be a list of sets; none is offered.".to_owned());
        return Vec::new();
    };
    let mut sets = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let written =
            serde_json::from_value::<WrittenSet>(item.clone()).map_err(|_| Unreadable::Form);
        match written.and_then(|w| w.read()) {
            Ok(set) => sets.push(set),
            Err(Unreadable::Form) => warnings.push(format!("config.json: firewall_sets[{i}] needs a name (at most {NAME_MAX} characters), ACCEPT or DROP as its policy if any, and its rules as a list of lines; it is left out.")),
            Err(Unreadable::Rule { at, reason }) => {
                let name = item.get("name").and_then(Value::as_str).unwrap_or_default();
                warnings.push(format!("config.json: firewall_sets[{i}] (“{name}”), rule {at}: {reason}; the set is left out."));
            }
        }
    }
    sets
}

/// Whether two names are the same set's: case and spaces around aside.
pub fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// The user's sets with `set` in: it takes the place of one of the same
/// name, else comes last.
pub fn put(list: &mut Vec<WrittenSet>, set: WrittenSet) {
    match list.iter_mut().find(|s| same_name(&s.name, &set.name)) {
        Some(slot) => *slot = set,
        None => list.push(set),
    }
}

/// The user's sets without the one called `name`.
pub fn remove(list: &mut Vec<WrittenSet>, name: &str) {
    list.retain(|s| !same_name(&s.name, name));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn stored(lines: &[&str]) -> Vec<FirewallRule> {
        let read = import::read(&lines.join("\n"));
        assert!(read.refused.is_empty());
        read.rules
            .iter()
            .filter_map(|r| r.rule.body().ok()?.as_object().map(FirewallRule::from_map))
            .collect()
    }

    #[test]
    fn the_providers_sets_are_read_and_a_bad_one_is_left_out_and_said() {
        let mut warnings = Vec::new();
        let sets = from_config(
            Some(&serde_json::json!([
                {"name": "Office", "policy": "drop", "rules": ["accept tcp 22 from 203.0.113.0/24 # office", "accept tcp 443"]},
                {"name": "Open", "rules": []},
                {"name": "Broken", "rules": ["accept tcp 99999"]},
                {"name": "", "rules": ["accept tcp 22"]},
                {"name": "Odd policy", "policy": "REJECT", "rules": []},
            ])),
            &mut warnings,
        );
        assert_eq!(
            sets.iter()
                .map(|s| (s.name.as_str(), s.policy.as_deref(), s.rules.len()))
                .collect::<Vec<_>>(),
            [("Office", Some("DROP"), 2), ("Open", None, 0)]
        );
        assert_eq!(sets[0].rules[0].description, "office");
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert!(
            warnings[0].contains("firewall_sets[2]") && warnings[0].contains("rule 1"),
            "{}",
            warnings[0]
        );
        let mut none = Vec::new();
        assert!(from_config(Some(&serde_json::json!({"name": "x"})), &mut none).is_empty());
        assert_eq!(none.len(), 1);
        assert!(from_config(None, &mut none).is_empty() && none.len() == 1);
    }

    #[test]
    fn an_interface_saved_as_a_set_reads_back_as_its_rules_and_policy() {
        let rules = stored(&[
            "accept tcp 22 from 203.0.113.0/24 # office",
            "drop udp 53",
            "accept tcp 80,443",
        ]);
        let written = WrittenSet::of_interface("  Office  ", Some("drop"), &rules).unwrap();
        assert_eq!(written.name, "Office");
        assert_eq!(written.policy.as_deref(), Some("DROP"));
        let set = written.read().unwrap();
        assert_eq!(set.rules, rules.iter().map(RuleForm::of).collect::<Vec<_>>());
        // Written down and read again, as the browser keeps it.
        let kept: WrittenSet =
            serde_json::from_value(serde_json::to_value(&written).unwrap()).unwrap();
        assert_eq!(kept, written);
    }

    #[test]
    fn a_rule_the_form_would_refuse_is_not_saved_and_said() {
        let mut rules = stored(&["accept tcp 22"]);
        rules.extend(
            json!({ "command": "ACCEPT", "protocol": "TCP", "port": "99999" })
                .as_object()
                .map(FirewallRule::from_map),
        );
        let error = WrittenSet::of_interface("x", None, &rules).unwrap_err();
        assert!(error.contains('2'), "{error}");
    }

    #[test]
    fn a_set_with_a_bad_name_policy_or_line_is_not_read() {
        let set = |name: &str, policy: Option<&str>, rules: &[&str]| WrittenSet {
            name: name.into(),
            policy: policy.map(Into::into),
            rules: rules.iter().map(|r| r.to_string()).collect(),
        };
        assert_eq!(set("", None, &[]).read(), Err(Unreadable::Form));
        assert_eq!(set(&"x".repeat(NAME_MAX + 1), None, &[]).read(), Err(Unreadable::Form));
        assert_eq!(set("x", Some("REJECT"), &[]).read(), Err(Unreadable::Form));
        assert!(matches!(
            set("x", None, &["accept tcp 22", "accept tcp 99999"]).read(),
            Err(Unreadable::Rule { at: 2, .. })
        ));
        assert!(set(&"x".repeat(NAME_MAX), Some("accept"), &["accept tcp 22"]).read().is_ok());
        let none: Result<WrittenSet, _> = serde_json::from_value(json!({ "name": "x" }));
        assert!(none.is_err(), "rules are needed");
    }

    #[test]
    fn a_set_saved_again_under_its_name_takes_its_place_and_goes_by_name() {
        let named = |name: &str, port: &str| WrittenSet {
            name: name.into(),
            policy: None,
            rules: vec![format!("accept tcp {port}")],
        };
        let mut list = vec![named("Web", "80"), named("Mail", "25")];
        put(&mut list, named(" web ", "443"));
        put(&mut list, named("SSH", "22"));
        assert_eq!(
            list.iter().map(|s| (s.name.as_str(), s.rules[0].as_str())).collect::<Vec<_>>(),
            [(" web ", "accept tcp 443"), ("Mail", "accept tcp 25"), ("SSH", "accept tcp 22")]
        );
        remove(&mut list, "MAIL");
        assert_eq!(list.len(), 2);
        assert!(SaveSetForm { name: " ".into() }.errors().contains_key("name"));
        assert!(SaveSetForm { name: "x".repeat(NAME_MAX + 1) }.errors().contains_key("name"));
        assert!(SaveSetForm { name: "Office".into() }.errors().is_empty());
    }
}
