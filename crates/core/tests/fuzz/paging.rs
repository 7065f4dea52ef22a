//! Paging: pages at any offset and limit, and the paging headers.

use crate::cases;
use proptest::option;
use proptest::prelude::*;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::{Page, PageInfo};

fn page_info_sent() -> impl Strategy<Value = PageInfo> {
    (
        option::of(any::<u64>()),
        option::of(any::<u64>()),
        option::of(any::<u64>()),
        option::of(any::<u64>()),
    )
        .prop_map(|(total, total_pages, page, per_page)| PageInfo {
            total,
            total_pages,
            page,
            per_page,
        })
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn arbitrary_paging(offset in prop_oneof![any::<u64>(), u64::MAX - 1000..=u64::MAX], limit in any::<u64>(), total in option::of(any::<u64>()), count in 0usize..300) {
        let page = Page { items: vec![(); count], offset, limit, total, skipped: 0 };
        let _ = (page.has_next(), page.has_previous(), page.range_label());
        let query = VmQuery::default().at_offset(offset).with_limit(limit);
        let _ = (query.href(), query.params());
    }
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn paging_headers_round_trip(info in page_info_sent()) {
        let header = |value: Option<u64>| value.map(|n| format!(" {n} "));
        let read = PageInfo::from_headers(|name| match name {
            "x-total" => header(info.total),
            "x-total-pages" => header(info.total_pages),
            "x-page" => header(info.page),
            "x-per-page" => header(info.per_page),
            _ => None,
        });
        prop_assert_eq!(read, info);
    }
}
