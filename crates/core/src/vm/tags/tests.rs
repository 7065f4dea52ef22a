use super::*;
use serde_json::json;

fn tag(text: &str) -> Tag {
    Tag::parse(text).unwrap()
}

#[test]
fn a_tag_is_written_one_way() {
    assert_eq!(tag("  Web   Servers ").as_str(), "web servers");
    assert_eq!(tag("WEB"), tag("web"));
    assert_eq!(tag("Übung").as_str(), "übung");
    assert_eq!(Tag::parse("   "), Err(TagError::Empty));
    assert_eq!(Tag::parse("a,b"), Err(TagError::Character));
    assert_eq!(Tag::parse("a\u{7}"), Err(TagError::Character));
    assert!(Tag::parse(&"x".repeat(MAX_CHARS)).is_ok());
    assert_eq!(Tag::parse(&"x".repeat(MAX_CHARS + 1)), Err(TagError::TooLong));
    // Counted in characters, not bytes.
    assert!(Tag::parse(&"é".repeat(MAX_CHARS)).is_ok());
}

#[test]
fn the_fields_hint_says_the_longest_tag() {
    assert!(t::TAGS_ADD_HINT.get().contains(&MAX_CHARS.to_string()), "{}", t::TAGS_ADD_HINT.get());
    let _spanish = crate::i18n::LocaleGuard::spanish();
    assert!(t::TAGS_ADD_HINT.get().contains(&MAX_CHARS.to_string()), "{}", t::TAGS_ADD_HINT.get());
}

#[test]
fn a_tags_colour_comes_from_its_name_alone() {
    assert_eq!(tag("web").colour(), tag(" WEB ").colour());
    assert!(["web", "db", "prod", "staging", "customer a", "backup", "eu", "us"]
        .iter()
        .all(|name| tag(name).colour() < COLOURS));
    let colours: BTreeSet<u32> =
        ["web", "db", "prod", "staging", "customer a", "backup", "eu", "us"]
            .iter()
            .map(|name| tag(name).colour())
            .collect();
    assert!(colours.len() > 3, "names spread over the colours: {colours:?}");
}

#[test]
fn a_typed_list_gives_its_tags_and_names_what_it_refused() {
    let long = "y".repeat(MAX_CHARS + 1);
    let (tags, refused) = parse_list(&format!("web, Prod,,web , {long}"));
    assert_eq!(tags, vec![tag("web"), tag("prod")]);
    assert_eq!(refused, vec![(long, TagError::TooLong)]);
    assert_eq!(parse_list(" , "), (vec![], vec![]));
}

#[test]
fn tags_are_added_removed_and_counted() {
    let mut tags = Tags::default();
    assert_eq!(tags.add("1", &tag("web")), Ok(()));
    assert_eq!(tags.add("1", &tag("web")), Ok(()), "a tag it has is kept once");
    assert_eq!(tags.add("2", &tag("web")), Ok(()));
    assert_eq!(tags.add("2", &tag("db")), Ok(()));
    assert_eq!(tags.add("../3", &tag("web")), Err(NotAdded::NotAVm), "not a VM id, not a full VM");
    assert_eq!(tags.of("1").map(Tag::as_str).collect::<Vec<_>>(), ["web"]);
    assert_eq!(tags.of("2").map(Tag::as_str).collect::<Vec<_>>(), ["db", "web"]);
    assert_eq!(tags.vms_with(&tag("web")), BTreeSet::from(["1", "2"]));
    assert_eq!(tags.in_use(), vec![(tag("db"), 1), (tag("web"), 2)]);
    tags.remove("1", &tag("web"));
    assert_eq!(tags.of("1").count(), 0);
    assert_eq!(tags.to_json(), json!({ "2": ["db", "web"] }), "a VM without tags is not kept");
    assert!(tags.forget("2"));
    assert!(!tags.forget("2"), "nothing left to forget");
    assert!(tags.is_empty());
}

#[test]
fn the_form_names_the_first_part_it_refuses() {
    assert!(TagForm { text: "web, db".into() }.errors().is_empty());
    let refused = TagForm { text: format!("web, {}", "z".repeat(MAX_CHARS + 1)) }.errors();
    assert!(
        refused.get("text").is_some_and(|m| m.contains(&"z".repeat(MAX_CHARS + 1))),
        "{refused:?}"
    );
    assert!(TagForm { text: " , ".into() }.errors().get("text").is_some());
}

#[test]
fn a_page_groups_by_tag_with_the_untagged_last_and_each_vm_once_first() {
    let mut tags = Tags::default();
    tags.add("1", &tag("web")).unwrap();
    tags.add("1", &tag("db")).unwrap();
    tags.add("3", &tag("web")).unwrap();
    let groups = group_by_tag(["1", "2", "3", "4"], &tags);
    assert_eq!(
        groups,
        vec![
            (Some(tag("db")), vec![(0, true)]),
            (Some(tag("web")), vec![(0, false), (2, true)]),
            (None, vec![(1, true), (3, true)]),
        ]
    );
    assert!(group_by_tag([], &tags).is_empty());
    assert_eq!(group_by_tag(["2"], &tags), vec![(None, vec![(0, true)])]);
}

#[test]
fn a_vm_holds_at_most_its_share_of_tags() {
    let mut tags = Tags::default();
    for i in 0..MAX_PER_VM {
        assert_eq!(tags.add("1", &tag(&format!("t{i}"))), Ok(()));
    }
    assert_eq!(tags.add("1", &tag("one more")), Err(NotAdded::Full));
    assert_eq!(tags.of("1").count(), MAX_PER_VM);
}

#[test]
fn kept_tags_read_back_and_what_is_not_a_tag_is_left_out() {
    let mut tags = Tags::default();
    tags.add("1001", &tag("web")).unwrap();
    tags.add("1002", &tag("db")).unwrap();
    assert_eq!(Tags::from_json(&tags.to_json()), tags);
    let read = Tags::from_json(
        &json!({ "5": ["Web", "web", 3, "", "a,b"], "x": ["web"], "6": "web", "7": [] }),
    );
    assert_eq!(read.to_json(), json!({ "5": ["web"] }));
    for not_tags in [json!(null), json!([]), json!("web"), json!(3)] {
        assert!(Tags::from_json(&not_tags).is_empty());
    }
}
