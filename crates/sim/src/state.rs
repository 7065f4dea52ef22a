//! The simulated service's state: accounts with their tokens and VMs.

use crate::config::Config;
use crate::model::VmRecord;
use crate::seed;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

pub struct Account {
    pub token: String,
    pub vms: BTreeMap<u64, VmRecord>,
}

pub struct Store {
    pub accounts: BTreeMap<u64, Account>,
}

/// Shared, cloneable handle to the store.
#[derive(Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
}

impl AppState {
    pub fn new(config: &Config) -> Self {
        let now = Instant::now();
        let mut next_id = seed::FIRST_VM_ID;
        let accounts = config
            .accounts
            .iter()
            .map(|(id, token)| {
                let vms = seed::vms(config.seed, *id, config.vms, next_id, now);
                next_id += config.vms as u64;
                let vms = vms.into_iter().map(|vm| (vm.id, vm)).collect();
                (*id, Account { token: token.clone(), vms })
            })
            .collect();
        Self { store: Arc::new(Mutex::new(Store { accounts })) }
    }

    /// The store, locked. A handler that panicked while holding it must not
    /// take the whole simulator down, so a poisoned lock is used as it is.
    pub fn lock(&self) -> MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
