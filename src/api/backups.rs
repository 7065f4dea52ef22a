//! Backup reads: the account's with the API's filters, a VM's, and the
//! account's with the disks and VMs they belong to. The writes are
//! `vmdeck_core::api::request::{restore_backup, template_from_backup,
//! delete_backup}`, sent with `Tasks::send`.

use super::vms::{list_disks, list_vms};
use super::{at_most, Api, ApiResult, READS_AT_ONCE};
use futures::stream::TryStreamExt;
use std::collections::BTreeMap;
use vmdeck_core::api::paths::{self, Resource};
use vmdeck_core::backup::{self, located, Backup, Located};
use vmdeck_core::vm::disk::Disk;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::{ApiError, Vm};

/// VMs asked for per page when they are read for their names: the most
/// the list gives, so that most accounts take one request.
const VM_PAGE: u64 = 1000;
/// A service that always says there is more is not followed past this.
const MAX_VM_PAGES: usize = 100;

/// GET `/account/<id>/backups` with `min_disk_size`, `disk_id`,
/// `operating_system`, `operating_system_distro`, `locked` (set ones only).
pub async fn backups(api: &Api, filter: &[(&'static str, String)]) -> ApiResult<Vec<Backup>> {
    api.get(&paths::list(api.account_id(), Resource::Backup), filter)
        .await?
        .decode(Backup::list_from_json)
}

/// A VM's disks and their backups, newest first. Each disk's backups are
/// asked for with `disk_id` rather than the account's whole list filtered
/// here: the answers stay the size of the VM's backups however many the
/// account holds, and a VM has few disks. `of_disks` still keeps only its
/// disks' (a service that ignored the filter would send them all, once per
/// disk) and orders them.
pub async fn vm_backups(api: &Api, vm_id: &str) -> ApiResult<(Vec<Disk>, Vec<Backup>)> {
    let disks = list_disks(api, vm_id).await?;
    let ids: Vec<String> = disks.iter().filter_map(|d| d.id.clone()).collect();
    let reads = ids.iter().map(|id| {
        let filter = [("disk_id", id.clone())];
        async move { backups(api, &filter).await }
    });
    let lists: Vec<Vec<Backup>> = at_most(READS_AT_ONCE, reads).try_collect().await?;
    let once: BTreeMap<Option<String>, Backup> =
        lists.into_iter().flatten().map(|b| (b.id.clone(), b)).collect();
    let all: Vec<Backup> = once.into_values().collect();
    Ok((disks, backup::of_disks(&all, &ids)))
}

/// The account's backups that pass `filter`, newest first, each with its
/// disk and VM: the account's disks say which VM each is on, and its VMs
/// their names and the word a restore asks for.
pub async fn account_backups(
    api: &Api,
    filter: &[(&'static str, String)],
) -> ApiResult<Vec<Located>> {
    let (list, disks, vms) =
        futures::future::join3(backups(api, filter), account_disks(api), every_vm(api)).await;
    let disks: Vec<(String, Disk)> =
        disks?.into_iter().filter_map(|d| Some((located::disk_vm(&d)?, d))).collect();
    let mut list = backup::locate(list?, &disks, &vms?);
    located::newest_first(&mut list, |l| &l.backup);
    Ok(list)
}

/// GET `/account/<id>/disks`, read here only to find each backup's VM. An
/// API without the list (404) leaves every backup without its VM.
async fn account_disks(api: &Api) -> ApiResult<Vec<Disk>> {
    match api.get(&paths::list(api.account_id(), Resource::Disk), &[]).await {
        Ok(reply) => Ok(reply.decode(Disk::list_from_json)?.0),
        Err(ApiError::NotFound(_)) => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Every VM of the account, page after page.
async fn every_vm(api: &Api) -> ApiResult<Vec<Vm>> {
    let mut vms = Vec::new();
    let mut offset = 0;
    for _ in 0..MAX_VM_PAGES {
        let query = VmQuery { offset, limit: VM_PAGE, ..VmQuery::default() };
        let page = list_vms(api, &query).await?;
        let more = page.has_next() && !page.items.is_empty();
        offset += (page.items.len() + page.skipped) as u64;
        vms.extend(page.items);
        if !more {
            break;
        }
    }
    Ok(vms)
}
