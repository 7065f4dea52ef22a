//! This month's transfer against what the VM's plan includes
//! (`vmdeck_core::stats::transfer`), when the deployment's plan of the VM
//! states it: how much so far, where the pace so far leads by the month's
//! end, and a warning from 80 %.

use crate::api::stats::bw_stats;
use crate::deploy::use_deploy;
use crate::hooks::use_data;
use crate::pages::vm::VmCtx;
use leptos::prelude::*;
use vmdeck_core::deploy::plans::plan_of_vm;
use vmdeck_core::i18n::{number, vm as t};
use vmdeck_core::stats::transfer::{gigabytes, usage, Level, GB};
use vmdeck_core::time::Precision;

/// The day a counting month starts or ends on. It is counted in UTC: the
/// day's noon is shown, which is that day in every zone within 12 hours.
fn day(midnight_utc: i64) -> String {
    crate::locale::moment(midnight_utc + 43_200, Precision::Day)
}

#[component]
pub fn TransferMeter(ctx: VmCtx) -> impl IntoView {
    let deploy = use_deploy();
    let allowance = Memo::new(move |_| {
        let sizes = ctx.vm.with(|vm| {
            vm.as_ref().and_then(|vm| Some((vm.memory_mb?, vm.cpus?, vm.disks_size_gb?)))
        });
        let (memory, cpus, disk) = sizes?;
        deploy.with(|d| {
            plan_of_vm(&d.catalogue.plans, memory, cpus, disk)
                .and_then(|plan| plan.transfer.clone())
        })
    });
    // Read only for a plan with an allowance, and again when the VM settles after work.
    let stats = use_data(
        move || {
            ctx.settled.track();
            allowance.with(Option::is_some).then(|| ctx.id.get())
        },
        |api, id| async move {
            match id {
                Some(id) => bw_stats(&api, &id, "-1M").await.map(Some),
                None => Ok(None),
            }
        },
    );
    move || {
        let allowance = allowance.get()?;
        // Drawn at once from the VM and the plan, its lines kept while the
        // statistics are read, so that the fields below do not move.
        let report = stats.data.get().flatten();
        let now = (js_sys::Date::now() / 1000.0) as i64;
        let counted = report.as_ref().and_then(|report| usage(report, &allowance, now));
        let included = allowance.included_gb * GB;
        let (start, end) =
            vmdeck_core::stats::transfer::month_around(now, allowance.month_starts_on);
        let used = counted.as_ref().map_or(0.0, |u| u.used);
        let share = (used / included * 100.0).floor();
        let used_line = match &report {
            None => vmdeck_core::i18n::shell::SHELL_LOADING.get().to_owned(),
            Some(_) => vmdeck_core::tf!(
                t::TRANSFER_USED,
                used = gigabytes(used),
                included = gigabytes(included),
                share = number(share, 0),
                since = day(start)
            ),
        };
        let pace_line = match (&report, &counted) {
            (None, _) => String::new(),
            (Some(_), None) => t::TRANSFER_NONE_YET.get().to_owned(),
            (Some(_), Some(u)) => vmdeck_core::tf!(
                t::TRANSFER_PACE,
                projected = gigabytes(u.projected),
                until = day(end)
            ),
        };
        let warning = counted.as_ref().and_then(|u| match u.level() {
            Level::Fine if u.projected_over() => {
                Some(("notice notice-info", t::TRANSFER_PACE_OVER.get()))
            }
            Level::Fine => None,
            Level::Near => Some(("notice notice-warning", t::TRANSFER_NEAR.get())),
            Level::Over => Some(("notice notice-error", t::TRANSFER_OVER.get())),
        });
        Some(view! {
            <section class="transfer" id="vm-transfer" aria-labelledby="vm-transfer-title" aria-busy=report.is_none().then_some("true")>
                <h2 class="transfer-title" id="vm-transfer-title">{t::TRANSFER_TITLE.get()}</h2>
                <meter id="vm-transfer-meter" min="0" max=included value=used.min(included) low=included * 0.8 high=included * 0.999 optimum="0"></meter>
                <p id="vm-transfer-used">{used_line}</p>
                <p class="muted small" id="vm-transfer-pace">{pace_line}</p>
                {warning.map(|(class, text)| view! { <p class=class id="vm-transfer-warning" role="status">{text}</p> })}
            </section>
        })
    }
}
