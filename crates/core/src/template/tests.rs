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

#[test]
fn a_form_offers_own_templates_first_then_by_system_with_sizes() {
    let shape: Vec<_> = choices(&documented())
        .into_iter()
        .map(|c| (c.id, c.label, c.group.unwrap_or_default()))
        .collect();
    assert_eq!(
        shape,
        [
            ("15".into(), "Appliance".into(), "Your templates".into()),
            ("12".into(), "AlmaLinux 9 (4 GB)".into(), "almalinux".into()),
            ("16".into(), "Alpine".into(), "alpine".into()),
            ("11".into(), "Debian 12 (3 GB)".into(), "debian".into()),
        ],
        "the pending own one and the inactive public one are not offered"
    );
}

#[test]
fn the_page_shows_status_system_and_origin_from_what_was_sent() {
    let list = documented();
    let statuses: Vec<_> = list.iter().map(Template::status_kind).collect();
    assert_eq!(
        statuses,
        [
            TemplateStatus::Active,
            TemplateStatus::Active,
            TemplateStatus::Inactive,
            TemplateStatus::Pending,
            TemplateStatus::Active,
            TemplateStatus::Unknown
        ]
    );
    assert_eq!(
        (TemplateStatus::Inactive.label(), TemplateStatus::Inactive.badge_class()),
        ("inactive", "badge badge-offline")
    );
    let odd = Template::list_from_json(&json!([{"id": 1, "status": " Merging "}])).unwrap();
    assert_eq!(odd[0].status_kind(), TemplateStatus::Other("Merging".into()));
    assert_eq!(odd[0].status_kind().label(), "Merging");
    assert_eq!(list[0].system(), "debian · 12 · x64");
    assert_eq!(list[4].system(), crate::i18n::DASH);
    assert_eq!(list[3].made_from().as_deref(), Some("Backup 77"));
    assert_eq!(list[0].made_from(), None);
    let copy = Template::list_from_json(&json!([{"id": 2, "public": 0, "clone_id": 14}])).unwrap();
    assert_eq!(copy[0].made_from().as_deref(), Some("Copy of template 14"));
    assert_eq!((odd[0].name(), list[0].name()), ("#1".to_owned(), "Debian 12".to_owned()));
}

#[test]
fn the_page_lists_the_accounts_own_first_in_the_order_sent() {
    let ids: Vec<_> = own_first(documented()).into_iter().filter_map(|t| t.id).collect();
    assert_eq!(ids, ["14", "15", "11", "12", "13", "16"]);
}

#[test]
fn the_distribution_filter_suggests_each_distribution_once() {
    let mut list = documented();
    list.extend(
        Template::list_from_json(&json!([{"operating_system_distro": " Debian "}])).unwrap(),
    );
    assert_eq!(distros(&list), ["almalinux", "alpine", "debian"]);
}
