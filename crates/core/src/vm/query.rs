//! The VM list's view: filters, sort and page. One type serves the page's
//! URL (so a view can be bookmarked and shared) and the API's query string;
//! both use the API's own parameter names. The tag filter is the panel's
//! own (`tag` in the URL, never sent to the API), and so are the grouping
//! and the columns shown, which change what is drawn, not what is read.

use crate::vm::columns::Columns;
use crate::vm::sort::{Order, SORT_FIELDS};
use crate::vm::tags::Tag;
use std::fmt;

/// Page sizes the list offers.
pub const PAGE_SIZES: [u64; 5] = [25, 50, 100, 250, 1000];
pub const DEFAULT_LIMIT: u64 = 50;

/// The spec's filters of the VM list, in the order the filter bar shows them.
pub const FILTERS: [&str; 11] = [
    "hostname",
    "label",
    "ip_address",
    "status",
    "type",
    "cpu_type",
    "location_id",
    "disk_type",
    "locked",
    "suspended",
    "id",
];

/// One view of the list. Filter values are kept as the user gave them
/// (trimmed); empty ones are absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VmQuery {
    /// `(filter name, value)` in [`FILTERS`] order.
    pub filters: Vec<(&'static str, String)>,
    pub sort: Option<&'static str>,
    pub order: Order,
    pub offset: u64,
    pub limit: u64,
    /// Only the VMs with this tag ([`crate::vm::tags`]).
    pub tag: Option<Tag>,
    /// The page's VMs in a group per tag (`group=tag`; the panel's own).
    pub group_by_tag: bool,
    /// The columns shown (`cols=`); `None` for the default.
    pub columns: Option<Columns>,
}

impl Default for VmQuery {
    fn default() -> Self {
        Self {
            filters: Vec::new(),
            sort: None,
            order: Order::Asc,
            offset: 0,
            limit: DEFAULT_LIMIT,
            tag: None,
            group_by_tag: false,
            columns: None,
        }
    }
}

impl VmQuery {
    /// Reads a view from URL parameters. Anything unknown or malformed is
    /// dropped rather than refused: a hand-edited URL still opens a page.
    pub fn from_params<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Self {
        let filters = FILTERS
            .iter()
            .filter_map(|name| {
                let value = get(name)?.trim();
                (!value.is_empty() && valid_filter(name, value)).then(|| (*name, value.to_owned()))
            })
            .collect();
        let sort =
            get("sort").and_then(|s| SORT_FIELDS.iter().find(|(f, _)| *f == s)).map(|(f, _)| *f);
        let order = if get("order") == Some("desc") { Order::Desc } else { Order::Asc };
        let limit = get("limit")
            .and_then(|l| l.parse::<u64>().ok())
            .filter(|l| (1..=1000).contains(l))
            .unwrap_or(DEFAULT_LIMIT);
        let offset = get("offset").and_then(|o| o.parse::<u64>().ok()).unwrap_or(0);
        let tag = get("tag").and_then(|t| Tag::parse(t).ok());
        let group_by_tag = get("group") == Some("tag");
        let columns = get("cols").and_then(Columns::parse_list).filter(|c| !c.is_default());
        Self { filters, sort, order, offset, limit, tag, group_by_tag, columns }
    }

    /// The parameters of this view for the API: all of the URL's but the
    /// tag and the grouping. Defaults are left out so that URLs stay short.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut out: Vec<(&'static str, String)> = self.filters.clone();
        if let Some(sort) = self.sort {
            out.push(("sort", sort.to_owned()));
            out.push(("order", self.order.as_str().to_owned()));
        }
        if self.offset > 0 {
            out.push(("offset", self.offset.to_string()));
        }
        out.push(("limit", self.limit.to_string()));
        out
    }

    /// `/vms?…` for this view.
    pub fn href(&self) -> String {
        let mut out = String::from("/vms");
        let mut params = self.params();
        let at = self.filters.len();
        if let Some(columns) = &self.columns {
            params.insert(at, ("cols", columns.to_param()));
        }
        if self.group_by_tag {
            params.insert(at, ("group", "tag".to_owned()));
        }
        if let Some(tag) = &self.tag {
            params.insert(at, ("tag", tag.as_str().to_owned()));
        }
        for (i, (key, value)) in params.iter().enumerate() {
            out.push(if i == 0 { '?' } else { '&' });
            out.push_str(key);
            out.push('=');
            crate::api::paths::encode_component(value, &mut out);
        }
        out
    }

    /// What is read from the API for this view, and the tag's VMs picked
    /// from it: the view without what only changes how it is drawn.
    pub fn read_part(&self) -> Self {
        Self { group_by_tag: false, columns: None, ..self.clone() }
    }

    /// The view with the `remembered` columns where it names none.
    pub fn or_columns(self, remembered: &Columns) -> Self {
        match self.columns {
            Some(_) => self,
            None => self.with_columns(remembered.clone()),
        }
    }

    /// The columns shown.
    pub fn shown_columns(&self) -> Columns {
        self.columns.clone().unwrap_or_default()
    }

    /// The same view with `columns` shown (`None` for the default when it is).
    pub fn with_columns(&self, columns: Columns) -> Self {
        Self { columns: (!columns.is_default()).then_some(columns), ..self.clone() }
    }

    pub fn filter(&self, name: &str) -> Option<&str> {
        self.filters.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str())
    }

    /// The same view with one filter set (or cleared, when empty), back on
    /// the first page: the old offset means nothing for a new result.
    pub fn with_filter(&self, name: &str, value: &str) -> Self {
        let value = value.trim();
        let set = !value.is_empty() && valid_filter(name, value);
        // Written out in FILTERS order rather than sorted: the list page's
        // module then carries no sort for it.
        let filters = FILTERS
            .iter()
            .filter_map(|f| match *f == name {
                true => set.then(|| (*f, value.to_owned())),
                false => self.filter(f).map(|v| (*f, v.to_owned())),
            })
            .collect();
        Self { filters, offset: 0, ..self.clone() }
    }

    pub fn without_filters(&self) -> Self {
        Self { filters: Vec::new(), offset: 0, tag: None, ..self.clone() }
    }

    /// The same view with only the VMs tagged `tag` (or all, for `None`), back on the first page.
    pub fn with_tag(&self, tag: Option<Tag>) -> Self {
        Self { tag, offset: 0, ..self.clone() }
    }

    /// Sorting by a column: a new column sorts ascending, the same one flips.
    pub fn sorted_by(&self, field: &str) -> Self {
        let Some((field, _)) = SORT_FIELDS.iter().find(|(f, _)| *f == field) else {
            return self.clone();
        };
        let order = match (self.sort, self.order) {
            (Some(current), Order::Asc) if current == *field => Order::Desc,
            _ => Order::Asc,
        };
        Self { sort: Some(field), order, offset: 0, ..self.clone() }
    }

    pub fn at_offset(&self, offset: u64) -> Self {
        Self { offset, ..self.clone() }
    }

    pub fn with_limit(&self, limit: u64) -> Self {
        let limit = if (1..=1000).contains(&limit) { limit } else { DEFAULT_LIMIT };
        // Keep the first VM on screen in view: start the new page where it is.
        Self { limit, offset: self.offset / limit * limit, ..self.clone() }
    }

    pub fn has_filters(&self) -> bool {
        !self.filters.is_empty() || self.tag.is_some()
    }

    /// The text of the search box: the address searched for, else the
    /// host name (or label) text.
    pub fn search_text(&self, by_label: bool) -> &str {
        let field = if by_label { "label" } else { "hostname" };
        self.filter("ip_address").or_else(|| self.filter(field)).unwrap_or_default()
    }

    /// The view with `text` as the search: the one search filter it goes to
    /// ([`search_field`]) replaces any other, the other filters stay.
    pub fn with_search(&self, text: &str, by_label: bool) -> Self {
        let mut next = self.clone();
        for field in SEARCH_FIELDS {
            next = next.with_filter(field, "");
        }
        next.with_filter(search_field(text, by_label), text)
    }

    /// Filters other than the search's, for the count on the Filters button.
    pub fn other_filter_count(&self) -> usize {
        self.filters.iter().filter(|(name, _)| !SEARCH_FIELDS.contains(name)).count()
            + usize::from(self.tag.is_some())
    }
}

/// The filters the search box writes.
pub const SEARCH_FIELDS: [&str; 3] = ["hostname", "label", "ip_address"];

/// Values the API would refuse are not sent: flags are 0/1, ids digits.
fn valid_filter(name: &str, value: &str) -> bool {
    match name {
        "locked" | "suspended" => matches!(value, "0" | "1"),
        "id" | "location_id" => crate::validate::is_id(value),
        _ => value.chars().count() <= 200,
    }
}

impl fmt::Display for VmQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.href())
    }
}

/// Which filter a search text goes to: an IPv4 address searches addresses,
/// anything else host names (or labels, when the user chose them).
pub fn search_field(text: &str, prefer_label: bool) -> &'static str {
    if text.trim().parse::<std::net::Ipv4Addr>().is_ok() {
        "ip_address"
    } else if prefer_label {
        "label"
    } else {
        "hostname"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn parse(query: &str) -> VmQuery {
        let map: HashMap<&str, &str> =
            query.split('&').filter_map(|kv| kv.split_once('=')).collect();
        VmQuery::from_params(|k| map.get(k).copied())
    }

    #[test]
    fn a_column_sorts_by_a_field_the_list_sorts_by() {
        for column in crate::vm::columns::Column::ALL {
            if let Some(field) = column.sort_field() {
                assert!(
                    SORT_FIELDS.iter().any(|(f, _)| *f == field),
                    "{column:?} sorts by {field}"
                );
            }
        }
    }

    #[test]
    fn a_url_round_trips() {
        let q = parse("status=online&sort=label&order=asc&offset=50&limit=50&hostname=web");
        assert_eq!(q.filter("status"), Some("online"));
        assert_eq!(q.filter("hostname"), Some("web"));
        assert_eq!(q.sort, Some("label"));
        assert_eq!((q.offset, q.limit), (50, 50));
        assert_eq!(
            q.href(),
            "/vms?hostname=web&status=online&sort=label&order=asc&offset=50&limit=50"
        );
        let again = parse(q.href().trim_start_matches("/vms?"));
        assert_eq!(again, q);
    }

    #[test]
    fn the_tag_is_in_the_url_and_not_in_the_apis_query() {
        let q = parse("tag=Web%20Servers&status=online&offset=50");
        // The test's parser does not decode: the URL's own decoding is the router's.
        assert_eq!(q.tag.as_ref().map(Tag::as_str), Some("web%20servers"));
        let q = VmQuery::default()
            .with_filter("status", "online")
            .with_tag(Tag::parse("Web Servers").ok())
            .at_offset(50);
        assert_eq!(q.href(), "/vms?status=online&tag=web%20servers&offset=50&limit=50");
        assert!(q.params().iter().all(|(key, _)| *key != "tag"));
        assert_eq!(q.with_filter("hostname", "db").tag, q.tag, "another filter keeps the tag");
        assert_eq!(q.with_tag(None).offset, 0);
        assert_eq!(q.other_filter_count(), 2);
        assert!(q.with_filter("status", "").has_filters());
        assert_eq!(q.without_filters().tag, None);
        assert_eq!(parse("tag=%20").tag.map(|t| t.as_str().to_owned()), Some("%20".to_owned()));
        assert_eq!(parse("tag=a,b").tag, None, "not a tag: no filter");
        let grouped = VmQuery { group_by_tag: true, ..q.clone() };
        assert_eq!(
            grouped.href(),
            "/vms?status=online&tag=web%20servers&group=tag&offset=50&limit=50"
        );
        assert!(grouped.params().iter().all(|(key, _)| *key != "group"));
        assert!(parse("group=tag").group_by_tag);
        assert!(!parse("group=status").group_by_tag);
        assert!(grouped.without_filters().group_by_tag, "grouping is no filter");
    }

    #[test]
    fn the_columns_are_in_the_url_and_not_in_what_is_read() {
        use crate::vm::columns::{Column, Columns};
        let q = parse("cols=note,memory,price&status=online&group=tag");
        let shown = q.shown_columns();
        assert_eq!(shown.list(), [Column::Note, Column::Memory]);
        assert_eq!(q.href(), "/vms?status=online&group=tag&cols=note%2Cmemory&limit=50");
        assert_eq!(parse(&q.href().replace("%2C", ",")["/vms?".len()..]), q);
        assert!(q.params().iter().all(|(key, _)| *key != "cols"));
        assert_eq!(
            q.read_part(),
            parse("status=online"),
            "columns and grouping do not change what is read"
        );
        assert_eq!(parse("cols=price").columns, None);
        let default = Columns::default().to_param();
        assert_eq!(parse(&format!("cols={default}")).columns, None, "the default is not written");
        let remembered = Columns::parse_list("tags").unwrap_or_default();
        assert_eq!(parse("status=online").or_columns(&remembered).shown_columns(), remembered);
        assert_eq!(q.clone().or_columns(&remembered), q, "the URL's columns first");
        assert_eq!(q.with_columns(Columns::default()).columns, None);
        assert_eq!(q.without_filters().columns, q.columns, "columns are no filter");
    }

    #[test]
    fn nonsense_in_the_url_is_dropped() {
        let q = parse("sort=price&order=sideways&limit=5000&offset=-3&locked=maybe&id=abc&bogus=1");
        assert_eq!(q, VmQuery::default());
        assert_eq!(q.href(), "/vms?limit=50");
    }

    #[test]
    fn values_are_encoded() {
        let q = VmQuery::default().with_filter("label", "web & db");
        assert_eq!(q.href(), "/vms?label=web%20%26%20db&limit=50");
    }

    #[test]
    fn filtering_returns_to_the_first_page() {
        let q = VmQuery { offset: 100, ..Default::default() }.with_filter("status", "offline");
        assert_eq!(q.offset, 0);
        assert_eq!(q.with_filter("status", " ").filters, vec![]);
        assert_eq!(q.with_filter("nope", "x").filters, q.filters);
    }

    #[test]
    fn filters_keep_the_bars_order_whatever_order_they_are_set_in() {
        let q =
            VmQuery { sort: Some("memory"), order: Order::Desc, limit: 20, ..Default::default() }
                .with_filter("id", "7")
                .with_filter("status", "online")
                .with_filter("hostname", "web");
        assert_eq!(
            q.filters,
            vec![
                ("hostname", "web".to_owned()),
                ("status", "online".to_owned()),
                ("id", "7".to_owned())
            ]
        );
        let q = q.with_filter("status", "offline").with_filter("hostname", "");
        assert_eq!(q.filters, vec![("status", "offline".to_owned()), ("id", "7".to_owned())]);
        assert_eq!(
            (q.sort, q.order, q.limit),
            (Some("memory"), Order::Desc, 20),
            "the rest of the view stays"
        );
        assert_eq!(
            q.with_filter("locked", "perhaps").filters,
            q.filters,
            "a value the filter cannot take sets nothing"
        );
    }

    #[test]
    fn sorting_a_column_twice_flips_it() {
        let q = VmQuery::default().sorted_by("memory");
        assert_eq!((q.sort, q.order), (Some("memory"), Order::Asc));
        let q = q.sorted_by("memory");
        assert_eq!(q.order, Order::Desc);
        let q = q.sorted_by("memory");
        assert_eq!(q.order, Order::Asc);
        assert_eq!(q.sorted_by("cpus").order, Order::Asc);
        assert_eq!(q.sorted_by("price"), q);
    }

    #[test]
    fn a_new_page_size_keeps_the_place() {
        let q = VmQuery { offset: 150, limit: 50, ..Default::default() }.with_limit(100);
        assert_eq!((q.offset, q.limit), (100, 100));
        assert_eq!(q.with_limit(0).limit, DEFAULT_LIMIT);
    }

    #[test]
    fn search_goes_to_the_right_filter() {
        assert_eq!(search_field("203.0.113.7", false), "ip_address");
        assert_eq!(search_field("web", false), "hostname");
        assert_eq!(search_field("web", true), "label");
        assert_eq!(search_field("203.0.113", false), "hostname");
    }

    #[test]
    fn a_search_replaces_the_search_before_and_keeps_other_filters() {
        let start = VmQuery::default().with_filter("status", "online").with_filter("label", "old");
        let by_host = start.with_search("web", false);
        assert_eq!(by_host.filter("hostname"), Some("web"));
        assert_eq!(by_host.filter("label"), None);
        assert_eq!(by_host.filter("status"), Some("online"));
        assert_eq!(by_host.search_text(false), "web");
        assert_eq!(by_host.other_filter_count(), 1);

        let by_ip = by_host.with_search("203.0.113.7", false);
        assert_eq!(by_ip.filter("ip_address"), Some("203.0.113.7"));
        assert_eq!(by_ip.filter("hostname"), None);
        assert_eq!(by_ip.search_text(true), "203.0.113.7");

        let cleared = by_ip.with_search("", false);
        assert_eq!(cleared.search_text(false), "");
        assert_eq!(cleared.filters.len(), 1);
        assert_eq!(start.search_text(true), "old");
        assert_eq!(start.search_text(false), "");
    }
}
