//! Acting on several VMs at once: which rows are selected (a click, a
//! shift-click for a range, the whole page) and what each VM's request
//! came to.

use crate::api::request::{self, ApiRequest};
use crate::history::Operation;
use crate::i18n::{common as c, messages as t};
use crate::ApiError;
use std::collections::BTreeSet;

/// What the list can do to the selected VMs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BulkAction {
    Start,
    Stop,
    Reboot,
    Destroy,
}

impl BulkAction {
    pub const ALL: [BulkAction; 4] =
        [BulkAction::Start, BulkAction::Stop, BulkAction::Reboot, BulkAction::Destroy];

    /// What the history records it as.
    pub fn operation(self) -> Operation {
        match self {
            Self::Start => Operation::Start,
            Self::Stop => Operation::Stop,
            Self::Reboot => Operation::Reboot,
            Self::Destroy => Operation::Destroy,
        }
    }

    /// The button's name: "Reboot".
    pub fn label(self) -> &'static str {
        match self {
            Self::Start => c::START.get(),
            Self::Stop => c::STOP.get(),
            Self::Reboot => c::REBOOT.get(),
            Self::Destroy => t::BULK_DESTROY.get(),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Stop => "stop",
            Self::Reboot => "reboot",
            Self::Destroy => "destroy",
        }
    }

    /// The request for one VM: stop and reboot are the graceful kind.
    pub fn request(self, account: &str, vm: &str) -> Result<ApiRequest, ApiError> {
        match self {
            Self::Start => request::start_vm(account, vm),
            Self::Stop => request::stop_vm(account, vm, false),
            Self::Reboot => request::reboot_vm(account, vm, false),
            Self::Destroy => request::destroy_vm(account, vm),
        }
    }
}

/// The selected rows, by VM id, with the row a shift-click extends from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    ids: BTreeSet<String>,
    anchor: Option<String>,
}

impl Selection {
    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains(id)
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The selected ids in the order of `page` (those of other pages after).
    pub fn ids_in(&self, page: &[String]) -> Vec<String> {
        let mut out: Vec<String> =
            page.iter().filter(|id| self.ids.contains(*id)).cloned().collect();
        out.extend(self.ids.iter().filter(|id| !page.contains(id)).cloned());
        out
    }

    /// A click on a row's box: it flips, and becomes where a range starts.
    pub fn toggle(&mut self, id: &str) {
        if !self.ids.remove(id) {
            self.ids.insert(id.to_owned());
        }
        self.anchor = Some(id.to_owned());
    }

    /// A shift-click: every row of `page` between the last clicked one and
    /// `id` takes the clicked row's new state. Without a last click on this
    /// page it is a plain click.
    pub fn extend(&mut self, id: &str, page: &[String]) {
        let from = self.anchor.as_ref().and_then(|a| page.iter().position(|p| p == a));
        let to = page.iter().position(|p| p == id);
        let (Some(from), Some(to)) = (from, to) else {
            self.toggle(id);
            return;
        };
        let select = !self.ids.contains(id);
        let (lo, hi) = if from <= to { (from, to) } else { (to, from) };
        for row in page.iter().skip(lo).take(hi - lo + 1) {
            if select {
                self.ids.insert(row.clone());
            } else {
                self.ids.remove(row);
            }
        }
        self.anchor = Some(id.to_owned());
    }

    /// "Select all on this page": all of them, or none when all were.
    pub fn toggle_page(&mut self, page: &[String]) {
        if self.all_of(page) {
            for id in page {
                self.ids.remove(id);
            }
        } else {
            self.ids.extend(page.iter().cloned());
        }
        self.anchor = None;
    }

    pub fn all_of(&self, page: &[String]) -> bool {
        !page.is_empty() && page.iter().all(|id| self.ids.contains(id))
    }

    pub fn clear(&mut self) {
        self.ids.clear();
        self.anchor = None;
    }
}

/// What one VM's request of a bulk action came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemResult {
    Waiting,
    Sending,
    /// Accepted: done, or started (the VM is busy with it).
    Done,
    /// Refused, with the API's reason.
    Refused(String),
    /// Not sent: the VM is protected in this panel (`vm::protection`).
    Protected,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(n: usize) -> Vec<String> {
        (1..=n).map(|i| i.to_string()).collect()
    }

    #[test]
    fn clicks_ranges_and_the_page() {
        let rows = page(6);
        let mut s = Selection::default();
        s.toggle("2");
        s.extend("5", &rows);
        assert_eq!(s.ids_in(&rows), vec!["2", "3", "4", "5"]);
        // A shift-click on a selected row clears the range back to the anchor.
        s.extend("3", &rows);
        assert_eq!(s.ids_in(&rows), vec!["2"]);
        s.toggle_page(&rows);
        assert!(s.all_of(&rows) && s.len() == 6);
        s.toggle_page(&rows);
        assert!(s.is_empty());
        // Without an anchor on this page, a shift-click is a click.
        s.extend("4", &rows);
        assert_eq!(s.ids_in(&rows), vec!["4"]);
        s.toggle("4");
        assert!(s.is_empty());
    }

    #[test]
    fn other_pages_keep_their_selection() {
        let mut s = Selection::default();
        s.toggle("99");
        s.toggle("1");
        assert_eq!(s.ids_in(&page(3)), vec!["1", "99"]);
        assert!(!s.all_of(&[]));
        s.clear();
        assert!(s.is_empty());
    }
}
