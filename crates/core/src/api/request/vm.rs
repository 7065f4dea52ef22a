//! The writes on a VM and on what hangs off its path.

use super::{ApiRequest, Made, Method};
use crate::api::paths::{self, VmPart};
use crate::i18n::messages as t;
use serde_json::{json, Map, Value};

/// POST `virtual_machine`: 202 with the new VM, busy while it builds.
pub fn create_vm(account: &str, body: Value) -> ApiRequest {
    ApiRequest::new(Method::Post, paths::new_vm(account), Some(body))
}

/// PUT the VM with `changes`: a power change, a rebuild or an edit.
pub fn edit_vm(account: &str, vm: &str, changes: Map<String, Value>) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::vm(account, vm)?, Some(Value::Object(changes))))
}

fn put_vm(account: &str, vm: &str, body: Value) -> Made {
    Ok(ApiRequest::new(Method::Put, paths::vm(account, vm)?, Some(body)))
}

fn post_vm(account: &str, vm: &str, part: VmPart, body: Value) -> Made {
    Ok(ApiRequest::new(Method::Post, paths::vm_part(account, vm, part)?, Some(body)))
}

/// PUT with `status: online`.
pub fn start_vm(account: &str, vm: &str) -> Made {
    put_vm(account, vm, json!({"status": "online"}))
}

/// PUT with `status: offline`; `force` pulls the plug instead of shutting down.
pub fn stop_vm(account: &str, vm: &str, force: bool) -> Made {
    put_vm(account, vm, json!({"status": "offline", "force": force}))
}

/// POST `reboot`; `force` kills the VM (only one kind of provider honours it).
pub fn reboot_vm(account: &str, vm: &str, force: bool) -> Made {
    post_vm(account, vm, VmPart::Reboot, json!({"force": force}))
}

/// PUT with `template_id`: the disks are zeroed and the OS installed again.
pub fn rebuild_vm(account: &str, vm: &str, template_id: &str, start_after: bool) -> Made {
    let template_id = paths::checked_id(template_id, t::WHAT_TEMPLATE)?;
    put_vm(account, vm, json!({"template_id": template_id, "required_startup": start_after}))
}

/// DELETE the VM: its disks, interfaces, addresses and backups go with it.
pub fn destroy_vm(account: &str, vm: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::vm(account, vm)?, None))
}

pub fn reset_password(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::ResetPassword, json!({}))
}

pub fn rebuild_network(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::RebuildNetwork, json!({}))
}

pub fn apply_firewall_rules(account: &str, vm: &str) -> Made {
    post_vm(account, vm, VmPart::ApplyFirewallRules, json!({}))
}

/// POST `template`, with the label when one is given.
pub fn create_template(account: &str, vm: &str, label: &str) -> Made {
    let body = if label.trim().is_empty() { json!({}) } else { json!({"label": label.trim()}) };
    post_vm(account, vm, VmPart::Template, body)
}

/// POST `clone` with the clone form's body.
pub fn clone_vm(account: &str, vm: &str, body: Value) -> Made {
    post_vm(account, vm, VmPart::Clone, body)
}

/// PUT `segregation/<target>` to keep the two VMs apart, DELETE to stop.
pub fn set_segregation(account: &str, vm: &str, target: &str, keep_apart: bool) -> Made {
    let path = paths::segregation(account, vm, target)?;
    Ok(if keep_apart {
        ApiRequest::new(Method::Put, path, Some(json!({})))
    } else {
        ApiRequest::new(Method::Delete, path, None)
    })
}

/// POST `apply_disks`; `format` erases the disks.
pub fn apply_disks(account: &str, vm: &str, format: bool) -> Made {
    post_vm(account, vm, VmPart::ApplyDisks, json!({"required_format_disk": format}))
}

/// What to mount: an uploaded ISO or one at a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsoSource {
    Id(String),
    Url(String),
}

/// POST `iso`.
pub fn mount_iso(account: &str, vm: &str, source: &IsoSource) -> Made {
    let body = match source {
        IsoSource::Id(id) => json!({"iso_id": paths::checked_id(id, t::WHAT_ISO)?}),
        IsoSource::Url(url) => json!({"iso_url": url.trim()}),
    };
    post_vm(account, vm, VmPart::Iso, body)
}

/// DELETE `iso/<join>`.
pub fn unmount_iso(account: &str, vm: &str, join: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::mounted_iso(account, vm, join)?, None))
}

/// DELETE `snapshots`: the pending changes are merged into the disks.
pub fn delete_snapshots(account: &str, vm: &str) -> Made {
    Ok(ApiRequest::new(Method::Delete, paths::vm_part(account, vm, VmPart::Snapshots)?, None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vm_writes_follow_the_spec() {
        let put = |path: &str, body: Value| ApiRequest::new(Method::Put, path.into(), Some(body));
        let post = |path: &str, body: Value| ApiRequest::new(Method::Post, path.into(), Some(body));
        let delete = |path: &str| ApiRequest::new(Method::Delete, path.into(), None);
        let vm = "/account/1/virtual_machine/42";
        let cases = [
            (start_vm("1", "42"), put(vm, json!({"status": "online"}))),
            (stop_vm("1", "42", true), put(vm, json!({"status": "offline", "force": true}))),
            (reboot_vm("1", "42", false), post(&format!("{vm}/reboot"), json!({"force": false}))),
            (
                rebuild_vm("1", "42", " 5 ", true),
                put(vm, json!({"template_id": "5", "required_startup": true})),
            ),
            (destroy_vm("1", "42"), delete(vm)),
            (reset_password("1", "42"), post(&format!("{vm}/reset_password"), json!({}))),
            (rebuild_network("1", "42"), post(&format!("{vm}/rebuild_network"), json!({}))),
            (
                apply_firewall_rules("1", "42"),
                post(&format!("{vm}/apply_firewall_rules"), json!({})),
            ),
            (create_template("1", "42", "  "), post(&format!("{vm}/template"), json!({}))),
            (
                create_template("1", "42", " base "),
                post(&format!("{vm}/template"), json!({"label": "base"})),
            ),
            (
                set_segregation("1", "42", "43", true),
                put(&format!("{vm}/segregation/43"), json!({})),
            ),
            (set_segregation("1", "42", "43", false), delete(&format!("{vm}/segregation/43"))),
            (
                apply_disks("1", "42", true),
                post(&format!("{vm}/apply_disks"), json!({"required_format_disk": true})),
            ),
            (
                mount_iso("1", "42", &IsoSource::Id("3".into())),
                post(&format!("{vm}/iso"), json!({"iso_id": "3"})),
            ),
            (
                mount_iso("1", "42", &IsoSource::Url(" https://x/a.iso ".into())),
                post(&format!("{vm}/iso"), json!({"iso_url": "https://x/a.iso"})),
            ),
            (unmount_iso("1", "42", "8"), delete(&format!("{vm}/iso/8"))),
            (delete_snapshots("1", "42"), delete(&format!("{vm}/snapshots"))),
        ];
        for (made, expected) in cases {
            assert_eq!(made.unwrap(), expected);
        }
    }

    #[test]
    fn a_bad_id_makes_no_request() {
        assert!(start_vm("1", "../2").is_err());
        assert!(rebuild_vm("1", "42", "x", true).is_err());
        assert!(mount_iso("1", "42", &IsoSource::Id("1/2".into())).is_err());
        assert!(set_segregation("1", "42", "", true).is_err());
    }
}
