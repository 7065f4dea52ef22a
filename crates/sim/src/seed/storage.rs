//! A seeded VM's disks, and the backups of the built ones. The backups and
//! which disks are backed up automatically follow from ids and dates alone:
//! they draw nothing from the seeded generator, so that adding them changed
//! no other seeded value.

use super::{identifier, LAST_SECOND};
use crate::catalogue::Template;
use crate::records::{Backup, Disk, System, Vm};
use crate::rng::Rng;
use crate::store::{timestamp, Account, Ids};

/// The system disk, a swap disk for most Linux VMs, now and then a data disk.
pub(super) fn disks(
    ids: &mut Ids,
    rng: &mut Rng,
    template: &Template,
    created_at: &str,
) -> Vec<Disk> {
    let windows = template.os == "windows";
    let data_store = rng.pick(&[1, 2]);
    let id = ids.disk();
    let mut disks = vec![Disk {
        id,
        label: "Primary disk".into(),
        size: rng.pick(&[10, 20, 40, 80, 160]),
        is_swap: false,
        primary: true,
        mount_point: Some(if windows { "C:" } else { "/" }.into()),
        data_store_group_id: data_store,
        created_at: created_at.to_owned(),
        identifier: identifier(rng),
        // Most system disks are backed up every day; one in four was turned off.
        autobackup: id % 4 != 3,
        fstab: None,
    }];
    if !windows && rng.chance(0.7) {
        disks.push(Disk {
            id: ids.disk(),
            label: "Swap".into(),
            size: rng.pick(&[1, 2]),
            is_swap: true,
            primary: false,
            mount_point: None,
            data_store_group_id: data_store,
            created_at: created_at.to_owned(),
            identifier: identifier(rng),
            autobackup: false,
            fstab: None,
        });
    }
    if rng.chance(0.2) {
        disks.push(Disk {
            id: ids.disk(),
            label: "Data".into(),
            size: rng.pick(&[50, 100, 250, 500]),
            is_swap: false,
            primary: false,
            mount_point: Some(if windows { "D:" } else { "/data" }.into()),
            data_store_group_id: rng.pick(&[1, 2]),
            created_at: created_at.to_owned(),
            identifier: identifier(rng),
            autobackup: false,
            fstab: None,
        });
    }
    disks
}

/// A built VM's system disk has the last two daily automatic backups (03:00
/// on the seeded span's last two days, never before the VM was made); with
/// `by_hand`, also one made by hand halfway through the VM's life.
pub(super) fn backups(
    ids: &mut Ids,
    account: &mut Account,
    vm: &Vm,
    created_secs: u64,
    by_hand: bool,
) {
    let Some(disk) = vm.disks.iter().find(|d| d.primary) else { return };
    if vm.status == "unbuilt" {
        return;
    }
    let system = vm.template().map(System::of_catalogue).unwrap_or_default();
    let newest = LAST_SECOND - 86_400 + 3 * 3_600;
    let mut dates = vec![
        ((newest - 86_400).max(created_secs + 60), false),
        (newest.max(created_secs + 120), false),
    ];
    if by_hand {
        dates.push((created_secs + (LAST_SECOND - created_secs) / 2, true));
    }
    for (secs, manual) in dates {
        let backup = Backup::seeded(
            ids.backup(),
            disk.id,
            disk.size,
            vm.id,
            vm.template_id,
            system.clone(),
            manual,
            timestamp(secs),
        );
        account.backups.insert(backup.id, backup);
    }
}
