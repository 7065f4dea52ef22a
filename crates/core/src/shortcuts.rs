//! Keyboard shortcuts and the quick switcher's pages: which key does what,
//! and which pages a text finds.

use crate::i18n::{common as c, messages as t};
use crate::route::VmTab;
use crate::vm::query::VmQuery;
use crate::vm::tags::Tag;

/// What a key press asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// Ctrl+K (⌘K) or "/": the quick switcher.
    Switcher,
    /// "?": the list of shortcuts.
    Help,
    /// "g": the first key of a "g v"-style pair.
    Go,
    /// The second key of a pair: a page's path.
    Open(&'static str),
}

/// The second keys after "g", with the page each opens (named in [`help`]).
const GO_TO: [(&str, &str); 3] = [("v", "/vms"), ("i", "/interfaces"), ("a", "/ip-addresses")];

/// Every shortcut, as the help lists it, in the panel's language.
pub fn help() -> [(&'static str, &'static str); 6] {
    [
        (t::SHORTCUT_KEYS_FIND.get(), t::SHORTCUT_FIND.get()),
        ("g v", c::VIRTUAL_MACHINES.get()),
        ("g i", c::NETWORK_INTERFACES.get()),
        ("g a", c::IP_ADDRESSES.get()),
        ("?", t::SHORTCUT_THESE.get()),
        ("Esc", t::SHORTCUT_CLOSE_DIALOG.get()),
    ]
}

/// What `key` (as `KeyboardEvent.key` names it) asks for. `command` is Ctrl
/// or ⌘ held, `other` Alt held; `after_go` says "g" came just before. The
/// caller never asks while the user types in a field.
pub fn shortcut(key: &str, command: bool, other: bool, after_go: bool) -> Option<Shortcut> {
    if other {
        return None;
    }
    if command {
        return key.eq_ignore_ascii_case("k").then_some(Shortcut::Switcher);
    }
    if after_go {
        return GO_TO.iter().find(|(k, _)| *k == key).map(|(_, path)| Shortcut::Open(path));
    }
    match key {
        "/" => Some(Shortcut::Switcher),
        "?" => Some(Shortcut::Help),
        "g" => Some(Shortcut::Go),
        _ => None,
    }
}

/// A place the switcher offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub label: String,
    pub path: String,
    /// What kind of place: "Page", "Tab", "VM", "Account".
    pub kind: &'static str,
    /// For another account of the tab: its login's id, to show it at `path`.
    pub account: Option<String>,
}

/// Whether `label` holds every word of `text` (any case).
pub fn matches(text: &str, label: &str) -> bool {
    let label = label.to_lowercase();
    text.split_whitespace().all(|word| label.contains(&word.to_lowercase()))
}

/// The tab's other accounts (`(login id, "Account 7 · host")`) whose
/// names contain every word of `text`, each to be shown at the page
/// `here` leads to in another account (`route::for_another_account`).
pub fn account_places(text: &str, others: &[(String, String)], here: &str) -> Vec<Place> {
    let path = crate::route::for_another_account(here);
    others
        .iter()
        .filter(|(_, label)| matches(text, label))
        .map(|(id, label)| Place {
            label: label.clone(),
            path: path.clone(),
            kind: t::PLACE_ACCOUNT.get(),
            account: Some(id.clone()),
        })
        .collect()
}

/// The pages, and the current VM's tabs (when a VM is shown), whose names
/// contain every word of `text`; all of them for an empty text.
pub fn places(text: &str, vm: Option<(&str, &str)>) -> Vec<Place> {
    let matches = |label: &str| matches(text, label);
    let pages = [
        (c::VIRTUAL_MACHINES.get(), "/vms"),
        (t::TITLE_CREATE_VM.get(), "/vms/new"),
        (c::NETWORK_INTERFACES.get(), "/interfaces"),
        (c::IP_ADDRESSES.get(), "/ip-addresses"),
        (c::ACTIVITY.get(), "/activity"),
        (crate::i18n::workspace::TITLE.get(), "/workspace"),
    ];
    let mut out: Vec<Place> = pages
        .into_iter()
        .filter(|(label, _)| matches(label))
        .map(|(label, path)| Place {
            label: label.to_owned(),
            path: path.to_owned(),
            kind: t::PLACE_PAGE.get(),
            account: None,
        })
        .collect();
    if let Some((id, name)) = vm {
        out.extend(
            VmTab::ALL
                .iter()
                .map(|tab| (format!("{name} · {}", tab.label()), tab.href(id)))
                .filter(|(label, _)| {
                    matches(label) || matches(label.rsplit(" · ").next().unwrap_or_default())
                })
                .map(|(label, path)| Place {
                    label,
                    path,
                    kind: t::PLACE_TAB.get(),
                    account: None,
                }),
        );
    }
    out
}

/// The tags in use (with their counts of VMs) whose names hold every word
/// of `text`, each leading to the list of its VMs; none for an empty text.
pub fn tag_places(text: &str, in_use: &[(Tag, usize)]) -> Vec<Place> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    in_use
        .iter()
        .filter(|(tag, _)| matches(text, tag.as_str()))
        .map(|(tag, count)| Place {
            label: if *count == 1 { &t::PLACE_TAG_LABEL_ONE } else { &t::PLACE_TAG_LABEL_OTHER }
                .with(&[("tag", tag.as_str()), ("n", &crate::i18n::integer(*count as i64))]),
            path: VmQuery::default().with_tag(Some(tag.clone())).href(),
            kind: c::TAG.get(),
            account: None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_found_by_words_lead_to_their_list() {
        let in_use = vec![(Tag::parse("web").unwrap(), 3), (Tag::parse("eu west").unwrap(), 1)];
        let found = tag_places("WE", &in_use);
        assert_eq!(
            found.iter().map(|p| p.path.as_str()).collect::<Vec<_>>(),
            ["/vms?tag=web&limit=50", "/vms?tag=eu%20west&limit=50"]
        );
        assert_eq!(found[0].label, "web · 3 VMs");
        assert_eq!(found[1].label, "eu west · 1 VM");
        assert_eq!(found[0].kind, "Tag");
        assert_eq!(tag_places("west eu", &in_use).len(), 1);
        assert!(tag_places("", &in_use).is_empty());
    }

    #[test]
    fn keys() {
        assert_eq!(shortcut("k", true, false, false), Some(Shortcut::Switcher));
        assert_eq!(shortcut("K", true, false, false), Some(Shortcut::Switcher));
        assert_eq!(shortcut("/", false, false, false), Some(Shortcut::Switcher));
        assert_eq!(shortcut("?", false, false, false), Some(Shortcut::Help));
        assert_eq!(shortcut("g", false, false, false), Some(Shortcut::Go));
        assert_eq!(shortcut("v", false, false, true), Some(Shortcut::Open("/vms")));
        assert_eq!(shortcut("i", false, false, true), Some(Shortcut::Open("/interfaces")));
        assert_eq!(shortcut("a", false, false, true), Some(Shortcut::Open("/ip-addresses")));
        assert_eq!(shortcut("v", false, false, false), None);
        assert_eq!(shortcut("x", false, false, true), None);
        assert_eq!(shortcut("c", true, false, false), None, "Ctrl+C stays the browser's");
        assert_eq!(shortcut("k", true, true, false), None);
    }

    #[test]
    fn places_found_by_words() {
        let all = places("", None);
        assert_eq!(all.len(), 6);
        assert_eq!(
            places("ip", None).into_iter().map(|p| p.path).collect::<Vec<_>>(),
            vec!["/ip-addresses"]
        );
        assert_eq!(
            places("browser", None).into_iter().map(|p| p.path).collect::<Vec<_>>(),
            vec!["/workspace"]
        );
        let tabs = places("fire", Some(("42", "db-01")));
        assert_eq!(
            tabs,
            vec![Place {
                label: "db-01 · Firewall".into(),
                path: "/vms/42/firewall".into(),
                kind: "Tab",
                account: None
            }]
        );
        assert_eq!(places("db settings", Some(("42", "db-01"))).len(), 1);
        assert_eq!(places("", Some(("42", "db-01"))).len(), 6 + VmTab::ALL.len());
        assert!(places("nothing like this", None).is_empty());
    }

    #[test]
    fn other_accounts_found_by_words_and_shown_on_a_page_of_theirs() {
        let others = vec![
            ("id7".to_owned(), "Account 7 · api.one.example".to_owned()),
            ("id8".to_owned(), "Account 8 · api.two.example".to_owned()),
        ];
        let found = account_places("acc TWO", &others, "/vms/42/firewall");
        assert_eq!(
            found,
            vec![Place {
                label: "Account 8 · api.two.example".into(),
                path: "/vms".into(),
                kind: "Account",
                account: Some("id8".into())
            }]
        );
        assert_eq!(
            account_places("", &others, "/interfaces")
                .iter()
                .map(|p| p.path.as_str())
                .collect::<Vec<_>>(),
            vec!["/interfaces", "/interfaces"]
        );
        assert!(account_places("9", &others, "/vms").is_empty());
    }
}
