//! The VM's ISO: what is mounted, mounting one (uploaded or by URL), unmounting.

use super::{blocked_reason, use_op, use_tab_data, use_vm, VmCtx};
use crate::api::storage::{mount_iso, mounted_iso, unmount_iso, IsoSource};
use crate::components::{described_by, ErrorView, Field, Loaded, RawFields};
use crate::deploy::use_deploy;
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::storage::IsoJoin;
use vmdeck_core::validate;

#[component]
pub fn IsosTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let mounted = use_tab_data(ctx, |api, id| async move { mounted_iso(&api, &id).await });
    let boot_type = move || ctx.vm.with(|vm| vm.as_ref().and_then(|vm| vm.boot_type.clone())).unwrap_or_default();
    view! {
        <div class="notice notice-info" id="iso-boot-note">
            {move || if boot_type() == "cdrom" {
                view! { <p>"This VM boots from the CD-ROM: a mounted ISO starts at the next boot."</p> }.into_any()
            } else {
                view! { <p>"To boot from a mounted ISO, set the VM's boot device to CD-ROM in " <A href=move || format!("/vms/{}/settings", ctx.id.get())>"Settings → Edit"</A> ", then reboot."</p> }.into_any()
            }}
        </div>
        <section class="panel">
            <h2>"Mounted ISO"</h2>
            <Loaded resource=mounted doing="Loading the mounted ISO" fallback=|| view! { <div class="skeleton skeleton-row"></div> }
                render={move |iso: Option<IsoJoin>| view! { <Mounted ctx=ctx iso=iso/> }}/>
        </section>
        <section class="panel">
            <h2>"Mount an ISO"</h2>
            <MountForm ctx=ctx/>
        </section>
    }
    .into_any()
}

#[component]
fn Mounted(ctx: VmCtx, iso: Option<IsoJoin>) -> impl IntoView {
    let Some(iso) = iso else {
        return view! { <p class="muted" id="iso-none">"No ISO is mounted."</p> }.into_any();
    };
    let join = iso.id.clone();
    let op = use_op(ctx, "Unmount ISO", |_| {}, |api, id, join: String| async move { unmount_iso(&api, &id, &join).await });
    let blocked = move || blocked_reason(ctx, op.pending());
    view! {
        <div class="mounted-iso" id="iso-mounted">
            <div>
                <strong id="iso-name">{iso.name()}</strong>
                <div class="muted small mono">{iso.iso_id.clone().map(|i| format!("ISO #{i}"))}</div>
            </div>
            {join.map(|join| view! {
                <button type="button" class="button" id="iso-unmount" disabled=move || blocked().is_some() title=move || blocked().unwrap_or("")
                    on:click=move |_| op.run(join.clone())>"Unmount"</button>
            })}
        </div>
        {move || op.error.get().map(|e| view! { <ErrorView error=e doing="Unmounting the ISO"/> })}
        <RawFields map=iso.raw summary="All fields of the mount"/>
    }
    .into_any()
}

#[component]
fn MountForm(ctx: VmCtx) -> impl IntoView {
    let deploy = use_deploy();
    let by_url = RwSignal::new(false);
    let iso_id = RwSignal::new(String::new());
    let url = RwSignal::new(String::new());
    let tried = RwSignal::new(false);
    let op = use_op(ctx, "Mount ISO", move |_| { url.set(String::new()); tried.set(false); }, |api, id, source: IsoSource| async move {
        mount_iso(&api, &id, source).await
    });
    let problem = Memo::new(move |_| {
        if by_url.get() {
            validate::iso_url(&url.get()).err()
        } else {
            validate::id(&iso_id.get(), "ISO").err().map(|_| "Choose an ISO.".to_owned())
        }
    });
    let shown_problem = Signal::derive(move || (tried.get() || (by_url.get() && !url.with(String::is_empty))).then(|| problem.get()).flatten());
    let blocked = move || blocked_reason(ctx, op.pending());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        tried.set(true);
        if problem.get_untracked().is_none() {
            op.run(if by_url.get_untracked() { IsoSource::Url(url.get_untracked()) } else { IsoSource::Id(iso_id.get_untracked()) });
        }
    };
    view! {
        <form on:submit=submit class="form-compact">
            <div class="segmented" role="radiogroup" aria-label="ISO source">
                <label><input type="radio" name="iso-source" id="iso-by-id" prop:checked=move || !by_url.get() on:change=move |_| by_url.set(false)/>"An uploaded ISO"</label>
                <label><input type="radio" name="iso-source" id="iso-by-url" prop:checked=move || by_url.get() on:change=move |_| by_url.set(true)/>"An ISO at a URL"</label>
            </div>
            {move || if by_url.get() {
                view! {
                    <Field label="ISO URL" for_id="iso-url" error=shown_problem hint="http, https, ftp or ftps.">
                        <input id="iso-url" type="text" placeholder="https://…/image.iso" spellcheck="false" prop:value=move || url.get() on:input=move |ev| url.set(event_target_value(&ev)) aria-describedby=described_by("iso-url", shown_problem, true)/>
                    </Field>
                }.into_any()
            } else {
                let isos = deploy.with(|d| d.catalogue.isos.clone());
                view! {
                    <Field label="ISO" for_id="iso-id" error=shown_problem>
                        {if isos.is_empty() {
                            view! { <input id="iso-id" aria-describedby=described_by("iso-id", shown_problem, false) type="text" inputmode="numeric" prop:value=move || iso_id.get() on:input=move |ev| iso_id.set(event_target_value(&ev))/> }.into_any()
                        } else {
                            view! {
                                <select id="iso-id" aria-describedby=described_by("iso-id", shown_problem, false) on:change=move |ev| iso_id.set(event_target_value(&ev))>
                                    <option value="" selected=move || iso_id.get().is_empty()>"Choose…"</option>
                                    {isos.into_iter().map(|c| { let v = c.id.clone(); view! { <option value=c.id selected=move || iso_id.get() == v>{c.label}</option> } }).collect_view()}
                                </select>
                            }.into_any()
                        }}
                    </Field>
                }.into_any()
            }}
            {move || op.error.get().map(|e| view! { <ErrorView error=e doing="Mounting the ISO"/> })}
            <button type="submit" class="button button-primary" id="iso-mount" disabled=move || blocked().is_some() title=move || blocked().unwrap_or("")>"Mount"</button>
        </form>
    }
}
