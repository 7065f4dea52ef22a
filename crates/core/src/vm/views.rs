//! Saved views of the VM list: a name for one of the list's addresses (its
//! filters, tag, sort and page size, as [`crate::vm::query::VmQuery`]
//! writes them), kept per account in the browser. A view is the address
//! it names, so it is shared as that address; one read from storage that
//! is not an address of the list is left out, so that a hand-edited value
//! cannot lead anywhere else.

use crate::forms::FieldErrors;
use crate::i18n::vm as t;
use crate::shortcuts::Place;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The most views an account keeps.
pub const MAX_VIEWS: usize = 30;
/// The longest address a view holds.
const MAX_HREF: usize = 2_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedView {
    pub name: String,
    pub href: String,
}

/// Whether `href` is an address of the list: `/vms`, or `/vms?` and a
/// query of printable characters without a fragment.
pub fn is_list_href(href: &str) -> bool {
    let query_ok = |q: &str| !q.chars().any(|c| c.is_control() || c.is_whitespace() || c == '#');
    href.len() <= MAX_HREF && (href == "/vms" || href.strip_prefix("/vms?").is_some_and(query_ok))
}

/// A name as kept: trimmed, inner spaces single.
fn written(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The account's views, in the order saved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Views(Vec<SavedView>);

impl Views {
    /// Reads what it can of what was kept (`[{ "name", "href" }, …]`): an
    /// entry without a name, or whose address is not the list's, is left
    /// out, and so is a second of a name, and any past [`MAX_VIEWS`].
    pub fn from_json(value: &Value) -> Self {
        let mut views = Self::default();
        for entry in value.as_array().into_iter().flatten() {
            let (Some(name), Some(href)) = (
                entry.get("name").and_then(Value::as_str),
                entry.get("href").and_then(Value::as_str),
            ) else {
                continue;
            };
            let name = written(name);
            if !name.is_empty()
                && name.chars().count() <= MAX_NAME_CHARS
                && is_list_href(href)
                && views.named(&name).is_none()
                && views.0.len() < MAX_VIEWS
            {
                views.0.push(SavedView { name, href: href.to_owned() });
            }
        }
        views
    }

    pub fn to_json(&self) -> Value {
        Value::Array(self.0.iter().map(|v| json!({ "name": v.name, "href": v.href })).collect())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn list(&self) -> &[SavedView] {
        &self.0
    }

    /// The view of that name, in any case.
    pub fn named(&self, name: &str) -> Option<&SavedView> {
        let name = written(name).to_lowercase();
        self.0.iter().find(|v| v.name.to_lowercase() == name)
    }

    /// Keeps `href` under `name`: a view of that name (in any case) takes
    /// the new address in its place. `false` when it is not kept: not an
    /// address of the list, or no room for one more.
    pub fn save(&mut self, name: &str, href: &str) -> bool {
        let name = written(name);
        if name.is_empty() || !is_list_href(href) {
            return false;
        }
        let lower = name.to_lowercase();
        if let Some(view) = self.0.iter_mut().find(|v| v.name.to_lowercase() == lower) {
            *view = SavedView { name, href: href.to_owned() };
            return true;
        }
        let room = self.0.len() < MAX_VIEWS;
        if room {
            self.0.push(SavedView { name, href: href.to_owned() });
        }
        room
    }

    pub fn remove(&mut self, name: &str) {
        let lower = written(name).to_lowercase();
        self.0.retain(|v| v.name.to_lowercase() != lower);
    }

    /// The views whose names hold every word of `text`, for the switcher;
    /// none for an empty text.
    pub fn places(&self, text: &str) -> Vec<Place> {
        if text.trim().is_empty() {
            return Vec::new();
        }
        self.0
            .iter()
            .filter(|v| crate::shortcuts::matches(text, &v.name))
            .map(|v| Place {
                label: v.name.clone(),
                path: v.href.clone(),
                kind: crate::i18n::common::VIEW.get(),
                account: None,
            })
            .collect()
    }
}

/// Naming the list as it is now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ViewForm {
    pub name: String,
}

impl ViewForm {
    pub fn errors(&self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        let name = written(&self.name);
        let result = if name.is_empty() {
            Err(t::VIEW_NAME_EMPTY.get().to_owned())
        } else if name.chars().count() > MAX_NAME_CHARS {
            Err(crate::tf!(t::VIEW_NAME_TOO_LONG, max = MAX_NAME_CHARS))
        } else {
            Ok(())
        };
        problems.check("name", result);
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_of_the_list_are_views() {
        for good in ["/vms", "/vms?status=online&tag=web%20servers&limit=50", "/vms?limit=50"] {
            assert!(is_list_href(good), "{good}");
        }
        for bad in [
            "",
            "/vms/1",
            "//evil.example/vms?x",
            "https://evil.example/vms",
            "/vmsx?a",
            "/vms?a=1#x",
            "/vms? a",
            "javascript:alert(1)",
            "/vms?\u{7}",
        ] {
            assert!(!is_list_href(bad), "{bad}");
        }
        assert!(!is_list_href(&format!("/vms?label={}", "a".repeat(MAX_HREF))));
    }

    #[test]
    fn a_name_saved_again_takes_the_new_address_in_its_place() {
        let mut views = Views::default();
        assert!(views.save(" Online  web ", "/vms?status=online&tag=web&limit=50"));
        assert!(views.save("Big", "/vms?sort=memory&order=desc&limit=50"));
        assert!(views.save("online WEB", "/vms?status=online&limit=50"));
        assert_eq!(
            views.list().iter().map(|v| (v.name.as_str(), v.href.as_str())).collect::<Vec<_>>(),
            [
                ("online WEB", "/vms?status=online&limit=50"),
                ("Big", "/vms?sort=memory&order=desc&limit=50")
            ]
        );
        assert!(!views.save("Elsewhere", "https://evil.example/"));
        assert!(!views.save("  ", "/vms"));
        views.remove("big");
        assert_eq!(views.list().len(), 1);
    }

    #[test]
    fn an_account_keeps_at_most_its_share_of_views() {
        let mut views = Views::default();
        for i in 0..MAX_VIEWS {
            assert!(views.save(&format!("v{i}"), "/vms"));
        }
        assert!(!views.save("one more", "/vms"));
        assert!(views.save("v3", "/vms?limit=25"), "replacing one needs no room");
    }

    #[test]
    fn kept_views_read_back_and_what_is_not_a_view_is_left_out() {
        let mut views = Views::default();
        views.save("Online", "/vms?status=online&limit=50");
        assert_eq!(Views::from_json(&views.to_json()), views);
        let read = Views::from_json(&json!([
            { "name": "ok", "href": "/vms" },
            { "name": "OK", "href": "/vms?limit=25" },
            { "name": "evil", "href": "//evil.example" },
            { "name": "", "href": "/vms" },
            { "href": "/vms" },
            "text",
        ]));
        assert_eq!(read.list(), [SavedView { name: "ok".into(), href: "/vms".into() }]);
        assert!(Views::from_json(&json!({ "name": "x" })).is_empty());
    }

    #[test]
    fn views_are_found_by_words_in_their_names() {
        let mut views = Views::default();
        views.save("Online web", "/vms?status=online&tag=web&limit=50");
        views.save("Big ones", "/vms?sort=memory&order=desc&limit=50");
        let found = views.places("WEB on");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].path, "/vms?status=online&tag=web&limit=50");
        assert_eq!(found[0].kind, "View");
        assert!(views.places("").is_empty());
    }

    #[test]
    fn the_form_wants_a_name_that_fits() {
        assert!(ViewForm { name: "Online".into() }.errors().is_empty());
        assert!(ViewForm { name: "   ".into() }.errors().get("name").is_some());
        assert!(ViewForm { name: "x".repeat(MAX_NAME_CHARS + 1) }.errors().get("name").is_some());
    }
}
