//! The file: written and read back, refused, read in section.

mod merge;

use super::*;
use crate::history::{Task, TaskState};
use crate::vm::tags::Tag;
use serde_json::json;
use std::collections::BTreeSet;

pub(super) fn tag(text: &str) -> Tag {
    Tag::parse(text).unwrap()
}

pub(super) fn task(id: u64, started: f64) -> Task {
    let state = TaskState::Done(String::new());
    Task {
        id,
        action: "reboot".into(),
        vm_id: "1001".into(),
        vm_name: "web1".into(),
        interface: None,
        request: "POST /vms/1001/reboot".into(),
        started,
        finished: Some(started + 900.0),
        state,
        reversal: None,
        before: None,
        lock_seen: false,
    }
}

pub(super) fn set(name: &str, port: u16) -> WrittenSet {
    WrittenSet {
        name: name.into(),
        policy: Some("DROP".into()),
        rules: vec![format!("accept tcp {port}")],
    }
}

/// A workspace with something in every section.
pub(super) fn full() -> Workspace {
    let mut sections = Sections::default();
    sections.tags.add("1001", &tag("web")).unwrap();
    sections.tags.add("1001", &tag("prod")).unwrap();
    sections.tags.add("1002", &tag("db")).unwrap();
    sections.pins.pin("1002");
    sections.pins.pin("1001");
    sections.views.save("Web servers", "/vms?tag=web&limit=50");
    sections.protection.set("1001", true);
    sections.protection.set("1002", false);
    sections.rule_sets = vec![set("Office", 22), set("Mail", 25)];
    sections.history =
        TaskList::from(vec![task(2, 1_700_000_002_000.0), task(1, 1_700_000_001_000.0)]);
    sections.my_address = Some(Ipv4Addr::new(203, 0, 113, 7));
    sections.columns = crate::vm::columns::Columns::parse_list("note,status").unwrap_or_default();
    Workspace::new(1_700_000_100_000, "https://api.example.net/v1", "acct-17", sections)
}

fn file(sections: Value) -> String {
    let mut file = json!({ "format": FORMAT, "version": 1, "exported": 5, "api": "https://api.example.net/v1", "account": "acct-17" });
    file.as_object_mut().unwrap().extend(sections.as_object().unwrap().clone());
    file.to_string()
}

#[test]
fn every_section_reads_back_as_written_in_the_form_it_is_kept_in() {
    let workspace = full();
    let text = workspace.to_file_text();
    assert_eq!(Workspace::read(&text), Ok(workspace.clone()));
    let value: Value = serde_json::from_str(&text).unwrap();
    let sections = &workspace.sections;
    assert_eq!(value["tags"], sections.tags.to_json());
    assert_eq!(value["pins"], sections.pins.to_json());
    assert_eq!(value["views"], sections.views.to_json());
    assert_eq!(value["protection"], sections.protection.to_json());
    assert_eq!(value["firewall_sets"], serde_json::to_value(&sections.rule_sets).unwrap());
    assert_eq!(value["history"], serde_json::to_value(&sections.history).unwrap());
    assert_eq!(value["my_address"], json!("203.0.113.7"));
    assert_eq!(value["columns"], json!(["note", "status"]));
    assert_eq!(
        (&value["format"], &value["version"], &value["exported"]),
        (&json!(FORMAT), &json!(1), &json!(1_700_000_100_000_u64))
    );
    assert!(
        text.starts_with("{\n  \"format\": \"vmdeck-workspace\",\n  \"version\": 1,"),
        "the marker first, pretty-printed: {text}"
    );
}

#[test]
fn an_empty_section_is_left_out_of_the_file() {
    let empty = Workspace::new(7, "https://api.example.net/v1", "acct-17", Sections::default());
    let value: Value = serde_json::from_str(&empty.to_file_text()).unwrap();
    let keys: Vec<&str> = value.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["account", "api", "exported", "format", "version"]);
    assert_eq!(Workspace::read(&empty.to_file_text()), Ok(empty));
    let mut pins_only = Sections::default();
    pins_only.pins.pin("5");
    let value: Value =
        serde_json::from_str(&Workspace::new(7, "", "", pins_only).to_file_text()).unwrap();
    assert_eq!(value.get("pins"), Some(&json!(["5"])));
    assert!(value.get("tags").is_none() && value.get("my_address").is_none());
}

#[test]
fn a_file_from_another_account_is_read_and_says_where_it_came_from() {
    let mut theirs = full();
    theirs.account = "acct-99".into();
    theirs.api = "https://other.example.org".into();
    let read = Workspace::read(&theirs.to_file_text()).unwrap();
    assert_eq!(
        (read.account.as_str(), read.api.as_str(), read.exported),
        ("acct-99", "https://other.example.org", 1_700_000_100_000)
    );
    assert_eq!(read.sections, full().sections);
    // Said in no form the panel writes: empty, and a time to the millisecond.
    let odd =
        json!({ "format": FORMAT, "version": 1, "exported": 1.7e12, "account": 17 }).to_string();
    let read = Workspace::read(&odd).unwrap();
    assert_eq!(
        (read.account.as_str(), read.api.as_str(), read.exported),
        ("", "", 1_700_000_000_000)
    );
}

#[test]
fn what_is_not_a_workspace_is_refused_and_said() {
    use WorkspaceError::*;
    let huge = format!("{}{}", file(json!({})), " ".repeat(MAX_FILE_BYTES));
    let cases = [
        (huge.as_str(), TooLarge),
        ("", NotJson),
        ("{\"format\": \"vmdeck-workspace\",", NotJson),
        ("[]", NotObject),
        ("\"vmdeck-workspace\"", NotObject),
        ("{}", NotWorkspace),
        (r#"{"format": "vmdeck-workspaces", "version": 1}"#, NotWorkspace),
        (r#"{"format": ["vmdeck-workspace"], "version": 1}"#, NotWorkspace),
        (r#"{"format": "vmdeck-workspace"}"#, NoVersion),
        (r#"{"format": "vmdeck-workspace", "version": "1"}"#, NoVersion),
        (r#"{"format": "vmdeck-workspace", "version": 0}"#, NoVersion),
        (r#"{"format": "vmdeck-workspace", "version": 1.5}"#, NoVersion),
        (r#"{"format": "vmdeck-workspace", "version": 3}"#, Newer { version: 3 }),
    ];
    for (text, error) in cases {
        assert_eq!(Workspace::read(text), Err(error), "{text:.80}");
    }
    assert!(Workspace::read(&file(json!({}))).is_ok());
    let newer = Newer { version: 3 }.message();
    assert!(newer.contains("version 3") && newer.contains("version 1"), "{newer}");
    let messages: BTreeSet<String> = cases.iter().map(|(_, error)| error.message()).collect();
    assert_eq!(messages.len(), 6, "each refusal says its own: {messages:?}");
    assert_eq!(TooLarge.message(), "This file is too large to be a workspace (at most 2 MB).");
    let _spanish = crate::i18n::LocaleGuard::spanish();
    assert!(Newer { version: 3 }.message().contains("versión 3"));
}

#[test]
fn a_section_of_the_wrong_kind_refuses_the_whole_file_and_is_named() {
    let wrong = [
        ("tags", json!([["1001", "web"]]), Tags::NAME, Kind::Object),
        ("pins", json!({ "1001": true }), Pins::NAME, Kind::List),
        ("views", json!("Web servers"), Views::NAME, Kind::List),
        ("protection", json!(["1001"]), Marks::NAME, Kind::Object),
        (
            "firewall_sets",
            json!({ "name": "Office", "rules": [] }),
            <Vec<WrittenSet>>::NAME,
            Kind::List,
        ),
        ("history", json!(null), TaskList::NAME, Kind::List),
        ("my_address", json!([203, 0, 113, 7]), <Option<Ipv4Addr>>::NAME, Kind::Text),
    ];
    for (key, value, section, expected) in wrong {
        let mut sections = serde_json::from_str::<Value>(&full().to_file_text()).unwrap();
        sections[key] = value;
        assert_eq!(
            Workspace::read(&sections.to_string()),
            Err(WorkspaceError::WrongKind { section, expected }),
            "{key}"
        );
        assert_eq!(section.key, key);
    }
    let message =
        WorkspaceError::WrongKind { section: Tags::NAME, expected: Kind::Object }.message();
    assert_eq!(message, "This workspace cannot be read: “Tags” should be an object { … }.");
    let _spanish = crate::i18n::LocaleGuard::spanish();
    let message =
        WorkspaceError::WrongKind { section: Views::NAME, expected: Kind::List }.message();
    assert_eq!(
        message,
        "Este espacio de trabajo no se puede leer: «Vistas guardadas» debería ser una lista [ … ]."
    );
}

#[test]
fn within_a_section_what_cannot_be_read_is_left_out_and_counted() {
    let first = serde_json::to_value(task(4, 4000.0)).unwrap();
    let text = file(json!({
        "tags": { "5": ["Web", "web", 3, "a,b"], "x": ["db"], "6": "web", "7": ["db"] },
        "pins": ["5", "5", "x", 6, "8"],
        "views": [{ "name": "Web", "href": "/vms?tag=web" }, { "name": "Out", "href": "https://example.org/" }],
        "protection": { "5": true, "x": true, "6": "yes" },
        "firewall_sets": [
            { "name": "Office", "rules": ["accept tcp 22"] },
            { "name": "No rules" },
            { "name": "Broken", "rules": ["accept tcp 99999"] },
            { "name": "OFFICE ", "rules": ["accept tcp 2222"] },
        ],
        "history": [first, "an entry", { "id": 4, "started": 1.0 }, serde_json::to_value(task(4, 5000.0)).unwrap()],
        "my_address": "203.0.113.300",
        "columns": ["hostname", "status"],
    }));
    let read = Workspace::read(&text).unwrap();
    assert_eq!(read.sections.tags.to_json(), json!({ "5": ["web"], "7": ["db"] }));
    assert_eq!(read.sections.pins.ids(), ["5", "8"]);
    assert_eq!(read.sections.views.list().len(), 1);
    assert_eq!(read.sections.protection.to_json(), json!({ "5": true }));
    assert_eq!(
        read.sections.rule_sets,
        vec![set_with("OFFICE ", "accept tcp 2222")],
        "a second of a name takes the first's place"
    );
    assert_eq!(read.sections.history.tasks(), [task(4, 4000.0)]);
    assert_eq!(read.sections.my_address, None);
    assert_eq!(read.sections.columns.to_param(), "status");
    let unread: Vec<(&str, usize)> = read.unread.iter().map(|(key, n)| (*key, *n)).collect();
    assert_eq!(
        unread,
        [
            ("columns", 1),
            ("firewall_sets", 3),
            ("history", 3),
            ("my_address", 1),
            ("pins", 3),
            ("protection", 2),
            ("tags", 5),
            ("views", 1)
        ]
    );
    assert_eq!((read.unread("tags"), read.unread("nothing")), (5, 0));
}

fn set_with(name: &str, rule: &str) -> WrittenSet {
    WrittenSet { name: name.into(), policy: None, rules: vec![rule.into()] }
}

#[test]
fn the_file_sent_to_a_store_reads_back_as_the_file_written() {
    let workspace = full();
    assert_eq!(Workspace::read(&workspace.to_json().to_string()), Ok(workspace));
}
