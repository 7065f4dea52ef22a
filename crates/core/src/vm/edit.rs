//! Editing a VM: the spec's editable fields, checked, with only the
//! changes sent and what each change means for the running VM said.

use crate::api::request::number;
use crate::deploy::plans::{plan_of, Plan};
use crate::forms::FieldErrors;
use crate::i18n::messages as t;
use crate::validate;
use crate::vm::Vm;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EditVmForm {
    pub label: String,
    pub hostname: String,
    pub memory: String,
    pub cpus: String,
    pub primary_disk_size: String,
    pub note: String,
    pub cpu_type: String,
    pub boot_type: String,
}

impl EditVmForm {
    /// Memory (MB), CPUs and primary disk (GB), when all three are numbers.
    pub fn sizes(&self) -> Option<(u64, u64, u64)> {
        let number = |text: &str| text.trim().parse::<u64>().ok();
        Some((number(&self.memory)?, number(&self.cpus)?, number(&self.primary_disk_size)?))
    }

    /// The plan the sizes are those of, if any.
    pub fn plan<'a>(&self, plans: &'a [Plan]) -> Option<&'a Plan> {
        let (memory, cpus, disk) = self.sizes()?;
        plan_of(plans, memory, cpus, disk)
    }

    /// Resizes to `plan`: its memory, CPUs and primary disk.
    pub fn choose_plan(&mut self, plan: &Plan) {
        self.memory = plan.memory.to_string();
        self.cpus = plan.cpus.to_string();
        self.primary_disk_size = plan.disk.to_string();
    }

    /// The form filled with the VM's current values; `primary_disk_size`
    /// comes from the disk list (the VM resource does not carry it).
    pub fn from_vm(vm: &Vm, primary_disk_size: Option<i64>) -> Self {
        let text = |v: Option<i64>| v.map(|n| n.to_string()).unwrap_or_default();
        Self {
            label: vm.label.clone().unwrap_or_default(),
            hostname: vm.hostname.clone().unwrap_or_default(),
            memory: text(vm.memory_mb),
            cpus: text(vm.cpus),
            primary_disk_size: text(primary_disk_size),
            note: vm.note.clone().unwrap_or_default(),
            cpu_type: vm.cpu_type.clone().unwrap_or_default(),
            boot_type: vm.boot_type.clone().unwrap_or_else(|| "default".into()),
        }
    }

    pub fn errors(&self, original: &Self) -> FieldErrors {
        let mut problems = FieldErrors::default();
        let mut check = |field: &str, result: validate::Check| problems.check(field, result);
        check("label", validate::label(&self.label));
        check("hostname", validate::hostname(&self.hostname));
        check("memory", validate::positive(&self.memory, t::WHAT_MEMORY).map(|_| ()));
        check("cpus", validate::positive(&self.cpus, t::WHAT_CPUS).map(|_| ()));
        if self.primary_disk_size != original.primary_disk_size {
            check(
                "primary_disk_size",
                validate::positive(&self.primary_disk_size, t::WHAT_PRIMARY_DISK_SIZE).and_then(
                    |size| match original.primary_disk_size.trim().parse::<u64>() {
                        Ok(now) if size < now => Err(crate::tf!(
                            t::EDIT_DISK_CANNOT_SHRINK,
                            now = crate::i18n::integer(now as i64)
                        )),
                        _ => Ok(()),
                    },
                ),
            );
        }
        check(
            "cpu_type",
            match self.cpu_type.as_str() {
                "intel" | "amd" => Ok(()),
                "" if original.cpu_type.is_empty() => Ok(()),
                _ => Err(t::FORM_CPU_TYPE_VALUES.get().into()),
            },
        );
        check(
            "boot_type",
            match self.boot_type.as_str() {
                "default" | "cdrom" => Ok(()),
                _ => Err(t::EDIT_BOOT_TYPE_VALUES.get().into()),
            },
        );
        problems
    }

    /// The PUT body with only what changed, or the form's errors.
    pub fn changes(&self, original: &Self) -> Result<Map<String, Value>, FieldErrors> {
        let errors = self.errors(original);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut body = Map::new();
        let mut text = |key: &str, new: &str, old: &str| {
            if new.trim() != old.trim() {
                body.insert(key.to_owned(), Value::String(new.trim().to_owned()));
            }
        };
        text("label", &self.label, &original.label);
        text("hostname", &self.hostname, &original.hostname);
        text("cpu_type", &self.cpu_type, &original.cpu_type);
        text("boot_type", &self.boot_type, &original.boot_type);
        if self.note != original.note {
            body.insert("note".into(), Value::String(self.note.clone()));
        }
        for (key, new, old) in [
            ("memory", &self.memory, &original.memory),
            ("cpus", &self.cpus, &original.cpus),
            ("primary_disk_size", &self.primary_disk_size, &original.primary_disk_size),
        ] {
            if new.trim() != old.trim() {
                if let Ok(n) = new.trim().parse::<u64>() {
                    body.insert(key.to_owned(), number(n));
                }
            }
        }
        Ok(body)
    }

    /// What the changes mean for the VM, in the order of the form.
    pub fn consequences(&self, original: &Self) -> Vec<&'static str> {
        let mut out = Vec::new();
        let changed = |a: &str, b: &str| a.trim() != b.trim();
        if changed(&self.hostname, &original.hostname) {
            out.push(t::EDIT_HOSTNAME_INFORMATIVE.get());
        }
        if changed(&self.memory, &original.memory) || changed(&self.cpus, &original.cpus) {
            out.push(t::EDIT_RESIZE_BUSY.get());
        }
        if changed(&self.primary_disk_size, &original.primary_disk_size) {
            out.push(t::EDIT_DISK_GROW_FS.get());
        }
        if changed(&self.cpu_type, &original.cpu_type) {
            out.push(t::EDIT_CPU_TYPE_REBOOT.get());
        }
        if changed(&self.boot_type, &original.boot_type) {
            out.push(t::EDIT_BOOT_DEVICE_NEXT_BOOT.get());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn original() -> EditVmForm {
        let vm = Vm::from_json(&json!({
            "id": "1", "label": "Web", "hostname": "web-1", "memory": 1024, "cpus": 1,
            "cpu_type": "intel", "boot_type": "default", "note": null
        }))
        .unwrap();
        EditVmForm::from_vm(&vm, Some(20))
    }

    #[test]
    fn only_changes_are_sent_with_numbers_as_strings() {
        let before = original();
        assert_eq!(before.changes(&before).unwrap(), Map::new());
        let after = EditVmForm {
            memory: "2048".into(),
            note: "hi".into(),
            cpu_type: "amd".into(),
            ..before.clone()
        };
        let body = Value::Object(after.changes(&before).unwrap());
        assert_eq!(body, json!({"memory": "2048", "note": "hi", "cpu_type": "amd"}));
        assert_eq!(
            after.consequences(&before),
            vec![
                "New memory or CPUs: a running VM is busy while it is resized.",
                "The CPU type needs a reboot to apply."
            ]
        );
    }

    #[test]
    fn edits_are_checked() {
        let before = original();
        let bad = EditVmForm {
            hostname: "1web".into(),
            memory: "0".into(),
            cpus: "".into(),
            primary_disk_size: "10".into(),
            cpu_type: "arm".into(),
            boot_type: "usb".into(),
            label: " ".into(),
            ..before.clone()
        };
        let errors = bad.errors(&before);
        for field in
            ["hostname", "memory", "cpus", "primary_disk_size", "cpu_type", "boot_type", "label"]
        {
            assert!(errors.contains_key(field), "{field}");
        }
        assert_eq!(errors["primary_disk_size"], "The system disk cannot shrink below its 20 GB.");
        assert!(bad.changes(&before).is_err());
        let hostname = EditVmForm { hostname: "web-2".into(), ..before.clone() };
        assert_eq!(
            hostname.consequences(&before),
            vec!["The hostname is informative only: nothing changes inside the VM."]
        );
    }
}
