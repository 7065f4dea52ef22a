use super::*;
use crate::api::request;
use serde_json::json;

fn go(list: &mut TaskList, action: Operation, vm_id: &str, vm_name: &str, now: f64) -> u64 {
    list.start(Started { action, vm_id: vm_id.into(), vm_name: vm_name.into(), request: None }, now)
}

#[test]
fn tasks_start_newest_first_with_fresh_ids() {
    let mut list = TaskList::default();
    let a = go(&mut list, Operation::Reboot, "1", "web", 10.0);
    let b = go(&mut list, Operation::Stop, "2", "db", 20.0);
    assert_ne!(a, b);
    assert_eq!(list.tasks()[0].id, b);
    assert_eq!(list.running(), 2);
}

#[test]
fn ending_announces_once() {
    let mut list = TaskList::default();
    let id = go(&mut list, Operation::Reboot, "1", "web", 10.0);
    assert_eq!(
        list.end(id, TaskState::Done("now online".into()), 30.0).as_deref(),
        Some("Reboot on web: done, now online.")
    );
    assert_eq!(list.end(id, TaskState::Failed("late".into()), 40.0), None, "a task ends once");
    assert_eq!(list.tasks()[0].finished, Some(30.0));
    assert_eq!(list.running(), 0);
    let id = go(&mut list, Operation::Stop, "1", "web", 50.0);
    assert_eq!(
        list.end(id, TaskState::Failed("busy".into()), 60.0).as_deref(),
        Some("Stop on web failed: busy")
    );
    // An answer that said no more than done is not said twice.
    let id = go(&mut list, Operation::Edit, "1", "web", 70.0);
    assert_eq!(
        list.end(id, TaskState::Done(String::new()), 80.0).as_deref(),
        Some("Edit on web: done.")
    );
}

#[test]
fn a_read_ends_only_the_tasks_started_before_it() {
    let mut list = TaskList::default();
    let before = go(&mut list, Operation::Reboot, "1", "web", 10.0);
    let after = go(&mut list, Operation::Stop, "1", "web", 30.0);
    go(&mut list, Operation::Stop, "2", "db", 5.0);
    assert_eq!(list.due("1", 20.0), vec![before]);
    assert_eq!(list.due("1", 40.0), vec![after, before]);
}

#[test]
fn a_vm_found_gone_is_a_destroys_doing_only_while_that_destroy_runs() {
    let mut list = TaskList::default();
    go(&mut list, Operation::Stop, "1", "web", 10.0);
    assert!(!list.destroy_due("1", 20.0), "a stop does not destroy");
    let destroy = go(&mut list, Operation::Destroy, "1", "web", 30.0);
    assert!(!list.destroy_due("1", 25.0), "read before the destroy was sent");
    assert!(list.destroy_due("1", 40.0));
    assert!(!list.destroy_due("2", 40.0), "another VM");
    list.end(destroy, TaskState::Failed("busy".into()), 50.0);
    assert!(!list.destroy_due("1", 60.0), "a destroy refused destroyed nothing");
}

#[test]
fn each_unwatched_vm_is_polled_once_however_its_tasks_lie() {
    let mut list = TaskList::default();
    // Not adjacent: a, b, a (the old `dedup` kept both a's).
    go(&mut list, Operation::Reboot, "a", "A", 1.0);
    go(&mut list, Operation::Reboot, "b", "B", 2.0);
    go(&mut list, Operation::Stop, "a", "A", 3.0);
    go(&mut list, Operation::Stop, "c", "C", 4.0);
    assert_eq!(list.unwatched_running(|_| false), vec!["c", "a", "b"]);
    assert_eq!(list.unwatched_running(|vm| vm == "a"), vec!["c", "b"]);
}

#[test]
fn the_list_round_trips_as_a_plain_list() {
    let mut list = TaskList::default();
    let done = go(&mut list, Operation::Reboot, "1", "web", 1.0);
    list.end(done, TaskState::Done("ok".into()), 2.0);
    go(&mut list, Operation::Stop, "2", "db", 3.0);
    let text = serde_json::to_string(&list).unwrap_or_default();
    assert!(text.starts_with('['));
    assert_eq!(serde_json::from_str::<TaskList>(&text).ok(), Some(list.clone()));
    // Entries stored before interfaces and requests were recorded still read.
    let old = r#"[{"id":1,"action":"Reboot","vm_id":"1","vm_name":"web","started":1.0,"finished":null,"state":"Running"}]"#;
    assert_eq!(
        serde_json::from_str::<TaskList>(old).map(|l| l.tasks()[0].request.clone()).ok(),
        Some(String::new())
    );
}

#[test]
fn no_record_holds_a_secret() {
    let mut list = TaskList::default();
    let body = json!({"label": "Web", "hostname": "web-01", "initial_root_password": "hunter2-Secret", "api_token": "t0k3n", "memory": "2048"});
    list.start(
        Started {
            action: Operation::CreateVm,
            vm_id: String::new(),
            vm_name: "web-01".into(),
            request: Some(request::create_vm("1", body)),
        },
        1.0,
    );
    let text = serde_json::to_string(&list).unwrap_or_default();
    assert!(!text.contains("hunter2") && !text.contains("t0k3n"), "{text}");
    assert_eq!(
        list.tasks()[0].request,
        "POST /account/1/virtual_machine api_token=(not kept), hostname=\"web-01\", initial_root_password=(not kept), label=\"Web\", memory=\"2048\""
    );
    // A long note is cut; what is nested is not spelled out.
    let long = request::edit_vm(
        "1",
        "42",
        json!({"note": "n".repeat(100), "disks": [1, 2]}).as_object().cloned().unwrap_or_default(),
    )
    .unwrap();
    let summary = request_summary(&long);
    assert!(
        summary.contains("disks=…") && summary.contains(&format!("note=\"{}…", "n".repeat(39))),
        "{summary}"
    );
}

#[test]
fn an_address_is_kept_without_its_credentials() {
    let mount = request::mount_iso(
        "1",
        "42",
        &request::IsoSource::Url("https://user:pass@isos.example/x.iso?sig=abc#f".into()),
    )
    .unwrap();
    assert_eq!(
        request_summary(&mount),
        "POST /account/1/virtual_machine/42/iso iso_url=\"https://isos.example/x.iso\""
    );
    // Cut after the address is cleaned: the kept part is the host's, never the user's.
    let long = format!("https://user:pass@isos.example/{}.iso", "d".repeat(60));
    let mount = request::mount_iso("1", "42", &request::IsoSource::Url(long)).unwrap();
    assert!(
        request_summary(&mount)
            .ends_with(&format!("iso_url=\"https://isos.example/{}…", "d".repeat(18))),
        "{}",
        request_summary(&mount)
    );
    // A port stays.
    let mount =
        request::mount_iso("1", "42", &request::IsoSource::Url("ftp://a.org:2121/d/x.iso".into()))
            .unwrap();
    assert!(request_summary(&mount).ends_with("iso_url=\"ftp://a.org:2121/d/x.iso\""));

    let mut list = TaskList::default();
    let id = go(&mut list, Operation::MountIso, "42", "db", 1.0);
    let said = "Could not fetch “https://u:p@isos.example/x.iso?sig=1”.";
    list.end(id, TaskState::Failed(said.into()), 2.0);
    let text = serde_json::to_string(&list).unwrap_or_default();
    assert!(!text.contains("u:p") && !text.contains("sig="), "{text}");
    let entries: Vec<&Task> = list.tasks().iter().collect();
    assert_eq!(
        table(&entries, &crate::time::iso_from_millis).rows[0][6],
        "Could not fetch “https://isos.example/x.iso”."
    );
    // An entry stored before messages were cleaned is cleaned in the export.
    let old = r#"[{"id":1,"action":"Mount ISO","vm_id":"1","vm_name":"web","started":1.0,"finished":2.0,"state":{"Failed":"bad ftp://me:pw@a.org/x"}}]"#;
    let old: TaskList = serde_json::from_str(old).unwrap_or_default();
    let entries: Vec<&Task> = old.tasks().iter().collect();
    assert_eq!(table(&entries, &crate::time::iso_from_millis).rows[0][6], "bad ftp://a.org/x");
}

#[test]
fn the_newest_thousand_stay_and_an_interface_is_named() {
    let mut list = TaskList::default();
    let running = go(&mut list, Operation::Rebuild, "9", "old", 0.0);
    for n in 0..(KEEP + 10) {
        let id = go(&mut list, Operation::Reboot, "1", "web", n as f64);
        list.end(id, TaskState::Done("ok".into()), n as f64 + 1.0);
    }
    assert_eq!(list.tasks().len(), KEEP + 1, "the finished ones trimmed, the running one kept");
    assert!(list.tasks().iter().any(|t| t.id == running));
    let request = request::set_default_policy("1", "77", "DROP").unwrap();
    list.start(
        Started {
            action: Operation::SetDefaultPolicy,
            vm_id: "42".into(),
            vm_name: "db".into(),
            request: Some(request),
        },
        5.0,
    );
    assert_eq!(list.tasks()[0].interface.as_deref(), Some("77"));
    assert_eq!(list.of_vm("42").count(), 1);
}

#[test]
fn the_charts_mark_power_resize_rebuild_and_firewall_applies() {
    let mut list = TaskList::default();
    let edit = |body: serde_json::Value| {
        Some(request::edit_vm("1", "42", body.as_object().cloned().unwrap_or_default()).unwrap())
    };
    for (action, request, at) in [
        (Operation::Reboot, None, 1_000_000.0),
        (Operation::Edit, edit(json!({"label": "x"})), 2_000_000.0),
        (Operation::Edit, edit(json!({"memory": "2048"})), 3_000_000.0),
        (Operation::MountIso, None, 4_000_000.0),
        (Operation::ApplyFirewallRules, None, 5_000_000.0),
    ] {
        list.start(Started { action, vm_id: "42".into(), vm_name: "db".into(), request }, at);
    }
    list.start(
        Started {
            action: Operation::Stop,
            vm_id: "7".into(),
            vm_name: "other".into(),
            request: None,
        },
        6_000_000.0,
    );
    let moments = chart_moments(&list, "42");
    assert_eq!(
        moments,
        [
            (5_000, "Apply firewall rules".to_owned()),
            (3_000, "Resize".to_owned()),
            (1_000, "Reboot".to_owned())
        ]
    );
}

#[test]
fn the_table_has_times_results_and_durations() {
    let mut list = TaskList::default();
    let id = go(&mut list, Operation::Stop, "2", "db", 1_763_900_000_000.0);
    list.end(id, TaskState::Failed("The VM is busy.".into()), 1_763_900_002_500.0);
    let entries: Vec<&Task> = list.tasks().iter().collect();
    let table = table(&entries, &crate::time::iso_from_millis);
    assert_eq!(
        table.rows[0][..8],
        ["2025-11-23T12:13:20Z", "Stop", "2", "db", "", "refused", "The VM is busy.", "2.5"]
            .map(String::from)
    );
}

mod spanish_tests {
    use super::super::*;

    #[test]
    fn actions_in_spanish_whatever_language_they_were_recorded_in() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(action_label("Reboot"), "Reiniciar");
        assert_eq!(action_label("Reiniciar"), "Reiniciar");
        assert_eq!(action_label("Mount ISO"), "Montar ISO");
        assert_eq!(action_label("Something new"), "Something new");
        let mut list = TaskList::default();
        for action in [Operation::Reboot, Operation::Start, Operation::MountIso] {
            list.start(
                Started { action, vm_id: "7".into(), vm_name: "web".into(), request: None },
                60_000.0,
            );
        }
        let mut labels: Vec<String> =
            chart_moments(&list, "7").into_iter().map(|(_, label)| label).collect();
        labels.sort();
        assert_eq!(labels, ["Arrancar", "Reiniciar"]);
        // Kept by key, and exported under their English names.
        let recorded: Vec<&str> = list.tasks().iter().map(|t| t.action.as_str()).collect();
        assert_eq!(recorded, ["mount_iso", "start", "reboot"]);
        let entries: Vec<&Task> = list.tasks().iter().collect();
        assert_eq!(table(&entries, &crate::time::iso_from_millis).rows[1][1], "Start");
    }
}
