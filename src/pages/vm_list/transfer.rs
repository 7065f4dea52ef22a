//! The list's transfer column: this month's transfer of each VM on the
//! page whose plan states one (`vmdeck_core::stats::transfer`), read from
//! its statistics while the column is shown, a few VMs at a time
//! (`api::at_most`, `STATS_AT_ONCE`). Read again when the page's VMs change
//! and on the list's Refresh, not on every poll: a month's transfer moves
//! slowly, and each VM is a request.

use crate::api::stats::bw_stats;
use crate::api::{at_most, STATS_AT_ONCE};
use crate::deploy::use_deploy;
use crate::hooks::{use_data_with_options, UseDataOptions, UseDataReturn};
use futures::stream::StreamExt;
use leptos::prelude::*;
use std::collections::HashMap;
use vmdeck_core::deploy::plans::plan_of_vm;
use vmdeck_core::i18n::DASH;
use vmdeck_core::stats::transfer::{summary, usage, Allowance, Level, Usage, GB};
use vmdeck_core::vm::columns::{Column, Columns};
use vmdeck_core::{Page, Vm};

/// A VM's month, as the cell shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Month {
    /// Its plan's allowance and what was used (none before the month's first sample).
    Counted(Allowance, Option<Usage>),
    /// The statistics could not be read.
    Unread,
}

/// The month of each VM on the page that has an allowance; provided to the rows.
#[derive(Clone, Copy)]
pub struct ListTransfer(UseDataReturn<HashMap<String, Month>>);

impl ListTransfer {
    /// Reads while `columns` shows the transfer, for the VMs of `page`.
    pub fn provide(page: Signal<Option<Page<Vm>>>, columns: Memo<Columns>) -> Self {
        let deploy = use_deploy();
        let wanted = Memo::new(move |_| {
            if !columns.with(|c| c.shows(Column::Transfer)) {
                return Vec::new();
            }
            page.with(|page| {
                let vms = page.iter().flat_map(|p| &p.items);
                vms.filter_map(|vm| {
                    let allowance = deploy.with(|d| {
                        plan_of_vm(&d.catalogue.plans, vm.memory_mb?, vm.cpus?, vm.disks_size_gb?)?
                            .transfer
                            .clone()
                    })?;
                    Some((vm.id.clone()?, allowance))
                })
                .collect::<Vec<_>>()
            })
        });
        let data = use_data_with_options(
            move || wanted.get(),
            |api, wanted| async move {
                let now = (js_sys::Date::now() / 1000.0) as i64;
                let reads = wanted.into_iter().map(|(id, allowance)| {
                    let api = api.clone();
                    async move {
                        let month = match bw_stats(&api, &id, "-1M").await {
                            Ok(report) => {
                                Month::Counted(allowance.clone(), usage(&report, &allowance, now))
                            }
                            Err(_) => Month::Unread,
                        };
                        (id, month)
                    }
                });
                let months = at_most(STATS_AT_ONCE, reads).collect::<HashMap<_, _>>().await;
                Ok(months)
            },
            UseDataOptions::default().once(),
        );
        let transfer = Self(data);
        provide_context(transfer);
        transfer
    }

    pub fn refresh(&self) {
        self.0.refresh();
    }
}

/// A VM's cell: a meter and "12 % of 2,000 GB"; a dash for a VM on no
/// plan with an allowance, or whose statistics could not be read.
#[component]
pub(super) fn TransferCell(id: String) -> impl IntoView {
    let transfer = use_context::<ListTransfer>();
    move || {
        let months = transfer?.0.data;
        let month = months.with(|m| m.as_ref().map(|m| m.get(&id).cloned()));
        Some(match month {
            None => view! { <span class="muted">"…"</span> }.into_any(),
            Some(None | Some(Month::Unread)) => view! { <span>{DASH}</span> }.into_any(),
            Some(Some(Month::Counted(allowance, used))) => {
                let included = allowance.included_gb * GB;
                let bytes = used.as_ref().map_or(0.0, |u| u.used);
                let class = match used.as_ref().map(Usage::level) {
                    Some(Level::Over) => "transfer-cell is-over",
                    Some(Level::Near) => "transfer-cell is-near",
                    _ => "transfer-cell",
                };
                view! {
                    <span class=class>
                        <meter min="0" max=included value=bytes.min(included) low=included * 0.8 high=included * 0.999 optimum="0" aria-hidden="true"></meter>
                        <span>{summary(used.as_ref(), &allowance)}</span>
                    </span>
                }
                .into_any()
            }
        })
    }
}
