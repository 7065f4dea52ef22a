//! The VM list's view (filters, sort, order, page, tag, grouping, columns) through its URL.

use crate::cases;
use proptest::option;
use proptest::prelude::*;
use proptest::sample::select;
use std::collections::HashMap;
use vmdeck_core::vm::columns::{Column, Columns};
use vmdeck_core::vm::query::{VmQuery, FILTERS};
use vmdeck_core::vm::sort::{Order, SORT_FIELDS};
use vmdeck_core::vm::tags::Tag;

fn query_sent() -> impl Strategy<Value = VmQuery> {
    let filter_value = |name: &'static str| -> BoxedStrategy<String> {
        match name {
            "locked" | "suspended" => select(vec!["0", "1"]).prop_map(str::to_owned).boxed(),
            "id" | "location_id" => "[0-9]{1,20}".boxed(),
            _ => any::<String>()
                .prop_map(|s| s.trim().chars().take(200).collect::<String>())
                .prop_filter("a value", |s| !s.is_empty() && s.trim() == s)
                .boxed(),
        }
    };
    let filters: Vec<_> = FILTERS
        .iter()
        .map(|name| option::of(filter_value(name)).prop_map(move |v| v.map(|v| (*name, v))))
        .collect();
    let tag = option::of(any::<String>().prop_filter_map("a tag", |text| Tag::parse(&text).ok()));
    // Any order of any columns, none twice; the default is written as none.
    let columns = option::of(
        proptest::sample::subsequence(Column::ALL.to_vec(), 1..=Column::ALL.len()).prop_shuffle(),
    )
    .prop_map(|list| {
        list.and_then(|list| {
            Columns::parse_list(&list.iter().map(|c| c.key()).collect::<Vec<_>>().join(","))
        })
        .filter(|c| !c.is_default())
    });
    (
        filters,
        option::of(select(SORT_FIELDS.to_vec())),
        any::<bool>(),
        any::<u64>(),
        1u64..=1000,
        (tag, any::<bool>(), columns),
    )
        .prop_map(|(filters, sort, desc, offset, limit, (tag, group_by_tag, columns))| {
            VmQuery {
                filters: filters.into_iter().flatten().collect(),
                sort: sort.map(|(field, _)| field),
                // Without a sort the order is not said, and reads as ascending.
                order: if desc && sort.is_some() { Order::Desc } else { Order::Asc },
                offset,
                limit,
                tag,
                group_by_tag,
                columns,
            }
        })
}

/// Reads `a=b&c=d` back as a browser's query map would.
fn query_map(href: &str) -> HashMap<String, String> {
    let decode = |text: &str| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).expect("two hex digits"));
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
    };
    let query = href.split_once('?').map_or("", |(_, q)| q);
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (decode(k), decode(v)))
        .collect()
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn list_views_round_trip_through_their_url(query in query_sent()) {
        let params = query_map(&query.href());
        prop_assert_eq!(VmQuery::from_params(|name| params.get(name).map(String::as_str)), query);
    }
}
