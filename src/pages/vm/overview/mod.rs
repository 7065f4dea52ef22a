//! The VM's overview: every field, readable, and everything the API sent.

mod transfer;

use super::use_vm;
use crate::components::{CopyButton, RawFields};
use leptos::prelude::*;
use vmdeck_core::i18n::{self, common as c, or_dash, vm as t, DASH};
use vmdeck_core::vm::format_memory;
use vmdeck_core::Vm;

fn yes_no(flag: Option<bool>) -> String {
    match flag {
        Some(true) => c::YES.get().into(),
        Some(false) => c::NO.get().into(),
        None => DASH.into(),
    }
}

/// One row of the overview: the name, the text, and (for dates) the raw value on hover.
struct Row {
    name: &'static str,
    text: String,
    raw: Option<String>,
}

fn rows(vm: &Vm) -> Vec<Row> {
    let row = |name, text| Row { name, text, raw: None };
    // Named with its zone: the one the user chose, which may not be the VM's or the browser's.
    let zone = crate::locale::time_zone::zone_name();
    let date = |name, value: &Option<String>| Row {
        name,
        text: match value.as_deref() {
            Some(raw) if vmdeck_core::time::parse_service_date(raw).is_some() => {
                format!("{} ({zone})", crate::locale::service_moment(raw))
            }
            Some(raw) => raw.to_owned(),
            None => DASH.into(),
        },
        raw: value.clone(),
    };
    vec![
        row(c::LABEL.get(), or_dash(vm.label.clone())),
        row(c::HOSTNAME.get(), or_dash(vm.hostname.clone())),
        row(c::STATUS.get(), vm.status.label().to_owned()),
        row(c::BUSY.get(), yes_no(Some(vm.locked))),
        row(vmdeck_core::i18n::common::SUSPENDED.get(), yes_no(Some(vm.suspended))),
        row(c::TYPE.get(), or_dash(vm.vm_type.as_ref().map(|t| t.label().to_owned()))),
        row(c::MEMORY.get(), or_dash(vm.memory_mb.map(format_memory))),
        row(c::CPUS.get(), or_dash(vm.cpus.map(i18n::integer))),
        row(vmdeck_core::i18n::common::CPU_SHARES.get(), or_dash(vm.cpu_shares.map(i18n::integer))),
        row(c::CPU_TYPE.get(), or_dash(vm.cpu_type.clone())),
        row(c::OPERATING_SYSTEM.get(), or_dash(vm.operating_system.clone())),
        row(
            vmdeck_core::i18n::common::DISTRIBUTION.get(),
            or_dash(vm.operating_system_distro.clone()),
        ),
        row(
            c::TEMPLATE.get(),
            or_dash(match (&vm.template_label, &vm.template_id) {
                (Some(label), Some(id)) => Some(format!("{label} (#{id})")),
                (None, Some(id)) => Some(format!("#{id}")),
                (Some(label), None) => Some(label.clone()),
                (None, None) => None,
            }),
        ),
        row(c::LOCATION.get(), or_dash(vm.location_id.clone())),
        row(t::OVERVIEW_HYPERVISOR.get(), or_dash(vm.hypervisor_id.clone())),
        row(
            c::IP_ADDRESSES.get(),
            or_dash((!vm.ip_addresses.is_empty()).then(|| vm.ip_addresses.join(", "))),
        ),
        row(t::OVERVIEW_BOOT_DEVICE.get(), or_dash(vm.boot_type.clone())),
        row(t::OVERVIEW_CDROM_DRIVE.get(), yes_no(vm.cdrom)),
        row(vmdeck_core::i18n::common::DISK_TYPE.get(), or_dash(vm.disk_type.clone())),
        row(t::OVERVIEW_KEPT_APART.get(), or_dash(vm.strict_virtual_machine_id.clone())),
        row(t::OVERVIEW_VIP.get(), yes_no(vm.vip)),
        row(c::NOTE.get(), or_dash(vm.note.clone())),
        date(t::OVERVIEW_CREATED.get(), &vm.created_at),
        date(t::OVERVIEW_UPDATED.get(), &vm.updated_at),
    ]
}

#[component]
pub fn OverviewTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let show_password = RwSignal::new(false);
    view! {
        <transfer::TransferMeter ctx=ctx/>
        {move || ctx.vm.with(|vm| vm.as_ref().map(|vm| {
            let password = vm.initial_password.clone();
            let raw = vm.raw.clone();
            let summary = i18n::plural(raw.len() as u64, &t::OVERVIEW_RAW_FIELDS_ONE, &t::OVERVIEW_RAW_FIELDS_OTHER);
            view! {
                <dl class="fields" id="vm-fields">
                    {rows(vm).into_iter().map(|row| view! {
                        <div class="field-row">
                            <dt>{row.name}</dt>
                            <dd title=row.raw>{row.text}</dd>
                        </div>
                    }).collect_view()}
                    <div class="field-row">
                        <dt>{t::OVERVIEW_ROOT_PASSWORD.get()}</dt>
                        <dd>
                            {match password {
                                None => view! { <span>{DASH}</span> }.into_any(),
                                Some(password) => {
                                    let copied = password.clone();
                                    view! {
                                        <span class="mono" id="vm-password">{move || if show_password.get() { password.clone() } else { vmdeck_core::secrets::MASK.into() }}</span>
                                        " "
                                        <button type="button" class="button button-quiet button-small" on:click=move |_| show_password.update(|s| *s = !*s)>
                                            {move || if show_password.get() { vmdeck_core::i18n::common::HIDE.get() } else { c::SHOW.get() }}
                                        </button>
                                        // Copied without being shown: nobody behind the user reads it.
                                        <CopyButton text=copied what=t::OVERVIEW_COPY_PASSWORD.get() id="copy-password"/>
                                    }.into_any()
                                }
                            }}
                        </dd>
                    </div>
                </dl>
                <RawFields map=raw summary=summary id="vm-raw-fields"/>
            }
        }))}
    }
    .into_any()
}
