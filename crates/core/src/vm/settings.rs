//! The Settings tab's smaller forms: rebuilding from a template (which
//! erases the disks), making a template of the VM, and finding the VM to
//! keep this one apart from (segregation).

use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::validate;
use serde::{Deserialize, Serialize};

/// Rebuilding a VM from a template, which erases its disks.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RebuildForm {
    pub template_id: String,
    pub start: bool,
    pub typed: String,
}

impl crate::forms::WithTypedWord for RebuildForm {
    fn typed(&self) -> &String {
        &self.typed
    }

    fn typed_mut(&mut self) -> &mut String {
        &mut self.typed
    }
}

impl RebuildForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check(
            "template_id",
            validate::id(&self.template_id, t::WHAT_TEMPLATE)
                .map_err(|_| t::FORM_CHOOSE_TEMPLATE.get().to_owned()),
        );
        problems
    }
}

/// Making a template of a VM: its label, if the user gives one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateForm {
    pub label: String,
}

impl TemplateForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check_optional("label", &self.label, validate::label);
        problems
    }
}

/// Segregation: looking the other VM up by (part of) its hostname, to keep
/// this one apart from it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegregationForm {
    pub hostname: String,
}

impl SegregationForm {
    /// Part of a hostname: its characters only, and no longer than one.
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        let text = self.hostname.trim();
        let fits = text.chars().count() <= 253
            && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
        if !fits {
            problems.check("hostname", Err(t::VAL_HOSTNAME_SEARCH.get().to_owned()));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rebuild_needs_a_template_and_a_template_a_fair_label() {
        assert!(RebuildForm::default().errors().contains_key("template_id"));
        assert!(RebuildForm { template_id: "3".into(), ..Default::default() }.errors().is_empty());
        assert!(TemplateForm::default().errors().is_empty(), "the label is optional");
        assert!(TemplateForm { label: "x".repeat(300) }.errors().contains_key("label"));
    }

    #[test]
    fn segregation_searches_part_of_a_hostname() {
        for fine in ["", "web", "web-", " db.example.org ", "203.0.113.7"] {
            assert!(SegregationForm { hostname: fine.into() }.errors().is_empty(), "{fine:?}");
        }
        for bad in ["web server", "web_1", "é", &"a".repeat(254)] {
            assert!(
                SegregationForm { hostname: bad.into() }.errors().contains_key("hostname"),
                "{bad:?}"
            );
        }
    }
}
