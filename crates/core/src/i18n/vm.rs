//! The VM page, its frame and its tabs but the network, firewall and statistics ones.

crate::catalogue! {
}
