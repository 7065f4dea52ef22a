//! The browser's storages, as JSON values under keys. Storage can be full,
//! disabled or missing (a private window): every call then does nothing
//! and reads nothing, and the panel goes on with what it has in memory.

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
    let text = storage(store)?.get_item(key).ok().flatten()?;
    serde_json::from_str(&text).ok()
}

/// Whether the value was kept.
pub fn write<T: Serialize + ?Sized>(store: Store, key: &str, value: &T) -> bool {
    match (storage(store), serde_json::to_string(value)) {
        (Some(storage), Ok(text)) => storage.set_item(key, &text).is_ok(),
        _ => false,
    }
}

pub fn remove(store: Store, key: &str) {
    if let Some(storage) = storage(store) {
        let _ = storage.remove_item(key);
    }
}

/// Removes every key that starts with `prefix`.
pub fn remove_all(store: Store, prefix: &str) {
    let Some(storage) = storage(store) else { return };
    let count = storage.length().unwrap_or(0);
    let keys: Vec<String> = (0..count).filter_map(|i| storage.key(i).ok().flatten()).filter(|k| k.starts_with(prefix)).collect();
    for key in keys {
        let _ = storage.remove_item(&key);
    }
}
