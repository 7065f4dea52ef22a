//! Pure logic of the vmdeck panel, with no browser dependency so that it is
//! tested natively, in folders by what it is about: the API (`api`), the
//! resources (`vm`, `network`, `firewall`, `stats`), what the panel keeps
//! (`history`; `workspace`, the file it travels in), the deployment
//! (`deploy`), and what every form and page shares (`forms`, `validate`,
//! `route`, `i18n`, …).

pub mod api;
pub mod backup;
pub mod boot;
pub mod deploy;
pub mod firewall;
pub mod forms;
pub mod history;
pub mod i18n;
pub mod login;
pub mod network;
pub mod route;
pub mod secrets;
pub mod session;
pub mod shortcuts;
pub mod stats;
pub mod storage_keys;
pub mod template;
pub mod time;
pub mod validate;
pub mod vm;
pub mod workspace;

pub use api::error::ApiError;
pub use api::page::{Page, PageInfo};
pub use vm::{Vm, VmStatus, VmType};

/// Sorts a short list (a VM's addresses, the secrets of a few requests) as
/// `sort` would, by insertion: a few bytes of code in the list page's module
/// where a general sort weighs kilobytes, and quick enough for tens of items.
pub fn sort_short<T: Ord>(list: &mut [T]) {
    for end in 1..list.len() {
        let mut at = end;
        while at > 0 && list[at - 1] > list[at] {
            list.swap(at - 1, at);
            at -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_short_sort_orders_as_sort_does() {
        for list in
            [vec![], vec![3], vec![2, 1], vec![5, 3, 9, 3, 1, 0, 7, 7, 2], (0..40).rev().collect()]
        {
            let (mut short, mut sorted) = (list.clone(), list);
            super::sort_short(&mut short);
            sorted.sort();
            assert_eq!(short, sorted);
        }
        let mut words = vec!["b".to_owned(), "a".to_owned(), "c".to_owned(), "a".to_owned()];
        super::sort_short(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);
    }
}
