//! Creating a VM: every field of the spec, checked as the user types, the
//! service's refusals shown where they belong.

use crate::api::vms::create_vm;
use crate::api::Api;
use crate::components::{described_by, Field, TextField};
use crate::deploy::use_deploy;
use crate::session::use_session;
use leptos::prelude::*;
use leptos_router::components::A;
use leptos_router::hooks::use_navigate;
use leptos_router::NavigateOptions;
use std::collections::{BTreeMap, BTreeSet};
use vmdeck_core::create_vm::{form_field_for, generate_password, CreateVmForm, FieldErrors, SecondaryDisk, Source};
use vmdeck_core::deploy::Choice;
use vmdeck_core::ApiError;

/// The state of the form: what is typed, what the user has left (to show its
/// problems from then on), whether a submit was tried, and the server's word.
#[derive(Clone, Copy)]
struct FormState {
    form: RwSignal<CreateVmForm>,
    errors: Memo<FieldErrors>,
    touched: RwSignal<BTreeSet<String>>,
    submitted: RwSignal<bool>,
    server: RwSignal<BTreeMap<String, String>>,
}

impl FormState {
    fn new() -> Self {
        let form = RwSignal::new(CreateVmForm::default());
        Self {
            form,
            errors: Memo::new(move |_| form.with(CreateVmForm::errors)),
            touched: RwSignal::new(BTreeSet::new()),
            submitted: RwSignal::new(false),
            server: RwSignal::new(BTreeMap::new()),
        }
    }

    /// The message to show under a field: the server's, else the form's own
    /// once the field was left or a submit was tried.
    fn error(self, field: &'static str) -> Signal<Option<String>> {
        self.error_owned(field.to_owned())
    }

    fn error_owned(self, field: String) -> Signal<Option<String>> {
        Signal::derive(move || {
            self.server.with(|s| s.get(&field).cloned()).or_else(|| {
                let shown = self.submitted.get() || self.touched.with(|t| t.contains(&field));
                if shown { self.errors.with(|e| e.get(&field).cloned()) } else { None }
            })
        })
    }

    fn edit(self, field: &str, change: impl FnOnce(&mut CreateVmForm)) {
        self.form.update(change);
        self.server.update(|s| {
            s.remove(field);
        });
    }

    fn touch(self, field: &str) {
        if self.touched.with_untracked(|t| !t.contains(field)) {
            self.touched.update(|t| {
                t.insert(field.to_owned());
            });
        }
    }
}

fn dom_id(field: &str) -> String {
    format!("create-{}", field.replace(['.', '_'], "-"))
}

/// A text input bound to one field of the form.
#[component]
fn Input(
    state: FormState,
    /// The API's name of the field.
    field: &'static str,
    label: &'static str,
    get: fn(&CreateVmForm) -> String,
    set: fn(&mut CreateVmForm, String),
    #[prop(optional)] hint: &'static str,
    #[prop(optional)] numeric: bool,
    #[prop(optional)] placeholder: &'static str,
) -> impl IntoView {
    view! {
        <TextField
            label=label
            id=dom_id(field)
            value=Signal::derive(move || state.form.with(get))
            on_input=Callback::new(move |v| state.edit(field, |f| set(f, v)))
            on_blur=Callback::new(move |()| state.touch(field))
            error=state.error(field)
            hint=hint
            numeric=numeric
            placeholder=placeholder
        />
    }
}

/// A choice from the deployment's catalogue, or an id input when the
/// deployment names none.
#[component]
fn CatalogueChoice(
    state: FormState,
    field: &'static str,
    label: &'static str,
    choices: Signal<Vec<Choice>>,
    get: fn(&CreateVmForm) -> String,
    set: fn(&mut CreateVmForm, String),
    /// The text of the empty choice; without it a choice is required.
    #[prop(optional)]
    default_text: &'static str,
) -> impl IntoView {
    move || {
        let list = choices.get();
        if list.is_empty() {
            let hint = if default_text.is_empty() { "An id from your provider." } else { default_text };
            return view! { <Input state=state field=field label=label get=get set=set numeric=true hint=hint/> }.into_any();
        }
        let id = dom_id(field);
        let error = state.error(field);
        view! {
            <Field label=label for_id=id.clone() error=error>
                <select
                    id=id.clone()
                    name=field
                    on:change=move |ev| {
                        state.edit(field, |f| set(f, event_target_value(&ev)));
                        state.touch(field);
                    }
                    aria-invalid=move || error.with(Option::is_some).to_string()
                    aria-describedby=described_by(id.clone(), error, false)
                >
                    <option value="" selected=move || state.form.with(get).is_empty()>
                        {if default_text.is_empty() { "Choose…" } else { default_text }}
                    </option>
                    {list.into_iter().map(|choice| {
                        let value = choice.id.clone();
                        view! { <option value=choice.id selected=move || state.form.with(get) == value>{choice.label}</option> }
                    }).collect_view()}
                </select>
            </Field>
        }
        .into_any()
    }
}

/// A few fixed values as a select.
#[component]
fn Pick(
    state: FormState,
    field: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
    get: fn(&CreateVmForm) -> String,
    set: fn(&mut CreateVmForm, String),
) -> impl IntoView {
    let id = dom_id(field);
    let error = state.error(field);
    view! {
        <Field label=label for_id=id.clone() error=error>
            <select id=id name=field on:change=move |ev| state.edit(field, |f| set(f, event_target_value(&ev)))>
                {options.iter().map(|(value, text)| view! {
                    <option value=*value selected=move || state.form.with(get) == *value>{*text}</option>
                }).collect_view()}
            </select>
        </Field>
    }
}

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
    let state = FormState::new();
    let banner = RwSignal::new(Vec::<String>::new());
    let show_password = RwSignal::new(false);

    let create = Action::new_local(move |body: &serde_json::Value| {
        let body = body.clone();
        async move {
            let result = match Api::from_session(session) {
                Ok(api) => create_vm(&api, &body).await,
                Err(e) => Err(e),
            };
            match result {
                Ok(vm) => {
                    let target = vm.id.map(|id| format!("/vms/{id}")).unwrap_or_else(|| "/vms".to_owned());
                    navigate.with_value(|nav| nav(&target, NavigateOptions::default()));
                }
                Err(ApiError::Validation(messages)) => {
                    let mut on_fields = BTreeMap::new();
                    let mut general = messages.general.clone();
                    for (field, texts) in &messages.fields {
                        let key = form_field_for(field);
                        if state.form.with_untracked(|f| f.has_field(&key)) {
                            on_fields.insert(key, texts.join(" "));
                        } else {
                            general.extend(texts.iter().map(|t| format!("{}: {t}", field.replace('_', " "))));
                        }
                    }
                    if general.is_empty() {
                        general.push("The service refused some fields: see the messages below them.".into());
                    }
                    state.server.set(on_fields);
                    banner.set(general);
                }
                Err(other) => banner.set(vec![other.to_string()]),
            }
        }
    });
    let pending = create.pending();
    let invalid_count = move || state.errors.with(BTreeMap::len);

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if pending.get_untracked() {
            return;
        }
        state.submitted.set(true);
        banner.set(Vec::new());
        match state.form.with_untracked(CreateVmForm::body) {
            Ok(body) => {
                create.dispatch(body);
            }
            Err(errors) => {
                // Take the user to the first problem.
                let form_order = vmdeck_core::create_vm::FIELDS.iter().map(|f| f.to_string());
                let mut in_order = form_order.chain(errors.keys().cloned());
                if let Some(first) = in_order.find(|key| errors.contains_key(key)) {
                    if let Some(el) = document().get_element_by_id(&dom_id(&first)) {
                        let _ = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&el).map(|el| el.focus());
                    }
                }
            }
        }
    };

    let catalogue = |pick: fn(&vmdeck_core::deploy::Catalogue) -> &Vec<Choice>| {
        Signal::derive(move || deploy.with(|d| pick(&d.catalogue).clone()))
    };
    let templates = catalogue(|c| &c.templates);
    let isos = catalogue(|c| &c.isos);
    let locations = catalogue(|c| &c.locations);
    let networks = catalogue(|c| &c.networks);
    let stores = catalogue(|c| &c.data_store_groups);
    let source = move || state.form.with(|f| f.source);
    let set_source = move |s: Source| state.edit("base", |f| f.source = s);

    view! {
        <section class="page page-narrow">
            <p class="breadcrumb"><A href="/vms">"Virtual machines"</A></p>
            <header class="page-header"><h1>"Create a virtual machine"</h1></header>
            {move || (!banner.with(Vec::is_empty)).then(|| view! {
                <div class="notice notice-error" role="alert" id="create-banner">
                    <p class="notice-title">"The VM was not created"</p>
                    <ul>{banner.get().into_iter().map(|m| view! { <li>{m}</li> }).collect_view()}</ul>
                </div>
            })}
            <form class="form" id="create-vm-form" on:submit=on_submit novalidate>
                <fieldset>
                    <legend>"Basics"</legend>
                    <div class="grid-2">
                        <Input state=state field="label" label="Label" get=|f| f.label.clone() set=|f, v| f.label = v hint="A name for you; shown in lists."/>
                        <Input state=state field="hostname" label="Hostname" get=|f| f.hostname.clone() set=|f, v| f.hostname = v hint="Up to 25 letters, digits and dashes; not starting with a digit."/>
                        <Input state=state field="memory" label="Memory (MB)" numeric=true get=|f| f.memory.clone() set=|f, v| f.memory = v/>
                        <Input state=state field="cpus" label="CPUs" numeric=true get=|f| f.cpus.clone() set=|f, v| f.cpus = v/>
                        <Pick state=state field="cpu_type" label="CPU type" options=&[("", "Provider's default"), ("intel", "Intel"), ("amd", "AMD")] get=|f| f.cpu_type.clone() set=|f, v| f.cpu_type = v/>
                        <Input state=state field="cpu_shares" label="CPU shares" numeric=true get=|f| f.cpu_shares.clone() set=|f, v| f.cpu_shares = v hint="Optional: the share of the hypervisor's CPU guaranteed."/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>"Install from"</legend>
                    <div class="segmented" role="radiogroup" aria-label="Install from">
                        <label><input type="radio" name="source" id="source-template" prop:checked=move || source() == Source::Template on:change=move |_| set_source(Source::Template)/>"A template"</label>
                        <label><input type="radio" name="source" id="source-iso-id" prop:checked=move || source() == Source::IsoId on:change=move |_| set_source(Source::IsoId)/>"An uploaded ISO"</label>
                        <label><input type="radio" name="source" id="source-iso-url" prop:checked=move || source() == Source::IsoUrl on:change=move |_| set_source(Source::IsoUrl)/>"An ISO from a URL"</label>
                    </div>
                    <div class="grid-2">
                        {move || match source() {
                            Source::Template => view! { <CatalogueChoice state=state field="template_id" label="Template" choices=templates get=|f| f.template_id.clone() set=|f, v| f.template_id = v/> }.into_any(),
                            Source::IsoId => view! { <CatalogueChoice state=state field="iso_id" label="ISO" choices=isos get=|f| f.iso_id.clone() set=|f, v| f.iso_id = v/> }.into_any(),
                            Source::IsoUrl => view! { <Input state=state field="iso_url" label="ISO URL" placeholder="https://…/image.iso" get=|f| f.iso_url.clone() set=|f, v| f.iso_url = v hint="http, https, ftp or ftps."/> }.into_any(),
                        }}
                        <CatalogueChoice state=state field="location_id" label="Location" choices=locations default_text="Provider's default" get=|f| f.location_id.clone() set=|f, v| f.location_id = v/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>"Disks"</legend>
                    <div class="grid-2">
                        <Input state=state field="primary_disk_size" label="Primary disk (GB)" numeric=true get=|f| f.primary_disk_size.clone() set=|f, v| f.primary_disk_size = v/>
                        <CatalogueChoice state=state field="data_store_group_primary_id" label="Primary disk's data store" choices=stores default_text="Provider's default" get=|f| f.data_store_group_primary_id.clone() set=|f, v| f.data_store_group_primary_id = v/>
                        <Input state=state field="swap_disk_size" label="Swap (GB)" numeric=true get=|f| f.swap_disk_size.clone() set=|f, v| f.swap_disk_size = v hint="Optional; Windows does not use it."/>
                        <CatalogueChoice state=state field="data_store_group_swap_id" label="Swap's data store" choices=stores default_text="Provider's default" get=|f| f.data_store_group_swap_id.clone() set=|f, v| f.data_store_group_swap_id = v/>
                    </div>
                    <SecondaryDisks state=state stores=stores/>
                </fieldset>

                <fieldset>
                    <legend>"Network"</legend>
                    <div class="grid-2">
                        <CatalogueChoice state=state field="primary_network_id" label="Primary network" choices=networks default_text="Provider's default" get=|f| f.primary_network_id.clone() set=|f, v| f.primary_network_id = v/>
                        <Input state=state field="primary_network_group_id" label="Network group id" numeric=true get=|f| f.primary_network_group_id.clone() set=|f, v| f.primary_network_group_id = v hint="Optional, instead of a network."/>
                        <Input state=state field="selected_ip_address" label="IP address" placeholder="Assigned automatically" get=|f| f.selected_ip_address.clone() set=|f, v| f.selected_ip_address = v/>
                        <Input state=state field="selected_ip_netmask" label="Netmask" placeholder="255.255.255.0" get=|f| f.selected_ip_netmask.clone() set=|f, v| f.selected_ip_netmask = v/>
                        <Input state=state field="selected_ip_gateway" label="Gateway" placeholder="Assigned automatically" get=|f| f.selected_ip_gateway.clone() set=|f, v| f.selected_ip_gateway = v/>
                        <Input state=state field="rate_limit" label="Port speed (Mb)" numeric=true placeholder="Provider's default" get=|f| f.rate_limit.clone() set=|f, v| f.rate_limit = v hint="0 means unlimited."/>
                        <Pick state=state field="default_firewall_policy" label="Default firewall policy" options=&[("", "ACCEPT (default)"), ("ACCEPT", "ACCEPT: allow all traffic"), ("DROP", "DROP: deny all traffic")] get=|f| f.default_firewall_policy.clone() set=|f, v| f.default_firewall_policy = v/>
                    </div>
                </fieldset>

                <fieldset>
                    <legend>"Access and notes"</legend>
                    <Field label="Root password" for_id="create-initial-root-password" error=state.error("initial_root_password") hint="6 to 32 letters, digits, dashes and underscores. Leave empty for a random one.">
                        <div class="input-with-button">
                            <input
                                id="create-initial-root-password"
                                name="initial_root_password"
                                type=move || if show_password.get() { "text" } else { "password" }
                                autocomplete="new-password"
                                spellcheck="false"
                                placeholder="Random when left empty"
                                prop:value=move || state.form.with(|f| f.initial_root_password.clone())
                                on:input=move |ev| state.edit("initial_root_password", |f| f.initial_root_password = event_target_value(&ev))
                                on:blur=move |_| state.touch("initial_root_password")
                                aria-invalid=move || state.error("initial_root_password").with(Option::is_some).to_string()
                                aria-describedby=described_by("create-initial-root-password", state.error("initial_root_password"), true)
                            />
                            <button type="button" class="button button-quiet" id="password-show" aria-pressed=move || show_password.get().to_string() on:click=move |_| show_password.update(|s| *s = !*s)>
                                {move || if show_password.get() { "Hide" } else { "Show" }}
                            </button>
                            <button type="button" class="button" id="password-generate" on:click=move |_| {
                                if let Some(p) = random_password() {
                                    state.edit("initial_root_password", |f| f.initial_root_password = p);
                                    show_password.set(true);
                                }
                            }>"Generate"</button>
                        </div>
                    </Field>
                    <Field label="Note" for_id="create-note">
                        <textarea
                            id="create-note"
                            rows="2"
                            prop:value=move || state.form.with(|f| f.note.clone())
                            on:input=move |ev| state.edit("note", |f| f.note = event_target_value(&ev))
                        ></textarea>
                    </Field>
                    <label class="checkbox">
                        <input
                            type="checkbox"
                            id="create-build"
                            prop:checked=move || state.form.with(|f| f.required_virtual_machine_build)
                            on:change=move |ev| state.edit("required_virtual_machine_build", |f| f.required_virtual_machine_build = event_target_checked(&ev))
                        />
                        "Build it right away"
                    </label>
                    <p class="hint checkbox-hint">"Otherwise the VM is created unbuilt, to be built later."</p>
                </fieldset>

                <div class="form-actions">
                    {move || (state.submitted.get() && invalid_count() > 0).then(|| view! {
                        <p class="field-error" id="create-invalid-note">{format!("Fix the {} marked field{} first.", invalid_count(), if invalid_count() == 1 { "" } else { "s" })}</p>
                    })}
                    <A href="/vms" attr:class="button">"Cancel"</A>
                    <button
                        type="submit"
                        class="button button-primary"
                        id="create-submit"
                        disabled=move || pending.get() || (state.submitted.get() && invalid_count() > 0)
                    >
                        {move || if pending.get() { "Creating…" } else { "Create VM" }}
                    </button>
                </div>
            </form>
        </section>
    }
}

#[component]
fn SecondaryDisks(state: FormState, stores: Signal<Vec<Choice>>) -> impl IntoView {
    let count = move || state.form.with(|f| f.secondary_disks.len());
    let add = move |_| {
        state.form.update(|f| f.secondary_disks.push(SecondaryDisk { size: "10".into(), data_store_group_id: String::new() }))
    };
    view! {
        <div class="disk-list" id="secondary-disks">
            <p class="subheading">"Secondary disks"</p>
            {move || (count() == 0).then(|| view! { <p class="hint">"None. Add disks in the order they should be attached."</p> })}
            <For each=move || 0..count() key=|i| *i let:i>
                <DiskRow state=state index=i stores=stores/>
            </For>
            <button type="button" class="button" id="add-disk" on:click=add>"Add a disk"</button>
        </div>
    }
}

#[component]
fn DiskRow(state: FormState, index: usize, stores: Signal<Vec<Choice>>) -> impl IntoView {
    let size_field = format!("secondary_disk_size.{index}");
    let group_field = format!("data_store_group_secondary_id.{index}");
    let size_id = dom_id(&size_field);
    let size_error = state.error_owned(size_field.clone());
    let group_error = state.error_owned(group_field.clone());
    let size = move || state.form.with(|f| f.secondary_disks.get(index).map(|d| d.size.clone()).unwrap_or_default());
    let group = move || state.form.with(|f| f.secondary_disks.get(index).map(|d| d.data_store_group_id.clone()).unwrap_or_default());
    let (size_key, group_key, touch_key) = (size_field.clone(), group_field.clone(), size_field);
    let group_id = dom_id(&group_field);
    view! {
        <div class="disk-row">
            <Field label=format!("Disk {} (GB)", index + 2) for_id=size_id.clone() error=size_error>
                <input
                    id=size_id.clone()
                    type="text"
                    inputmode="numeric"
                    prop:value=size
                    on:input=move |ev| state.edit(&size_key, |f| if let Some(d) = f.secondary_disks.get_mut(index) { d.size = event_target_value(&ev) })
                    on:blur=move |_| state.touch(&touch_key)
                    aria-invalid=move || size_error.with(Option::is_some).to_string()
                    aria-describedby=described_by(size_id.clone(), size_error, false)
                />
            </Field>
            <Field label="Data store" for_id=group_id.clone() error=group_error>
                <select id=group_id.clone() aria-describedby=described_by(group_id.clone(), group_error, false) on:change=move |ev| state.edit(&group_key, |f| if let Some(d) = f.secondary_disks.get_mut(index) { d.data_store_group_id = event_target_value(&ev) })>
                    <option value="" selected=move || group().is_empty()>"Provider's default"</option>
                    {move || stores.get().into_iter().map(|c| {
                        let value = c.id.clone();
                        view! { <option value=c.id selected=move || group() == value>{c.label}</option> }
                    }).collect_view()}
                </select>
            </Field>
            <button
                type="button"
                class="button button-quiet remove-disk"
                aria-label=format!("Remove disk {}", index + 2)
                on:click=move |_| state.form.update(|f| if index < f.secondary_disks.len() { f.secondary_disks.remove(index); })
            >"Remove"</button>
        </div>
    }
}
