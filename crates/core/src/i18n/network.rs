//! The VM's network, firewall and statistics tabs.

crate::catalogue! {
}
