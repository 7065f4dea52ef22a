//! Paging: the window asked for and what the response's headers say of the whole.

use crate::i18n::messages as t;

/// The paging headers of a list response, where the API sent (and CORS exposed) them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PageInfo {
    pub total: Option<u64>,
    pub total_pages: Option<u64>,
    pub page: Option<u64>,
    pub per_page: Option<u64>,
}

impl PageInfo {
    /// Reads `X-Total`, `X-Total-Pages`, `X-Page` and `X-Per-Page` through a
    /// header lookup (case-insensitive on the caller's side).
    pub fn from_headers(get: impl Fn(&str) -> Option<String>) -> Self {
        let num = |name: &str| get(name).and_then(|v| v.trim().parse::<u64>().ok());
        Self {
            total: num("x-total"),
            total_pages: num("x-total-pages"),
            page: num("x-page"),
            per_page: num("x-per-page"),
        }
    }
}

/// One page of a list, with what is known of the whole.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<T> {
    pub items: Vec<T>,
    /// Where this page starts in the whole list.
    pub offset: u64,
    /// The page size asked for.
    pub limit: u64,
    /// The total count, when the API said it.
    pub total: Option<u64>,
    /// Items of the response that could not be read and were left out.
    pub skipped: usize,
}

impl<T> Page<T> {
    /// Whether a next page exists. Without a total, a full page suggests one;
    /// a short page (or a service that ignores paging) means this was all.
    pub fn has_next(&self) -> bool {
        match self.total {
            // Saturating: the offset comes from the URL and may be anything.
            Some(total) => self.offset.saturating_add(self.items.len() as u64) < total,
            // More than asked for means the service ignored paging and sent all.
            None => self.limit > 0 && self.items.len() as u64 == self.limit,
        }
    }

    pub fn has_previous(&self) -> bool {
        self.offset > 0
    }

    /// "51–100 of 230", or "51–100" when the total is not known.
    pub fn range_label(&self) -> String {
        if self.items.is_empty() {
            return match self.total {
                Some(total) => crate::tf!(t::PAGE_RANGE_EMPTY, total = total),
                None => t::PAGE_RANGE_NONE.get().to_owned(),
            };
        }
        let first = self.offset.saturating_add(1);
        let last = self.offset.saturating_add(self.items.len() as u64);
        match self.total {
            Some(total) => crate::tf!(t::PAGE_RANGE, first = first, last = last, total = total),
            None => format!("{first}–{last}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(n: usize, offset: u64, limit: u64, total: Option<u64>) -> Page<u8> {
        Page { items: vec![0; n], offset, limit, total, skipped: 0 }
    }

    #[test]
    fn headers_are_read_when_present() {
        let info = PageInfo::from_headers(|name| match name {
            "x-total" => Some("230".into()),
            "x-per-page" => Some(" 50 ".into()),
            "x-page" => Some("two".into()),
            _ => None,
        });
        assert_eq!(
            info,
            PageInfo { total: Some(230), total_pages: None, page: None, per_page: Some(50) }
        );
    }

    #[test]
    fn next_page_with_and_without_a_total() {
        assert!(page(50, 0, 50, Some(230)).has_next());
        assert!(!page(30, 200, 50, Some(230)).has_next());
        assert!(page(50, 0, 50, None).has_next());
        assert!(!page(12, 0, 50, None).has_next());
        // A service that ignores `limit` sends everything: that is all there is.
        assert!(!page(120, 0, 50, None).has_next());
    }

    #[test]
    fn an_offset_at_the_end_of_the_numbers() {
        let last = page(2, u64::MAX, 50, Some(10));
        assert!(!last.has_next());
        assert_eq!(last.range_label(), format!("{0}–{0} of 10", u64::MAX));
    }

    #[test]
    fn range_labels() {
        assert_eq!(page(50, 50, 50, Some(230)).range_label(), "51–100 of 230");
        assert_eq!(page(12, 0, 50, None).range_label(), "1–12");
        assert_eq!(page(0, 0, 50, Some(0)).range_label(), "0 of 0");
    }
}
