//! The addresses the panel links to and navigates to, built from
//! [`segment`](super::segment): no page address is written by hand anywhere
//! else.

use super::{segment as s, VmTab};
use crate::api::paths::encode_component;

pub fn vms() -> String {
    format!("/{}", s::VMS)
}
pub fn new_vm() -> String {
    format!("/{}/{}", s::VMS, s::NEW)
}
/// The create form filled in like the VM `vm_id`.
pub fn new_vm_like(vm_id: &str) -> String {
    let mut href = format!("{}?like=", new_vm());
    encode_component(vm_id, &mut href);
    href
}
/// A VM's overview; its other tabs: [`VmTab::href`].
pub fn vm(vm_id: &str) -> String {
    VmTab::Overview.href(vm_id)
}
pub fn login() -> String {
    format!("/{}", s::LOGIN)
}
/// The login page, going on to `next` (a path of the panel) once in.
pub fn login_then(next: &str) -> String {
    let mut href = format!("{}?next=", login());
    encode_component(next, &mut href);
    href
}
pub fn interfaces() -> String {
    format!("/{}", s::INTERFACES)
}
pub fn ip_addresses() -> String {
    format!("/{}", s::IP_ADDRESSES)
}
pub fn templates() -> String {
    format!("/{}", s::TEMPLATES)
}
pub fn backups() -> String {
    format!("/{}", s::BACKUPS)
}
pub fn snapshots() -> String {
    format!("/{}", s::SNAPSHOTS)
}
pub fn activity() -> String {
    format!("/{}", s::ACTIVITY)
}
pub fn workspace() -> String {
    format!("/{}", s::WORKSPACE)
}
