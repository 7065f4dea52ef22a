//! The VM's ISO: what is mounted, mounting one (uploaded or by URL),
//! unmounting, and the rescue flow.

mod rescue;

use super::{use_op, use_tab_data, use_vm, VmCtx};
use crate::api::vms::mounted_iso;
use crate::components::{
    ActionButton, ApiRequestView, ChoiceField, Empty, ErrorView, FormView, Loaded, RawFields,
    SubmitButton, TextField,
};
use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseFormOptions};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::api::request::{self, IsoSource};
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::route::VmTab;
use vmdeck_core::vm::iso::IsoJoin;
use vmdeck_core::vm::iso::MountIsoForm;

#[component]
pub fn IsosTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let mounted = use_tab_data(ctx, |api, id| async move { mounted_iso(&api, &id).await });
    let boot_type = move || {
        ctx.vm.with(|vm| vm.as_ref().and_then(|vm| vm.boot_type.clone())).unwrap_or_default()
    };
    view! {
        <div class="notice notice-info" id="iso-boot-note">
            {move || if boot_type() == "cdrom" {
                view! { <p>{t::ISOS_BOOTS_FROM_CD.get()}</p> }.into_any()
            } else {
                view! { <p>{t::ISOS_HOW_TO_BOOT.get()} " " <A href=move || VmTab::Settings.href(&ctx.id.get())>{t::ISOS_HOW_TO_BOOT_LINK.get()}</A> {t::ISOS_HOW_TO_BOOT_END.get()}</p> }.into_any()
            }}
        </div>
        <section class="panel">
            <h2>{t::ISOS_MOUNTED.get()}</h2>
            <Loaded data=mounted doing=t::ISOS_DOING_LOAD.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                empty=Empty::when(Option::is_none, || view! { <p class="muted" id="iso-none">{t::ISOS_NONE.get()}</p> })
                render={move |iso: Option<IsoJoin>| iso.map(|iso| view! { <Mounted ctx=ctx iso=iso/> })}/>
        </section>
        <rescue::Rescue ctx=ctx mounted=mounted/>
        <section class="panel">
            <h2>{t::ISOS_MOUNT_AN_ISO.get()}</h2>
            <MountForm ctx=ctx/>
        </section>
    }
    .into_any()
}

#[component]
fn Mounted(ctx: VmCtx, iso: IsoJoin) -> impl IntoView {
    let join = iso.id.clone();
    let op = use_op(
        ctx,
        Operation::UnmountIso,
        |_, _| {},
        |account, id, join: &String| request::unmount_iso(account, id, join),
    );
    view! {
        <div class="mounted-iso" id="iso-mounted">
            <div>
                <strong id="iso-name">{iso.name()}</strong>
                <div class="muted small mono">{iso.iso_id.clone().map(|i| format!("ISO #{i}"))}</div>
            </div>
            {join.map(|join| view! {
                <ActionButton id="iso-unmount" blocked=op.blocked()
                    on:click=move |_| op.run(join.clone())>{t::ISOS_UNMOUNT.get()}</ActionButton>
            })}
        </div>
        {move || op.error.get().map(|e| view! { <ErrorView error=e doing=t::ISOS_DOING_UNMOUNT.get()/> })}
        <RawFields map=iso.raw summary=t::ISOS_RAW_FIELDS.get()/>
    }
}

#[component]
fn MountForm(ctx: VmCtx) -> impl IntoView {
    let deploy = use_deploy();
    let op = use_op(
        ctx,
        Operation::MountIso,
        |_, _| {},
        |account, id, source: &IsoSource| request::mount_iso(account, id, source),
    );
    // A draft keeps what is typed over a switch to another tab and back.
    let form = use_form_with_options(
        "iso",
        MountIsoForm::default(),
        UseFormOptions::default()
            .check(MountIsoForm::errors)
            .draft(&format!("iso.{}", ctx.id.get_untracked()), MountIsoForm::clone)
            .pending(op.pending()),
    );
    let blocked = op.blocked();
    let by_url = move || form.with(|f| f.by_url);
    let input = Callback::new(|f: MountIsoForm| {
        if f.by_url {
            IsoSource::Url(f.iso_url.trim().to_owned())
        } else {
            IsoSource::Id(f.iso_id.trim().to_owned())
        }
    });
    let isos = Signal::derive(move || deploy.with(|d| d.catalogue.isos.clone()));
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::ISOS_DOING_MOUNT.get()>
            <div class="segmented" role="radiogroup" aria-label=t::ISOS_SOURCE.get()>
                <label><input type="radio" name="iso-source" id="iso-by-id" prop:checked=move || !by_url() on:change=move |_| form.edit("by_url", |f| f.by_url = false)/>{vmdeck_core::i18n::common::AN_UPLOADED_ISO.get()}</label>
                <label><input type="radio" name="iso-source" id="iso-by-url" prop:checked=by_url on:change=move |_| form.edit("by_url", |f| f.by_url = true)/>{t::ISOS_AT_URL.get()}</label>
            </div>
            {move || if by_url() {
                view! {
                    <TextField bound=form.text("iso_url", |f| &f.iso_url, |f| &mut f.iso_url) label=vmdeck_core::i18n::common::ISO_URL.get() placeholder="https://…/image.iso" hint=vmdeck_core::i18n::common::ISO_URL_HINT.get()/>
                }.into_any()
            } else {
                view! { <ChoiceField bound=form.text("iso_id", |f| &f.iso_id, |f| &mut f.iso_id) label="ISO" choices=isos/> }.into_any()
            }}
            <SubmitButton form=form id="iso-mount" label=t::ISOS_MOUNT.get() blocked=blocked/>
            <ApiRequestView requests=op.preview(form, input) id="iso-request" what=t::ISOS_MOUNT_SENDS.get()/>
        </FormView>
    }
}
