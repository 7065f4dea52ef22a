//! Taking a file in: what each section gains, within its limits, and the preview.

use super::{full, set, tag, task};
use crate::history::KEEP;
use crate::i18n::workspace as t;
use crate::vm::{pins::MAX_PINS, tags::MAX_PER_VM, views::MAX_VIEWS};
use crate::workspace::*;
use serde_json::json;

/// `sections` as a file merged into `current`: the merge and the section's one change.
fn take_in(sections: Sections, current: Sections) -> (Sections, Change) {
    let file = Workspace::read(&Workspace::new(1, "a", "b", sections).to_file_text()).unwrap();
    let merge = file.merge_into(&Workspace::new(2, "c", "d", current));
    assert_eq!(merge.changes.len(), 1, "{:?}", merge.changes);
    let change = merge.changes.into_iter().next().unwrap();
    (merge.result.sections, change)
}

fn names(counted: &Counted) -> Vec<&str> {
    counted.names.iter().map(String::as_str).collect()
}

#[test]
fn a_file_taken_into_the_state_it_came_from_changes_nothing() {
    let current = full();
    let file = Workspace::read(&current.to_file_text()).unwrap();
    let merge = file.merge_into(&current);
    assert!(merge.is_noop());
    assert_eq!(merge.result, current);
    assert_eq!(merge.changes.len(), 8, "every section the file carries");
    for change in &merge.changes {
        assert_eq!(
            (change.added.count, change.replaced.count, change.left_out.count, change.unread),
            (0, 0, 0, 0),
            "{change:?}"
        );
        assert!(change.unchanged > 0);
    }
    assert_eq!(merge.lines().first().map(String::as_str), Some(t::NOTHING_CHANGES.get()));
    assert!(merge.lines().contains(&"Tags: 3 unchanged.".to_owned()), "{:?}", merge.lines());
}

#[test]
fn into_an_empty_browser_everything_is_added_and_the_header_stays_the_browsers() {
    let file = Workspace::read(&full().to_file_text()).unwrap();
    let here = Workspace::new(9, "https://api.example.net/v1", "acct-99", Sections::default());
    let merge = file.merge_into(&here);
    assert!(!merge.is_noop());
    assert_eq!(merge.result.sections, full().sections);
    assert_eq!((merge.result.account.as_str(), merge.result.exported), ("acct-99", 9));
    let added: Vec<usize> = merge.changes.iter().map(|c| c.added.count).collect();
    assert_eq!(added, [3, 2, 1, 2, 2, 2, 1, 1]);
}

#[test]
fn a_section_the_file_does_not_carry_is_left_as_it_is() {
    let mut sections = Sections::default();
    sections.pins.pin("5");
    let merge = Workspace::new(1, "", "", sections).merge_into(&full());
    assert_eq!(merge.changes.iter().map(|c| c.section.key).collect::<Vec<_>>(), ["pins"]);
    assert_eq!(merge.result.sections.tags, full().sections.tags);
}

#[test]
fn tags_are_given_to_their_vms_while_a_vm_has_room() {
    let (mut file, mut here) = (Sections::default(), Sections::default());
    here.tags.add("1001", &tag("web")).unwrap();
    for (vm, name) in [("1001", "web"), ("1001", "db"), ("1003", "prod")] {
        file.tags.add(vm, &tag(name)).unwrap();
    }
    let (merged, change) = take_in(file, here.clone());
    assert_eq!(merged.tags.to_json(), json!({ "1001": ["db", "web"], "1003": ["prod"] }));
    assert_eq!(
        (change.added.count, names(&change.added), change.unchanged),
        (2, vec!["1001", "1003"], 1)
    );

    for i in 1..MAX_PER_VM {
        here.tags.add("1001", &tag(&format!("t{i}"))).unwrap();
    }
    let mut file = Sections::default();
    file.tags.add("1001", &tag("web")).unwrap();
    file.tags.add("1001", &tag("one more")).unwrap();
    file.tags.add("1002", &tag("db")).unwrap();
    let (merged, change) = take_in(file, here.clone());
    assert_eq!(merged.tags.of("1001").count(), MAX_PER_VM);
    assert_eq!(
        (change.added.count, change.unchanged, change.left_out.count, names(&change.left_out)),
        (1, 1, 1, vec!["1001"])
    );
    assert!(change.line().contains("1 left out: no room (1001)"), "{}", change.line());
}

#[test]
fn pins_not_pinned_here_come_last_in_the_files_order_while_there_is_room() {
    let (mut file, mut here) = (Sections::default(), Sections::default());
    for vm in ["1", "2"] {
        here.pins.pin(vm);
    }
    for vm in ["4", "1", "3"] {
        file.pins.pin(vm);
    }
    let (merged, change) = take_in(file, here);
    assert_eq!(merged.pins.ids(), ["1", "2", "4", "3"]);
    assert_eq!((names(&change.added), change.unchanged), (vec!["4", "3"], 1));

    let mut here = Sections::default();
    for vm in 1..MAX_PINS {
        here.pins.pin(&vm.to_string());
    }
    let mut file = Sections::default();
    for vm in ["101", "102", "103", "104", "105", "1"] {
        file.pins.pin(vm);
    }
    let (merged, change) = take_in(file, here);
    assert_eq!(merged.pins.ids().len(), MAX_PINS);
    assert_eq!(merged.pins.ids().last().map(String::as_str), Some("101"));
    assert_eq!((change.added.count, change.left_out.count, change.unchanged), (1, 4, 1));
    assert_eq!((names(&change.left_out), change.left_out.more), (vec!["102", "103", "104"], true));
    assert_eq!(
        change.line(),
        "Pinned VMs: 1 added (101), 1 unchanged, 4 left out: no room (102, 103, 104, …)."
    );
}

#[test]
fn a_view_of_a_name_here_takes_its_place_and_new_ones_need_room() {
    let (mut file, mut here) = (Sections::default(), Sections::default());
    here.views.save("Web servers", "/vms?tag=web");
    here.views.save("Big", "/vms?sort=memory");
    file.views.save("web servers", "/vms?tag=web&status=online");
    file.views.save("Big", "/vms?sort=memory");
    file.views.save("New", "/vms?status=offline");
    let (merged, change) = take_in(file, here);
    let kept: Vec<(&str, &str)> =
        merged.views.list().iter().map(|v| (v.name.as_str(), v.href.as_str())).collect();
    assert_eq!(
        kept,
        [
            ("web servers", "/vms?tag=web&status=online"),
            ("Big", "/vms?sort=memory"),
            ("New", "/vms?status=offline")
        ]
    );
    assert_eq!(
        (names(&change.replaced), names(&change.added), change.unchanged),
        (vec!["web servers"], vec!["New"], 1)
    );
    assert_eq!(change.line(), "Saved views: 1 added (New), 1 replaced (web servers), 1 unchanged.");

    let mut here = Sections::default();
    for i in 0..MAX_VIEWS {
        here.views.save(&format!("v{i}"), "/vms");
    }
    let mut file = Sections::default();
    file.views.save("V3", "/vms?limit=25");
    file.views.save("One more", "/vms");
    let (merged, change) = take_in(file, here);
    assert_eq!(
        merged.views.named("v3").map(|v| v.href.as_str()),
        Some("/vms?limit=25"),
        "replacing needs no room"
    );
    assert_eq!(
        (change.replaced.count, change.added.count, names(&change.left_out)),
        (1, 0, vec!["One more"])
    );
}

#[test]
fn the_files_protection_mark_wins_where_they_differ() {
    let (mut file, mut here) = (Sections::default(), Sections::default());
    here.protection.set("1", true);
    here.protection.set("2", false);
    file.protection.set("1", false);
    file.protection.set("2", false);
    file.protection.set("3", true);
    let (merged, change) = take_in(file, here);
    assert_eq!(merged.protection.to_json(), json!({ "1": false, "2": false, "3": true }));
    assert_eq!(
        (names(&change.replaced), names(&change.added), change.unchanged),
        (vec!["1"], vec!["3"], 1)
    );
}

#[test]
fn a_rule_set_of_a_name_here_is_replaced_by_the_files() {
    let mut file = Sections {
        rule_sets: vec![set("office", 443), set("SSH", 22), set("Mail", 25)],
        ..Sections::default()
    };
    let here =
        Sections { rule_sets: vec![set("Office", 22), set("Mail", 25)], ..Sections::default() };
    let (merged, change) = take_in(file.clone(), here.clone());
    let kept: Vec<(&str, &str)> =
        merged.rule_sets.iter().map(|s| (s.name.as_str(), s.rules[0].as_str())).collect();
    assert_eq!(
        kept,
        [("office", "accept tcp 443"), ("Mail", "accept tcp 25"), ("SSH", "accept tcp 22")]
    );
    assert_eq!(
        (names(&change.replaced), names(&change.added), change.unchanged),
        (vec!["office"], vec!["SSH"], 1)
    );
    file.rule_sets.truncate(0);
    assert!(Workspace::new(1, "", "", file)
        .merge_into(&Workspace::new(1, "", "", here))
        .changes
        .is_empty());
}

#[test]
fn history_entries_not_here_are_added_newest_first_and_a_clashing_id_is_renumbered() {
    let here = Sections {
        history: TaskList::from(vec![task(3, 3000.0), task(2, 2000.0), task(1, 1000.0)]),
        ..Sections::default()
    };
    // 3 is the same entry; 2 is another one under an id taken here.
    let file = Sections {
        history: TaskList::from(vec![task(3, 3000.0), task(2, 2500.0), task(7, 500.0)]),
        ..Sections::default()
    };
    let (merged, change) = take_in(file, here);
    let entries: Vec<(u64, f64)> =
        merged.history.tasks().iter().map(|task| (task.id, task.started)).collect();
    assert_eq!(entries, [(3, 3000.0), (8, 2500.0), (2, 2000.0), (1, 1000.0), (7, 500.0)]);
    assert_eq!((change.added.count, change.unchanged, change.left_out.count), (2, 1, 0));
}

#[test]
fn the_history_takes_the_files_newest_entries_while_it_has_room_and_keeps_its_own() {
    let own: Vec<_> = (1..KEEP as u64).map(|id| task(id, id as f64)).collect();
    let here = Sections {
        history: TaskList::from(own.iter().rev().cloned().collect::<Vec<_>>()),
        ..Sections::default()
    };
    let file = Sections {
        history: TaskList::from(vec![task(5000, 10.5), task(5001, 2_000_000.0), task(5002, 0.5)]),
        ..Sections::default()
    };
    let (merged, change) = take_in(file, here);
    assert_eq!(merged.history.tasks().len(), KEEP);
    assert_eq!(merged.history.tasks().first().map(|task| task.id), Some(5001));
    assert!(
        own.iter().all(|task| merged.history.tasks().contains(task)),
        "none of its own pushed out"
    );
    assert_eq!((change.added.count, change.left_out.count), (1, 2));
    assert_eq!(change.line(), "Activity history: 1 added, 2 left out: no room.");
}

#[test]
fn the_files_address_replaces_another_one_and_is_named() {
    let file = Sections { my_address: Some([198, 51, 100, 4].into()), ..Sections::default() };
    let (merged, change) = take_in(file.clone(), Sections::default());
    assert_eq!((merged.my_address, names(&change.added)), (file.my_address, vec!["198.51.100.4"]));
    let here = Sections { my_address: Some([203, 0, 113, 7].into()), ..Sections::default() };
    let (merged, change) = take_in(file.clone(), here);
    assert_eq!(
        (merged.my_address, names(&change.replaced)),
        (file.my_address, vec!["198.51.100.4"])
    );
    let (_, change) = take_in(file.clone(), file);
    assert_eq!((change.unchanged, change.replaced.count), (1, 0));
}

#[test]
fn a_section_that_could_not_be_read_is_in_the_preview_and_changes_nothing() {
    let text = Workspace::new(1, "", "", Sections::default()).to_file_text().replacen(
        '{',
        r#"{ "pins": ["x", "../1"],"#,
        1,
    );
    let merge = Workspace::read(&text).unwrap().merge_into(&full());
    assert!(merge.is_noop());
    assert_eq!(
        merge.lines(),
        ["Nothing here would change.", "Pinned VMs: 2 entries could not be read."]
    );
    let _spanish = crate::i18n::LocaleGuard::spanish();
    assert_eq!(
        merge.lines(),
        ["Aquí no cambiaría nada.", "VM fijadas: 2 entradas no se pudieron leer."]
    );
}

#[test]
fn the_columns_are_a_setting_the_file_replaces_where_it_differs() {
    use crate::vm::columns::Columns;
    let columns = |list: &str| Columns::parse_list(list).unwrap_or_default();
    let merged = |file: &Columns, here: &Columns| {
        let mut change = Change {
            section: Columns::NAME,
            added: Counted::default(),
            replaced: Counted::default(),
            unchanged: 0,
            left_out: Counted::default(),
            unread: 0,
        };
        (
            file.merge_into(here, &mut change),
            (change.added.count, change.replaced.count, change.unchanged),
        )
    };
    let (mine, theirs, default) = (columns("note"), columns("note,status"), Columns::default());
    assert_eq!(merged(&theirs, &mine), (theirs.clone(), (0, 1, 0)));
    assert_eq!(merged(&theirs, &default), (theirs.clone(), (1, 0, 0)));
    assert_eq!(merged(&theirs, &theirs), (theirs.clone(), (0, 0, 1)));
    assert_eq!(
        merged(&default, &mine),
        (mine, (0, 0, 0)),
        "a file with the default leaves the browser's choice"
    );
    assert_eq!(Columns::read(&Columns::write(&theirs)), theirs);
}
