//! The VM's firewall and statistics tabs.

crate::catalogue! {
}
