//! Creating a VM: every field of the spec, checked as the user types, the
//! service's refusals shown where they belong.

mod disks;

use crate::api::network::vm_interfaces;
use crate::api::vms::{get_vm, list_disks};
use crate::components::{
    described_by, fixed_options, ApiRequestView, CheckField, ChoiceField, Field, FormView, Loaded,
    PlanPicker, SelectField, SubmitButton, TextAreaField, TextField,
};
use crate::deploy::use_deploy;
use crate::hooks::{use_data_with_options, use_form_with_options, UseDataOptions, UseFormOptions};
use crate::session::use_session;
use crate::tasks::use_tasks;
use disks::SecondaryDisks;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use vmdeck_core::api::request;
use vmdeck_core::deploy::plans::Plan;
use vmdeck_core::deploy::Choice;
use vmdeck_core::history::Operation;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::route::href;
use vmdeck_core::vm::create::{generate_password, CreateVmForm, Source};
use vmdeck_core::Vm;

fn random_password() -> Option<String> {
    let crypto = web_sys::window()?.crypto().ok()?;
    let mut bytes = [0u8; 16];
    crypto.get_random_values_with_u8_array(&mut bytes).ok()?;
    Some(generate_password(&bytes))
}

#[component]
pub fn VmCreatePage() -> impl IntoView {
    let session = use_session();
    let deploy = use_deploy();
    let navigate = StoredValue::new_local(use_navigate());
    let show_password = RwSignal::new(false);

    let tasks = use_tasks();
    let create = Action::new_local(move |body: &serde_json::Value| {
        let made = session.account_id().map(|account| request::create_vm(&account, body.clone()));
        let name = ["hostname", "label"]
            .iter()
            .find_map(|k| body.get(*k).and_then(|v| v.as_str()))
            .unwrap_or(t::CREATE_A_NEW_VM.get())
            .to_owned();
        let reply = tasks.send(session, Operation::CreateVm, (String::new(), name), made);
        async move { reply.await.and_then(|reply| reply.decode(Vm::from_json)) }
    });
    let form = use_form_with_options(
        "create",
        CreateVmForm::default(),
        UseFormOptions::default()
            .check(CreateVmForm::errors)
            .field_for(CreateVmForm::field_for)
            .draft("create", CreateVmForm::without_secrets)
            .pending(create.pending()),
    );
    // The outcome, once: the form hears it, then the new VM's page opens.
    Effect::new(move || {
        let Some(result) = create.value().get() else { return };
        form.settled(result.as_ref().map(|_| ()));
        if let Ok(vm) = result {
            let target = vm.id.map(|id| href::vm(&id)).unwrap_or_else(href::vms);
            navigate.with_value(|nav| nav(&target, NavigateOptions::default()));
        }
    });
    // "Create like this" from a VM's page: its sizes, template, location
    // and network, read once; a draft being typed is kept, not replaced.
    let like_id =
        use_query_map().with_untracked(|q| q.get("like")).filter(|id| !id.trim().is_empty());
    let like = like_id.map(|id| {
        let like = use_data_with_options(
            move || id.clone(),
            |api, id| async move {
                let vm = get_vm(&api, &id).await?;
                let disks = list_disks(&api, &id).await.unwrap_or_default();
                let nics = vm_interfaces(&api, &id, &[]).await.unwrap_or_default();
                let network = nics
                    .iter()
                    .find(|n| n.primary)
                    .or(nics.first())
                    .and_then(|n| n.network_id.clone());
                Ok((vm.display_name(), CreateVmForm::like(&vm, &disks, network.as_deref())))
            },
            UseDataOptions::default().once(),
        );
        Effect::new(move || {
            if let Some((_, prefilled)) = like.data.get() {
                form.start_from(prefilled);
            }
        });
        like
    });
    // The request "Create VM" would send: the same body.
    let requests = Signal::derive(move || {
        let Some(credentials) = session.credentials() else { return Vec::new() };
        form.with(|f| f.body().ok())
            .map(|body| request::create_vm(&credentials.account_id, body))
            .into_iter()
            .collect()
    });
    let on_submit = Callback::new(move |value: CreateVmForm| {
        if let Ok(body) = value.body() {
            create.dispatch(body);
        }
    });

    let catalogue = |pick: fn(&vmdeck_core::deploy::Catalogue) -> &Vec<Choice>| {
        Signal::derive(move || deploy.with(|d| pick(&d.catalogue).clone()))
    };
    let templates = crate::hooks::use_offered_templates();
    let isos = catalogue(|c| &c.isos);
    let locations = catalogue(|c| &c.locations);
    let networks = crate::hooks::use_offered_networks();
    let stores = catalogue(|c| &c.data_store_groups);
    let source = move || form.with(|f| f.source);
    let set_source = move |s: Source| form.edit("base", |f| f.source = s);
    let password = form.text(
        "initial_root_password",
        |f| &f.initial_root_password,
        |f| &mut f.initial_root_password,
    );
    let password_error = password.message;
    let plans = Memo::new(move |_| deploy.with(|d| d.catalogue.plans.clone()));
    // With a plan chosen, the sizes are the plan's and their fields go.
    let on_plan = move || form.with(|f| !f.plan.is_empty()) && plans.with(|p| !p.is_empty());

    view! {
        <section class="page page-narrow">
            <p class="breadcrumb"><A href=href::vms()>{c::VIRTUAL_MACHINES.get()}</A></p>
            <header class="page-header"><h1>{t::CREATE_TITLE.get()}</h1></header>
            {like.map(|like| view! {
                <Loaded data=like doing=t::CREATE_LIKE_DOING.get() fallback=|| view! { <p class="notice notice-info" id="create-like">{t::CREATE_LIKE_READING.get()}</p> }
                    render=|(name, _): (String, CreateVmForm)| view! { <p class="notice notice-info" id="create-like">{vmdeck_core::tf!(t::CREATE_LIKE_FROM, name = name)}</p> }/>
            })}
            <FormView form=form on_submit=on_submit doing=t::CREATE_DOING.get() class="form">
                <fieldset>
                    <legend>{t::CREATE_BASICS.get()}</legend>
                    {move || plans.with(|p| !p.is_empty()).then(|| view! {
                        <PlanPicker plans=plans.get() chosen=Signal::derive(move || form.with(|f| f.plan.clone())) custom=true
                            on_choose=Callback::new(move |plan: Option<Plan>| form.edit("plan", |f| f.choose_plan(plan.as_ref())))/>
                    })}
                    <div class="grid-2">
                        <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=c::LABEL.get() hint=t::CREATE_LABEL_HINT.get()/>
                        <TextField bound=form.text("hostname", |f| &f.hostname, |f| &mut f.hostname) label=c::HOSTNAME.get() hint=t::CREATE_HOSTNAME_HINT.get()/>
                        {move || (!on_plan()).then(|| view! {
                            <TextField bound=form.text("memory", |f| &f.memory, |f| &mut f.memory) label=c::MEMORY_MB.get() numeric=true/>
                            <TextField bound=form.text("cpus", |f| &f.cpus, |f| &mut f.cpus) label=c::CPUS.get() numeric=true/>
                        })}
                        <SelectField bound=form.text("cpu_type", |f| &f.cpu_type, |f| &mut f.cpu_type) label=c::CPU_TYPE.get()
                            options=fixed_options(&[("intel", "Intel"), ("amd", "AMD")]) empty=c::PROVIDERS_DEFAULT.get()/>
                        <TextField bound=form.text("cpu_shares", |f| &f.cpu_shares, |f| &mut f.cpu_shares) label=vmdeck_core::i18n::common::CPU_SHARES.get() numeric=true hint=t::CREATE_CPU_SHARES_HINT.get()/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>{t::CREATE_INSTALL_FROM.get()}</legend>
                    <div class="segmented" role="radiogroup" aria-label=t::CREATE_INSTALL_FROM.get()>
                        <label><input type="radio" name="source" id="source-template" prop:checked=move || source() == Source::Template on:change=move |_| set_source(Source::Template)/>{t::CREATE_SOURCE_TEMPLATE.get()}</label>
                        <label><input type="radio" name="source" id="source-iso-id" prop:checked=move || source() == Source::IsoId on:change=move |_| set_source(Source::IsoId)/>{vmdeck_core::i18n::common::AN_UPLOADED_ISO.get()}</label>
                        <label><input type="radio" name="source" id="source-iso-url" prop:checked=move || source() == Source::IsoUrl on:change=move |_| set_source(Source::IsoUrl)/>{t::CREATE_SOURCE_ISO_URL.get()}</label>
                    </div>
                    <div class="grid-2">
                        {move || match source() {
                            Source::Template => view! { <ChoiceField bound=form.text("template_id", |f| &f.template_id, |f| &mut f.template_id) label=c::TEMPLATE.get() choices=templates.choices reading=templates.reading/> }.into_any(),
                            Source::IsoId => view! { <ChoiceField bound=form.text("iso_id", |f| &f.iso_id, |f| &mut f.iso_id) label="ISO" choices=isos/> }.into_any(),
                            Source::IsoUrl => view! { <TextField bound=form.text("iso_url", |f| &f.iso_url, |f| &mut f.iso_url) label=vmdeck_core::i18n::common::ISO_URL.get() placeholder="https://…/image.iso" hint=vmdeck_core::i18n::common::ISO_URL_HINT.get()/> }.into_any(),
                        }}
                        <ChoiceField bound=form.text("location_id", |f| &f.location_id, |f| &mut f.location_id) label=c::LOCATION.get() choices=locations empty=c::PROVIDERS_DEFAULT.get()/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>{vmdeck_core::i18n::common::DISKS.get()}</legend>
                    <div class="grid-2">
                        {move || if on_plan() {
                            view! { <p class="hint" id="create-plan-disk">{move || form.with(|f| vmdeck_core::tf!(t::CREATE_PLAN_DISK, size = f.primary_disk_size.trim().parse::<f64>().map(|gb| vmdeck_core::i18n::number(gb, 2)).unwrap_or_else(|_| f.primary_disk_size.clone())))}</p> }.into_any()
                        } else {
                            view! { <TextField bound=form.text("primary_disk_size", |f| &f.primary_disk_size, |f| &mut f.primary_disk_size) label=vmdeck_core::i18n::common::PRIMARY_DISK_GB.get() numeric=true/> }.into_any()
                        }}
                        <ChoiceField bound=form.text("data_store_group_primary_id", |f| &f.data_store_group_primary_id, |f| &mut f.data_store_group_primary_id) label=t::CREATE_PRIMARY_STORE.get() choices=stores empty=c::PROVIDERS_DEFAULT.get()/>
                        <TextField bound=form.text("swap_disk_size", |f| &f.swap_disk_size, |f| &mut f.swap_disk_size) label=t::CREATE_SWAP_GB.get() numeric=true hint=t::CREATE_SWAP_HINT.get()/>
                        <ChoiceField bound=form.text("data_store_group_swap_id", |f| &f.data_store_group_swap_id, |f| &mut f.data_store_group_swap_id) label=t::CREATE_SWAP_STORE.get() choices=stores empty=c::PROVIDERS_DEFAULT.get()/>
                    </div>
                    <SecondaryDisks form=form stores=stores/>
                </fieldset>

                <fieldset>
                    <legend>{c::NETWORK.get()}</legend>
                    <div class="grid-2">
                        <ChoiceField bound=form.text("primary_network_id", |f| &f.primary_network_id, |f| &mut f.primary_network_id) label=t::CREATE_PRIMARY_NETWORK.get() choices=networks.choices reading=networks.reading empty=c::PROVIDERS_DEFAULT.get()/>
                        <TextField bound=form.text("primary_network_group_id", |f| &f.primary_network_group_id, |f| &mut f.primary_network_group_id) label=t::CREATE_NETWORK_GROUP.get() numeric=true hint=t::CREATE_NETWORK_GROUP_HINT.get()/>
                        <TextField bound=form.text("selected_ip_address", |f| &f.selected_ip_address, |f| &mut f.selected_ip_address) label=c::IP_ADDRESS.get() placeholder=t::CREATE_ASSIGNED_AUTOMATICALLY.get()/>
                        <TextField bound=form.text("selected_ip_netmask", |f| &f.selected_ip_netmask, |f| &mut f.selected_ip_netmask) label=t::IPS_COL_NETMASK.get() placeholder="255.255.255.0"/>
                        <TextField bound=form.text("selected_ip_gateway", |f| &f.selected_ip_gateway, |f| &mut f.selected_ip_gateway) label=t::IPS_COL_GATEWAY.get() placeholder=t::CREATE_ASSIGNED_AUTOMATICALLY.get()/>
                        <TextField bound=form.text("rate_limit", |f| &f.rate_limit, |f| &mut f.rate_limit) label=t::CREATE_PORT_SPEED_MB.get() numeric=true placeholder=c::PROVIDERS_DEFAULT.get() hint=t::CREATE_PORT_SPEED_HINT.get()/>
                        <SelectField bound=form.text("default_firewall_policy", |f| &f.default_firewall_policy, |f| &mut f.default_firewall_policy) label=t::CREATE_FIREWALL_POLICY.get()
                            options=Signal::derive(|| vec![("ACCEPT".to_owned(), t::CREATE_POLICY_ACCEPT.get().to_owned()), ("DROP".to_owned(), t::CREATE_POLICY_DROP.get().to_owned())]) empty=t::CREATE_POLICY_DEFAULT.get()/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>{t::CREATE_ACCESS.get()}</legend>
                    <Field label=t::CREATE_ROOT_PASSWORD.get() for_id=password.id.clone() error=password_error hint=t::CREATE_ROOT_PASSWORD_HINT.get()>
                        <div class="input-with-button">
                            <input
                                id=password.id.clone()
                                name="initial_root_password"
                                type=move || if show_password.get() { "text" } else { "password" }
                                autocomplete="new-password"
                                spellcheck="false"
                                placeholder=t::CREATE_PASSWORD_PLACEHOLDER.get()
                                prop:value=move || password.value.get()
                                on:input=move |ev| password.input.run(event_target_value(&ev))
                                on:blur=move |_| password.leave.run(())
                                aria-invalid=move || password_error.with(Option::is_some).to_string()
                                aria-describedby=described_by(password.id.clone(), password_error, true)
                            />
                            <button type="button" class="button button-quiet" id="password-show" aria-pressed=move || show_password.get().to_string() on:click=move |_| show_password.update(|s| *s = !*s)>
                                {move || if show_password.get() { vmdeck_core::i18n::common::HIDE.get() } else { c::SHOW.get() }}
                            </button>
                            <button type="button" class="button" id="password-generate" on:click=move |_| {
                                if let Some(p) = random_password() {
                                    form.edit("initial_root_password", |f| f.initial_root_password = p);
                                    show_password.set(true);
                                }
                            }>{t::CREATE_GENERATE.get()}</button>
                        </div>
                    </Field>
                    <TextAreaField bound=form.text("note", |f| &f.note, |f| &mut f.note) label=c::NOTE.get()/>
                    <CheckField bound=form.bind_flag("required_virtual_machine_build", |f| f.required_virtual_machine_build, |f, on| f.required_virtual_machine_build = on)>
                        {t::CREATE_BUILD_NOW.get()}
                    </CheckField>
                    <p class="hint checkbox-hint">{t::CREATE_BUILD_HINT.get()}</p>
                </fieldset>

                <div class="form-actions">
                    <A href=href::vms() attr:class="button">{c::CANCEL.get()}</A>
                    <SubmitButton form=form id="create-submit" label=c::CREATE_VM.get() sending=t::CREATE_SENDING.get()/>
                </div>
            </FormView>
            <ApiRequestView requests=requests id="create-request" what=t::CREATE_REQUEST_WHAT.get()/>
        </section>
    }
}
