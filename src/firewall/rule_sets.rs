//! The firewall rule sets offered where rules are brought to an interface:
//! the panel's own ("all but my address" once an address is saved), the
//! provider's from `config.json`, and the user's, saved from an interface
//! and kept in this browser per account (`storage::keys::rule_sets`).

use crate::firewall::lockout_guard::my_address;
use crate::session::Session;
use crate::storage::{self, keys, Store};
use leptos::prelude::*;

use vmdeck_core::firewall::saved::{from_config, WrittenSet};
use vmdeck_core::firewall::sets::{built_in, NamedSet};

/// The sets offered, read again each time `fresh` changes (a dialog
/// opening): an address or a set saved since is then among them.
pub fn offered_sets(
    session: Session,
    fresh: impl Fn() + Send + Sync + 'static,
) -> Memo<Vec<NamedSet>> {
    let deploy = crate::deploy::use_deploy();
    Memo::new(move |_| {
        fresh();
        let mine = my_address().map(|a| a.to_string());
        let mut sets = built_in(mine.as_deref());
        let mut warnings = Vec::new();
        sets.extend(deploy.with(|d| from_config(Some(&d.firewall_sets), &mut warnings)));
        for warning in warnings {
            web_sys::console::warn_1(&warning.into());
        }
        // The panel wrote them; one it cannot read (changed by hand) is not offered.
        sets.extend(saved_sets(session).iter().filter_map(|set| set.read().ok()));
        sets
    })
}

/// The user's own sets for the account logged in, as saved.
pub fn saved_sets(session: Session) -> Vec<WrittenSet> {
    session
        .account_key()
        .and_then(|account| storage::read(Store::Browser, &keys::rule_sets(&account)))
        .unwrap_or_default()
}

/// Keeps the user's own sets for the account logged in; `false` if the
/// browser refused (full, or storage blocked).
pub fn write_saved_sets(session: Session, sets: &[WrittenSet]) -> bool {
    let Some(account) = session.account_key() else { return false };
    if sets.is_empty() {
        storage::remove(Store::Browser, &keys::rule_sets(&account));
        return true;
    }
    storage::write(Store::Browser, &keys::rule_sets(&account), &sets)
}
