//! The writes the panel records, each named once: the history keeps an
//! action's key, which never changes, and shows its catalogue text in the
//! panel's language. Editing a text changes how old entries read, never
//! whether they are recognised.

use crate::i18n::{common as c, messages as t, vm, Text};

macro_rules! actions {
    ($($(#[$doc:meta])* $name:ident = $key:literal, $text:expr;)*) => {
        /// An operation the panel sends and records.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Operation {
            $($(#[$doc])* $name,)*
        }

        impl Operation {
            pub const ALL: &'static [Operation] = &[$(Operation::$name,)*];

            /// The name the history keeps: stable across versions and languages.
            pub fn key(self) -> &'static str {
                match self {
                    $(Operation::$name => $key,)*
                }
            }

            /// What it is called, in the catalogue.
            pub fn text(self) -> &'static Text {
                match self {
                    $(Operation::$name => &$text,)*
                }
            }
        }
    };
}

actions! {
    Start = "start", c::START;
    Stop = "stop", c::STOP;
    Reboot = "reboot", c::REBOOT;
    Rebuild = "rebuild", c::REBUILD;
    /// Memory, CPUs, disk size, name and the other settings of the VM.
    Edit = "edit", c::EDIT;
    Rescue = "rescue", c::RESCUE;
    CreateVm = "create_vm", c::CREATE_VM;
    CloneVm = "clone_vm", vm::CLONE_VM_CLONE;
    Destroy = "destroy", t::BULK_DESTROY;
    ResetPassword = "reset_password", vm::RESET_PASSWORD_TITLE;
    RebuildNetwork = "rebuild_network", vm::REBUILD_NETWORK_TITLE;
    CreateTemplate = "create_template", vm::TEMPLATE_CREATE;
    RenameTemplate = "rename_template", t::ACTION_RENAME_TEMPLATE;
    DeleteTemplate = "delete_template", t::ACTION_DELETE_TEMPLATE;
    Segregation = "segregation", t::ACTION_SEGREGATION;
    ApplyDisks = "apply_disks", vm::DISKS_APPLY;
    /// One disk of the VM: a larger size, its settings (automatic backups,
    /// mount point), formatted, deleted.
    ResizeDisk = "resize_disk", t::ACTION_RESIZE_DISK;
    EditDisk = "edit_disk", t::ACTION_EDIT_DISK;
    FormatDisk = "format_disk", t::ACTION_FORMAT_DISK;
    DeleteDisk = "delete_disk", t::ACTION_DELETE_DISK;
    /// An address reserved on a network by hand, on no VM yet.
    AddNetworkAddress = "add_network_address", t::ACTION_ADD_NETWORK_ADDRESS;
    DeleteAllSnapshots = "delete_all_snapshots", vm::SNAPSHOTS_DELETE_ALL;
    RestoreBackup = "restore_backup", vm::BACKUPS_RESTORE;
    TemplateFromBackup = "template_from_backup", vm::BACKUPS_TEMPLATE;
    DeleteBackup = "delete_backup", vm::BACKUPS_DELETE;
    MountIso = "mount_iso", t::ACTION_MOUNT_ISO;
    UnmountIso = "unmount_iso", t::ACTION_UNMOUNT_ISO;
    /// The steps of booting from an ISO and back (the ISO tab's rescue).
    RescueMountIso = "rescue_mount_iso", t::RESCUE_MOUNT_ISO;
    RescueBootFromCd = "rescue_boot_from_cd", t::RESCUE_BOOT_FROM_CD;
    RescueUnmountIso = "rescue_unmount_iso", t::RESCUE_UNMOUNT_ISO;
    RescueBootFromDisk = "rescue_boot_from_disk", t::RESCUE_BOOT_FROM_DISK;
    AddInterface = "add_interface", t::ACTION_ADD_INTERFACE;
    EditInterface = "edit_interface", t::ACTION_EDIT_INTERFACE;
    DeleteInterface = "delete_interface", t::ACTION_DELETE_INTERFACE;
    AddIpAddress = "add_ip_address", t::ACTION_ADD_IP_ADDRESS;
    RemoveIpAddress = "remove_ip_address", t::ACTION_REMOVE_IP_ADDRESS;
    SetDefaultPolicy = "set_default_policy", t::ACTION_SET_DEFAULT_POLICY;
    CreateFirewallRule = "create_firewall_rule", t::ACTION_CREATE_FIREWALL_RULE;
    EditFirewallRule = "edit_firewall_rule", t::ACTION_EDIT_FIREWALL_RULE;
    DeleteFirewallRule = "delete_firewall_rule", t::ACTION_DELETE_FIREWALL_RULE;
    ApplyFirewallRules = "apply_firewall_rules", t::HISTORY_APPLY_FIREWALL_RULES;
}

impl Operation {
    /// The action a history entry names: by its key, or, for an entry
    /// recorded before keys, by its name in either language.
    pub fn from_recorded(recorded: &str) -> Option<Operation> {
        Operation::ALL.iter().copied().find(|a| a.key() == recorded).or_else(|| {
            Operation::ALL
                .iter()
                .copied()
                .find(|a| a.text().en == recorded || a.text().es == recorded)
        })
    }

    /// The name of what an entry records, in the panel's language; an entry
    /// the panel does not know (a newer version's), as it was recorded.
    pub fn label_of(recorded: &str) -> String {
        Operation::from_recorded(recorded)
            .map_or_else(|| recorded.to_owned(), |a| a.text().get().to_owned())
    }

    /// The same in English, for exports: they read the same in every language.
    pub fn english_of(recorded: &str) -> String {
        Operation::from_recorded(recorded)
            .map_or_else(|| recorded.to_owned(), |a| a.text().en.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_and_texts_are_each_used_once() {
        let keys: HashSet<_> = Operation::ALL.iter().map(|a| a.key()).collect();
        assert_eq!(keys.len(), Operation::ALL.len());
        let texts: HashSet<_> = Operation::ALL.iter().map(|a| a.text().en).collect();
        assert_eq!(
            texts.len(),
            Operation::ALL.len(),
            "two actions would read the same in the history"
        );
    }

    #[test]
    fn entries_are_recognised_by_key_and_by_the_names_of_older_versions() {
        for action in Operation::ALL {
            assert_eq!(Operation::from_recorded(action.key()), Some(*action));
            assert_eq!(Operation::from_recorded(action.text().en), Some(*action));
            assert_eq!(Operation::from_recorded(action.text().es), Some(*action));
        }
        assert_eq!(Operation::from_recorded("Something new"), None);
        assert_eq!(Operation::label_of("Something new"), "Something new");
        assert_eq!(Operation::english_of("mount_iso"), "Mount ISO");
    }
}
