//! A template's label where one is required: renaming one of the
//! account's own templates, making one from a backup. By the rule every
//! label follows (`validate::label`, as when a template is made from a VM,
//! where it is optional): a template keeps a name.

use crate::forms::FieldErrors;
use crate::validate;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TemplateLabelForm {
    pub label: String,
}

impl TemplateLabelForm {
    /// The form as it opens: the template's label now.
    pub fn of(label: Option<&str>) -> Self {
        Self { label: label.unwrap_or_default().to_owned() }
    }

    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        problems.check("label", validate::label(&self.label));
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_label_is_required_and_follows_the_label_rule() {
        assert!(TemplateLabelForm::of(None).errors().contains_key("label"), "required");
        assert!(TemplateLabelForm::of(Some("   ")).errors().contains_key("label"));
        assert!(TemplateLabelForm::of(Some(" web base ")).errors().is_empty());
        let long = "x".repeat(256);
        assert!(TemplateLabelForm::of(Some(&long)).errors().contains_key("label"));
        // The same rule as a template made from a VM, where it is optional.
        let made = crate::vm::settings::TemplateForm { label: long };
        assert_eq!(
            made.errors().get("label"),
            TemplateLabelForm { label: made.label.clone() }.errors().get("label")
        );
    }
}
