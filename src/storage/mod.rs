//! The browser's storages, as JSON values under keys. Storage can be full,
//! disabled or missing (a private window): every call then does nothing
//! and reads nothing, and the panel goes on with what it has in memory.

pub mod kept;

use serde::de::DeserializeOwned;
use serde::Serialize;

/// Which storage: this tab's (gone when it closes) or this browser's.
#[derive(Clone, Copy)]
pub enum Store {
    Tab,
    Browser,
}

fn storage(store: Store) -> Option<web_sys::Storage> {
    let window = web_sys::window()?;
    match store {
        Store::Tab => window.session_storage(),
        Store::Browser => window.local_storage(),
    }
    .ok()
    .flatten()
}

pub fn read<T: DeserializeOwned>(store: Store, key: &str) -> Option<T> {
    serde_json::from_str(&read_text(store, key)?).ok()
}

/// The text kept under `key`, as it is.
pub fn read_text(store: Store, key: &str) -> Option<String> {
    storage(store)?.get_item(key).ok().flatten()
}

/// Whether the value was kept.
pub fn write<T: Serialize + ?Sized>(store: Store, key: &str, value: &T) -> bool {
    serde_json::to_string(value).is_ok_and(|text| write_text(store, key, &text))
}

/// Keeps `text` under `key` as it is, not as JSON, for a value that a script
/// reads before the app does ([`keys::THEME`]); whether it was kept.
pub fn write_text(store: Store, key: &str, text: &str) -> bool {
    storage(store).is_some_and(|storage| storage.set_item(key, text).is_ok())
}

/// Writes only when the value differs from what is kept (a write to the
/// browser's store wakes every other tab); whether it is kept now.
pub fn write_changed<T: Serialize + ?Sized>(store: Store, key: &str, value: &T) -> bool {
    let (Some(storage), Ok(text)) = (storage(store), serde_json::to_string(value)) else {
        return false;
    };
    storage.get_item(key).ok().flatten().as_deref() == Some(text.as_str())
        || storage.set_item(key, &text).is_ok()
}

pub fn remove(store: Store, key: &str) {
    if let Some(storage) = storage(store) {
        let _ = storage.remove_item(key);
    }
}

/// Removes every key that starts with `prefix`.
pub fn remove_all(store: Store, prefix: &str) {
    let Some(storage) = storage(store) else { return };
    for key in keys_with(&storage, prefix) {
        let _ = storage.remove_item(&key);
    }
}

fn keys_with(storage: &web_sys::Storage, prefix: &str) -> Vec<String> {
    let count = storage.length().unwrap_or(0);
    (0..count)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter(|k| k.starts_with(prefix))
        .collect()
}

/// Everything the panel keeps in the browser, in one place, by what it is
/// about: the account's data (gone on logout unless the login was
/// remembered, and on "Forget this device"), the login itself, and the
/// device's own preferences (kept). Those the boot script and the static
/// pages read too come from `vmdeck_core::storage_keys`, which the build
/// writes into those scripts.
pub mod keys {
    // The logins (session/): their tokens, and times by login id, which names no account.
    /// This tab's logins and the one shown; in this browser's storage, the remembered ones.
    pub const SESSION: &str = vmdeck_core::storage_keys::SESSION;
    /// When each login was last used in a tab of this browser, by login id.
    pub const USED: &str = "vmdeck.used";
    /// The logouts in this browser: of all logins, and of one each, by login id.
    pub const LOGOUT: &str = vmdeck_core::storage_keys::LOGOUT;
    /// This tab: the login shown (its id), until when it holds without a
    /// check, and the logouts as they stood then: what the boot script's
    /// first API read may go out with. In this browser's storage, the same
    /// for the remembered login a new tab shows.
    pub const FIRST_READ: &str = vmdeck_core::storage_keys::FIRST_READ;

    // The account's data.
    /// Per account, this browser: `vmdeck.history.<API address>#<account>`.
    pub const HISTORY_PREFIX: &str = "vmdeck.history.";
    /// Per account, this browser: `vmdeck.seen.<API address>#<account>`.
    pub const SEEN_PREFIX: &str = "vmdeck.seen.";
    /// Per account, this browser: the user's firewall rule sets,
    /// `vmdeck.rule_sets.<API address>#<account>`.
    pub const RULE_SETS_PREFIX: &str = "vmdeck.rule_sets.";
    /// Per account, this browser: the VMs the user protected, or took the
    /// deployment's protection off, `vmdeck.protection.<API address>#<account>`.
    pub const PROTECTION_PREFIX: &str = "vmdeck.protection.";
    /// Per account, this browser: the user's tags of VMs,
    /// `vmdeck.tags.<API address>#<account>`.
    pub const TAGS_PREFIX: &str = "vmdeck.tags.";
    /// Per account, this browser: the VMs the user pinned, in their order,
    /// `vmdeck.pins.<API address>#<account>`.
    pub const PINS_PREFIX: &str = "vmdeck.pins.";
    /// Per account, this browser: the list's saved views,
    /// `vmdeck.views.<API address>#<account>`.
    pub const VIEWS_PREFIX: &str = "vmdeck.views.";
    /// Per account, this browser: the list's columns,
    /// `vmdeck.columns.<API address>#<account>`.
    pub const COLUMNS_PREFIX: &str = "vmdeck.columns.";
    /// The address the user saved as theirs, this browser.
    pub const MY_ADDRESS: &str = "vmdeck.my_address";
    /// What this browser keeps of each account, by the prefix of its key.
    pub const PER_ACCOUNT: [&str; 8] = [
        HISTORY_PREFIX,
        SEEN_PREFIX,
        RULE_SETS_PREFIX,
        PROTECTION_PREFIX,
        TAGS_PREFIX,
        PINS_PREFIX,
        VIEWS_PREFIX,
        COLUMNS_PREFIX,
    ];

    /// The account's history: `account` is `<API address>#<account>`.
    pub fn history(account: &str) -> String {
        format!("{HISTORY_PREFIX}{account}")
    }

    /// The account's record for "since your last visit".
    pub fn seen(account: &str) -> String {
        format!("{SEEN_PREFIX}{account}")
    }

    /// The account's own firewall rule sets.
    pub fn rule_sets(account: &str) -> String {
        format!("{RULE_SETS_PREFIX}{account}")
    }

    /// The account's marks of protection.
    pub fn protection(account: &str) -> String {
        format!("{PROTECTION_PREFIX}{account}")
    }

    /// The account's tags of VMs.
    pub fn tags(account: &str) -> String {
        format!("{TAGS_PREFIX}{account}")
    }

    /// The account's pinned VMs.
    pub fn pins(account: &str) -> String {
        format!("{PINS_PREFIX}{account}")
    }

    /// The account's saved views of the list.
    pub fn views(account: &str) -> String {
        format!("{VIEWS_PREFIX}{account}")
    }

    /// The list's columns the account chose.
    pub fn columns(account: &str) -> String {
        format!("{COLUMNS_PREFIX}{account}")
    }

    /// Per account and form, this tab: `vmdeck.draft.<account>.<form>`.
    pub const DRAFT_PREFIX: &str = "vmdeck.draft.";
    /// Per account and VM, this tab: firewall rules created and not
    /// applied yet, `vmdeck.unapplied.<account>.<VM>`.
    pub const UNAPPLIED_PREFIX: &str = "vmdeck.unapplied.";

    /// Per account, this tab: a firewall change waiting to be kept or undone,
    /// with the VM's firewall as it was, `vmdeck.undo.<account>.`.
    pub const UNDO_PREFIX: &str = "vmdeck.undo.";

    /// The firewall change with undo of the account.
    pub fn undo(account: &str) -> String {
        format!("{UNDO_PREFIX}{account}.")
    }

    /// The VM's unapplied firewall rules for the account.
    pub fn unapplied(account: &str, vm: &str) -> String {
        format!("{UNAPPLIED_PREFIX}{account}.{vm}")
    }

    // The device's preferences.
    pub const LANG: &str = vmdeck_core::storage_keys::LANG;
    pub const THEME: &str = vmdeck_core::storage_keys::THEME;
    pub const AUTO_REFRESH: &str = "vmdeck.auto_refresh";
    pub const NOTIFY: &str = "vmdeck.notify";
    /// `browser`, `UTC` or an IANA zone's name (`time_zone`).
    pub const TIME_ZONE: &str = "vmdeck.time_zone";
    /// The provider's notices dismissed in this browser, by their key.
    pub const NOTICES_DISMISSED: &str = vmdeck_core::storage_keys::NOTICES_DISMISSED;
}

/// Forgets what this browser keeps of one account (`<API address>#<account>`),
/// and what this tab keeps of it (`forget_tab_data`).
pub fn forget_account(account: &str) {
    for prefix in keys::PER_ACCOUNT {
        remove(Store::Browser, &format!("{prefix}{account}"));
    }
    forget_tab_data(account);
}

/// Forgets this tab's drafts, unapplied rules and firewall change with undo of one account (a logout,
/// here or in another tab). The dot after the account keeps `…#1` from
/// taking `…#12`'s.
pub fn forget_tab_data(account: &str) {
    remove_all(Store::Tab, &format!("{}{account}.", keys::DRAFT_PREFIX));
    remove_all(Store::Tab, &format!("{}{account}.", keys::UNAPPLIED_PREFIX));
    remove(Store::Tab, &keys::undo(account));
}

/// Forgets this tab's unapplied firewall rules of one VM of `account`:
/// its firewall was put back as it was, or the VM was destroyed.
pub fn forget_unapplied(account: &str, vm: &str) {
    remove(Store::Tab, &keys::unapplied(account, vm));
}

/// Whether this browser keeps data of any account.
pub fn keeps_account_data() -> bool {
    keys::PER_ACCOUNT
        .iter()
        .chain(&[keys::MY_ADDRESS])
        .any(|prefix| has_any(Store::Browser, prefix))
}

/// "Forget this device": every account's data and logins in this browser;
/// the language, theme and refresh preferences stay.
pub fn forget_device() {
    for prefix in keys::PER_ACCOUNT.iter().chain(&[
        keys::MY_ADDRESS,
        keys::SESSION,
        keys::USED,
        keys::FIRST_READ,
    ]) {
        remove_all(Store::Browser, prefix);
    }
    remove_all(Store::Tab, "vmdeck.");
}

fn has_any(store: Store, prefix: &str) -> bool {
    storage(store).is_some_and(|storage| !keys_with(&storage, prefix).is_empty())
}
