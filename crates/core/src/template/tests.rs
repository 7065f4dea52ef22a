use super::*;
use serde_json::json;

fn documented() -> Vec<Template> {
    Template::list_from_json(&json!([
        {"id": "11", "label": "Debian 12", "public": 1, "status": "active", "template_size": "3",
         "operating_system": "linux", "operating_system_distro": "debian",
         "operating_system_edition": "12", "operating_system_arch": "x64"},
        {"id": "12", "label": "AlmaLinux 9", "public": 1, "status": "active", "template_size": 4,
         "operating_system": "linux", "operating_system_distro": "almalinux"},
        {"id": "13", "label": "Debian 11", "public": 1, "status": "inactive",
         "operating_system": "linux", "operating_system_distro": "debian"},
        {"id": "14", "label": "web before upgrade", "public": 0, "backup_id": 77, "status": "pending",
         "operating_system": "linux", "operating_system_distro": "debian"},
        {"id": "15", "label": "Appliance", "public": "0", "status": "active"},
        {"id": "16", "label": "Alpine", "operating_system_distro": "alpine"}
    ]))
    .unwrap()
}

#[test]
fn documented_fields_are_read_tolerantly() {
    let list = documented();
    let debian = &list[0];
    assert_eq!(debian.size_gb, Some(3));
    assert_eq!(debian.public, Some(true));
    assert_eq!((debian.edition.as_deref(), debian.arch.as_deref()), (Some("12"), Some("x64")));
    assert_eq!(list[1].size_gb, Some(4));
    assert_eq!(list[3].backup_id.as_deref(), Some("77"));
    assert_eq!(list[0].raw.get("operating_system"), Some(&json!("linux")));
}

#[test]
fn only_active_templates_or_those_without_a_status_are_offered() {
    let offered: Vec<_> = documented().into_iter().filter(Template::is_offered).collect();
    let ids: Vec<_> = offered.iter().filter_map(|t| t.id.as_deref()).collect();
    assert_eq!(ids, ["11", "12", "15", "16"]);
}

#[test]
fn the_accounts_own_templates_are_those_not_public_or_made_from_a_backup() {
    let own: Vec<_> = documented().into_iter().filter(Template::is_own).collect();
    let ids: Vec<_> = own.iter().filter_map(|t| t.id.as_deref()).collect();
    assert_eq!(ids, ["14", "15"]);
}

#[test]
fn offered_templates_are_grouped_by_system_in_name_order_the_unknown_last() {
    let groups = offered_by_system(&documented());
    let shape: Vec<(Option<&str>, Vec<&str>)> = groups
        .iter()
        .map(|(g, ts)| (g.as_deref(), ts.iter().filter_map(|t| t.label.as_deref()).collect()))
        .collect();
    assert_eq!(
        shape,
        [
            (Some("almalinux"), vec!["AlmaLinux 9"]),
            (Some("alpine"), vec!["Alpine"]),
            (Some("debian"), vec!["Debian 12"]),
            (None, vec!["Appliance"]),
        ]
    );
}

#[test]
fn a_wrapped_list_and_odd_items_decode_without_failing() {
    let list = Template::list_from_json(&json!({"templates": [{"template": {"id": 1}}, 7, null]}))
        .unwrap();
    assert_eq!(list.len(), 1);
    assert!(Template::list_from_json(&json!("nope")).is_err());
}
