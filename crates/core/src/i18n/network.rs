//! The VM's network tab: interfaces, their addresses and their dialogs.

crate::catalogue! {
}
