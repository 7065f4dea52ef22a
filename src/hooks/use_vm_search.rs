//! The one search for VMs by what a user types, for the pickers that find a
//! VM (the switcher, the segregation picker): the list's own search rules.

use super::{use_data_with_options, UseDataOptions, UseDataReturn};
use crate::api::vms::list_vms;
use vmdeck_core::vm::query::{search_field, VmQuery};
use vmdeck_core::Vm;

/// Shorter text finds nothing: one letter matches most of an account.
const MIN_CHARS: usize = 2;

/// VMs matching `text` as the list's search box would find them
/// ([`VmQuery::with_search`]): an address by address, other text by hostname
/// and then by label, merged, at most `limit` of each. Read once per text.
pub fn use_vm_search(text: impl Fn() -> String + 'static, limit: u64) -> UseDataReturn<Vec<Vm>> {
    use_data_with_options(
        move || text().trim().to_owned(),
        move |api, text| async move {
            if text.chars().count() < MIN_CHARS {
                return Ok(Vec::new());
            }
            let by_host = VmQuery::default().with_search(&text, false).with_limit(limit);
            let mut vms = list_vms(&api, &by_host).await?.items;
            if search_field(&text, false) == "hostname" {
                let by_label = VmQuery::default().with_search(&text, true).with_limit(limit);
                for vm in list_vms(&api, &by_label).await?.items {
                    if !vms.iter().any(|v| v.id == vm.id) {
                        vms.push(vm);
                    }
                }
            }
            Ok(vms)
        },
        UseDataOptions::default().once(),
    )
}
