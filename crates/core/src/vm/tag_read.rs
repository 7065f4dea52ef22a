//! A tag's VMs as last read for a view. The API cannot filter by a tag, so
//! the panel reads the tag's VMs one by one (or the view to its end:
//! `tag_reads` says which); a new order or page of the same view is then
//! cut from them while they are fresh, instead of asking for every one of
//! them again.

use crate::vm::query::VmQuery;
use crate::vm::sort::{sort_vms, Order};
use crate::{Page, Vm};
use std::collections::BTreeSet;

/// Every VM of a tag in a view, with when they were read.
#[derive(Clone, Debug, PartialEq)]
pub struct TagRead {
    /// The view's filters and tag: what was read, whatever its order or page.
    view: VmQuery,
    /// The VMs with the tag when they were read.
    tagged: BTreeSet<String>,
    /// The order and page last drawn from them: asked again, it is a refresh.
    shown: VmQuery,
    vms: Vec<Vm>,
    skipped: usize,
    /// When the read was asked for (ms since the epoch).
    read_at: f64,
}

impl TagRead {
    /// `vms`, every VM with the tag in `query`'s view (any order), read for
    /// `query` as asked at `read_at`; `skipped` the answers that could not
    /// be read.
    pub fn new(
        query: &VmQuery,
        tagged: BTreeSet<String>,
        vms: Vec<Vm>,
        skipped: usize,
        read_at: f64,
    ) -> Self {
        Self { view: view_of(query), tagged, shown: query.clone(), vms, skipped, read_at }
    }

    /// The page `query` asks for, in its order (the VMs kept are put in
    /// it; only the page's are copied).
    pub fn page(&mut self, query: &VmQuery) -> Page<Vm> {
        sort_vms(&mut self.vms, query.sort, query.order);
        page_of_tagged(&self.vms, &self.tagged, query.offset, query.limit, self.skipped)
    }

    /// The page `query` asks for, cut from these VMs, when it is another
    /// order or page of the same view with the same VMs tagged, read less
    /// than `max_age` ms before `now`, no write sent since the read was
    /// asked (`last_write_at`, from this tab or another), and none of them
    /// busy (their state is about to change). Otherwise none: read again.
    /// The same order and page asked again is a refresh (a poll, a focus,
    /// "Try again"), which always reads.
    pub fn page_for(
        &mut self,
        query: &VmQuery,
        tagged: &BTreeSet<String>,
        now: f64,
        max_age: f64,
        last_write_at: Option<f64>,
    ) -> Option<Page<Vm>> {
        let fresh =
            now - self.read_at < max_age && last_write_at.is_none_or(|at| at < self.read_at);
        let reusable = fresh
            && *query != self.shown
            && view_of(query) == self.view
            && *tagged == self.tagged
            && !self.vms.iter().any(|vm| vm.locked);
        if !reusable {
            return None;
        }
        self.shown = query.clone();
        Some(self.page(query))
    }
}

/// Whether `vm` is one of `tagged` (the VMs with a tag, by id).
pub fn is_tagged(vm: &Vm, tagged: &BTreeSet<String>) -> bool {
    vm.id.as_ref().is_some_and(|id| tagged.contains(id))
}

/// One page of the VMs with a tag: `all` is the list in the view's order;
/// the page is cut from the tagged ones (only its VMs copied), and their
/// count is the total.
pub fn page_of_tagged(
    all: &[Vm],
    tagged: &BTreeSet<String>,
    offset: u64,
    limit: u64,
    skipped: usize,
) -> Page<Vm> {
    let matching = || all.iter().filter(|vm| is_tagged(vm, tagged));
    let total = matching().count() as u64;
    let start = usize::try_from(offset).unwrap_or(usize::MAX);
    let items = matching()
        .skip(start)
        .take(usize::try_from(limit).unwrap_or(usize::MAX))
        .cloned()
        .collect();
    Page { items, offset, limit, total: Some(total), skipped }
}

/// `query` without its order and page.
fn view_of(query: &VmQuery) -> VmQuery {
    VmQuery { sort: None, order: Order::Asc, offset: 0, limit: 0, ..query.read_part() }
}

/// A tag of at most this many VMs may be read VM by VM (the API's `id`
/// filter): a hundred answers of one VM weigh about a tenth of one page of
/// 1,000, and an account of 10,000 VMs is not read to find them.
pub const BY_ID_MAX: usize = 100;

/// How a tag's VMs in a view are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TagReads {
    /// One request per VM, by the API's `id` filter with the view's filters.
    ById,
    /// The view itself, page by page, until every one of them is found.
    View,
}

/// How to read `tagged` VMs of a tag in `query`'s view, `view_size` being
/// how many VMs the view holds without the tag, when known, and `at_once`
/// how many requests go out together. By id, unless the tag has more than
/// `BY_ID_MAX` VMs, the view names one VM already, or the view is known to
/// be small: then one request of at most `BY_ID_MAX` VMs, which weighs no
/// more than that many answers by id, beats more than one round of them.
/// A size grown since it was seen costs a larger read, never a wrong one:
/// the view is read to its end.
pub fn tag_reads(
    query: &VmQuery,
    tagged: usize,
    view_size: Option<u64>,
    at_once: usize,
) -> TagReads {
    let small_view = view_size.is_some_and(|size| size <= BY_ID_MAX as u64);
    if tagged > BY_ID_MAX || query.filter("id").is_some() || (small_view && tagged > at_once) {
        TagReads::View
    } else {
        TagReads::ById
    }
}

/// How many VMs a view held when the API last answered for it, whatever
/// the order, page or tag: the list's answers carry their view's total.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewSize {
    view: VmQuery,
    total: u64,
}

impl ViewSize {
    /// `total` VMs in `query`'s view without its tag, from an answer to it.
    pub fn new(query: &VmQuery, total: u64) -> Self {
        Self { view: view_of(&query.with_tag(None)), total }
    }

    /// The size of `query`'s view without its tag, if this is that view.
    pub fn of(&self, query: &VmQuery) -> Option<u64> {
        (view_of(&query.with_tag(None)) == self.view).then_some(self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vm::tags::Tag;
    use serde_json::json;

    fn vm(id: u64, label: &str, locked: bool) -> Vm {
        Vm::from_json(&json!({ "id": id, "label": label, "locked": locked, "memory": 512 * id }))
            .unwrap()
    }

    fn query(sort: Option<&'static str>, order: Order, offset: u64) -> VmQuery {
        VmQuery { sort, order, offset, limit: 2, tag: Tag::parse("web").ok(), ..VmQuery::default() }
    }

    fn labels(page: &Page<Vm>) -> Vec<String> {
        page.items.iter().map(|vm| vm.label.clone().unwrap_or_default()).collect()
    }

    fn read(vms: Vec<Vm>) -> (TagRead, BTreeSet<String>) {
        let tagged: BTreeSet<String> = vms.iter().filter_map(|vm| vm.id.clone()).collect();
        (TagRead::new(&query(None, Order::Asc, 0), tagged.clone(), vms, 0, 1_000.0), tagged)
    }

    #[test]
    fn another_order_or_page_of_the_view_is_cut_from_the_vms_read() {
        let (mut kept, tagged) =
            read(vec![vm(3, "c", false), vm(1, "b", false), vm(2, "a", false)]);
        let by_label = kept
            .page_for(&query(Some("label"), Order::Asc, 0), &tagged, 2_000.0, 30_000.0, None)
            .unwrap();
        assert_eq!(labels(&by_label), ["a", "b"]);
        assert_eq!(by_label.total, Some(3));
        let second = kept
            .page_for(&query(Some("label"), Order::Asc, 2), &tagged, 2_000.0, 30_000.0, None)
            .unwrap();
        assert_eq!(labels(&second), ["c"]);
        let by_memory = kept
            .page_for(&query(Some("memory"), Order::Desc, 0), &tagged, 2_000.0, 30_000.0, None)
            .unwrap();
        assert_eq!(labels(&by_memory), ["c", "a"]);
    }

    #[test]
    fn a_refresh_an_old_read_a_write_since_a_busy_vm_or_another_view_reads_again() {
        let (mut kept, tagged) = read(vec![vm(1, "a", false), vm(2, "b", false)]);
        let sorted = query(Some("label"), Order::Asc, 0);
        assert!(
            kept.page_for(&query(None, Order::Asc, 0), &tagged, 2_000.0, 30_000.0, None).is_none(),
            "the same page again is a refresh"
        );
        assert!(
            kept.page_for(&sorted, &tagged, 31_000.0, 30_000.0, None).is_none(),
            "read too long ago"
        );
        assert!(
            kept.page_for(&sorted, &tagged, 2_000.0, 30_000.0, Some(1_500.0)).is_none(),
            "a write sent since"
        );
        let other_tagged = BTreeSet::from(["1".to_owned()]);
        assert!(
            kept.page_for(&sorted, &other_tagged, 2_000.0, 30_000.0, None).is_none(),
            "the tag's VMs changed"
        );
        let filtered = VmQuery { filters: vec![("status", "online".into())], ..sorted.clone() };
        assert!(
            kept.page_for(&filtered, &tagged, 2_000.0, 30_000.0, None).is_none(),
            "another filter"
        );
        assert!(
            kept.page_for(&sorted, &tagged, 2_000.0, 30_000.0, Some(500.0)).is_some(),
            "a write sent before the read"
        );
        assert!(
            kept.page_for(&sorted, &tagged, 2_000.0, 30_000.0, None).is_none(),
            "the order now shown, asked again, is a refresh"
        );

        let (mut busy, tagged) = read(vec![vm(1, "a", true), vm(2, "b", false)]);
        assert!(
            busy.page_for(&sorted, &tagged, 2_000.0, 30_000.0, None).is_none(),
            "a VM at work is about to change"
        );
    }

    #[test]
    fn a_tag_is_read_by_id_unless_it_is_large_the_view_names_one_vm_or_the_view_is_known_small() {
        let view = query(Some("label"), Order::Asc, 0);
        assert_eq!(tag_reads(&view, 12, None, 6), TagReads::ById, "the view's size unknown");
        assert_eq!(tag_reads(&view, 12, Some(10_000), 6), TagReads::ById, "a large view");
        assert_eq!(
            tag_reads(&view, 12, Some(40), 6),
            TagReads::View,
            "a small view: one request, not two rounds"
        );
        assert_eq!(
            tag_reads(&view, 6, Some(40), 6),
            TagReads::ById,
            "one round of reads by id, each of one VM"
        );
        assert_eq!(
            tag_reads(&view, 12, Some(BY_ID_MAX as u64 + 1), 6),
            TagReads::ById,
            "a view heavier than the reads by id"
        );
        assert_eq!(
            tag_reads(&view, BY_ID_MAX + 1, None, 6),
            TagReads::View,
            "more VMs than are read by id"
        );
        assert_eq!(
            tag_reads(&view.with_filter("id", "7"), 2, None, 6),
            TagReads::View,
            "the view names one VM"
        );
    }

    #[test]
    fn a_views_size_serves_its_other_orders_pages_and_tags_not_other_filters() {
        let untagged = VmQuery { tag: None, ..query(Some("memory"), Order::Desc, 0) };
        let size = ViewSize::new(&untagged, 40);
        assert_eq!(
            size.of(&query(Some("label"), Order::Asc, 2)),
            Some(40),
            "the same view with a tag, another order and page"
        );
        assert_eq!(
            size.of(&VmQuery { tag: Tag::parse("db").ok(), ..untagged.clone() }),
            Some(40),
            "another tag"
        );
        assert_eq!(size.of(&untagged.with_filter("status", "online")), None, "another filter");
        assert_eq!(
            ViewSize::new(&query(None, Order::Asc, 4), 3).of(&untagged),
            Some(3),
            "a size from a tag's view read is its view's without the tag"
        );
    }

    #[test]
    fn a_tagged_page_is_cut_from_the_tagged_vms_in_the_apis_order() {
        let vms: Vec<Vm> = (1..=10)
            .rev()
            .map(|i| Vm::from_json(&json!({ "id": i, "hostname": format!("h{i}") })).unwrap())
            .collect();
        let tagged: BTreeSet<String> =
            ["2", "4", "6", "8", "99"].iter().map(|s| (*s).to_owned()).collect();
        let page = page_of_tagged(&vms, &tagged, 0, 3, 1);
        let ids =
            |page: &Page<Vm>| page.items.iter().filter_map(|vm| vm.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&page), ["8", "6", "4"]);
        assert_eq!((page.total, page.skipped), (Some(4), 1));
        assert!(page.has_next());
        let next = page_of_tagged(&vms, &tagged, 3, 3, 0);
        assert_eq!(ids(&next), ["2"]);
        assert!(!next.has_next());
        assert!(page_of_tagged(&vms, &tagged, u64::MAX, 3, 0).items.is_empty());
    }
}
