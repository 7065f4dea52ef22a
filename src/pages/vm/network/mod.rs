//! The VM's network interfaces and their IP addresses: add, edit, default
//! policy, delete; addresses added (new or reserved) and removed.

use super::firewall::{my_address, Guard, LockoutNotice};
use super::{busy_reason, use_op, use_tab_data, use_vm, ConfirmDialog, DialogActions, Op, VmCtx};
use crate::api::network::{account_ips, interface_rules, vm_interfaces, vm_ips};
use crate::api::Api;
use crate::components::{described_by, ActionButton, fixed_options, ApiRequestView, CheckField, ChoiceField, CopyButton, Empty, EmptyState, FormView, Loaded, Modal, RawFields, SelectField, SubmitButton, TextField};
use crate::deploy::{network_name, use_deploy};
use crate::hooks::{use_data_with_options, use_form_with_options, use_url_filters, Bound, Form, UrlFilters, UseDataOptions, UseFormOptions};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, messages as m, network as t, shell as s, vm};
use vmdeck_core::tf;
use serde_json::{Map, Value};
use vmdeck_core::network::form::InterfaceForm;
use vmdeck_core::network::{format_rate_limit, FirewallRule, Interface, IpAddress};
use vmdeck_core::api::request;
use vmdeck_core::firewall::rules::{Command, RuleSet};
use vmdeck_core::firewall::form::PolicyForm;
use vmdeck_core::network::form::AddIpForm;
use vmdeck_core::ApiError;

const FILTERS: &[&str] = &["interface_label", "network_id", "public"];

/// The interfaces with their addresses, read together.
#[derive(Clone, PartialEq)]
struct NetworkData {
    interfaces: Vec<Interface>,
    ips: Vec<IpAddress>,
}

/// The one dialog of the tab that is open, with what it is about.
#[derive(Clone, PartialEq)]
enum Dialog {
    Edit(Interface),
    Policy(Interface),
    Delete(Interface),
    AddIp(Interface),
    RemoveIp(Interface, IpAddress),
}

impl Dialog {
    fn interface(&self) -> &Interface {
        match self {
            Self::Edit(nic) | Self::Policy(nic) | Self::Delete(nic) | Self::AddIp(nic) | Self::RemoveIp(nic, _) => nic,
        }
    }
}

/// A [`Modal`]'s open flag that follows `dialog`: open while `is(dialog)`,
/// and closing the modal closes the dialog.
fn modal_flag(dialog: RwSignal<Option<Dialog>>, is: fn(&Dialog) -> bool) -> RwSignal<bool> {
    let open = RwSignal::new(false);
    Effect::new(move || open.set(dialog.with(|d| d.as_ref().is_some_and(is))));
    Effect::new(move || {
        if !open.get() && dialog.with_untracked(|d| d.as_ref().is_some_and(is)) {
            dialog.set(None);
        }
    });
    open
}

#[component]
pub fn NetworkTab() -> impl IntoView {
    let Some(ctx) = use_vm() else { return ().into_any() };
    let filters = use_url_filters(FILTERS);
    let data = use_tab_data(ctx, move |api: Api, id: String| {
        let query = filters.pairs(FILTERS);
        async move {
            let interfaces = vm_interfaces(&api, &id, &query).await?;
            let ips = vm_ips(&api, &id, &[]).await?;
            Ok(NetworkData { interfaces, ips })
        }
    });
    let dialog = RwSignal::new(None::<Dialog>);
    let add_open = RwSignal::new(false);
    let add_blocked = Signal::derive(move || busy_reason(ctx));
    view! {
        <div class="tab-toolbar">
            <InterfaceFilters filters=filters/>
            <ActionButton class="button button-primary" id="open-add-interface" blocked=add_blocked
                on:click=move |_| add_open.set(true)>{m::ACTION_ADD_INTERFACE.get()}</ActionButton>
        </div>
        <Loaded data=data doing=s::NICS_LOADING.get() fallback=|| view! { <div class="skeleton skeleton-row"></div> }
            empty=Empty::when(|data: &NetworkData| data.interfaces.is_empty(), move || {
                let text = if filters.pairs(FILTERS).is_empty() { t::NIC_NONE.get() } else { t::NIC_NONE_MATCH.get() };
                view! { <EmptyState title=s::NICS_EMPTY_TITLE.get() text=text id="nic-empty"/> }
            })
            render={move |data: NetworkData| view! { <InterfaceList ctx=ctx data=data dialog=dialog/> }}/>
        <AddInterface ctx=ctx open=add_open/>
        <InterfaceDialogs ctx=ctx dialog=dialog/>
    }
    .into_any()
}

#[component]
fn InterfaceFilters(filters: UrlFilters) -> impl IntoView {
    let deploy = use_deploy();
    view! {
        <div class="filter-row">
            <label class="filter">
                <span>{c::LABEL.get()}</span>
                <input type="search" id="nic-filter-label" prop:value=move || filters.get("interface_label") on:change=move |ev| filters.set("interface_label", event_target_value(&ev))/>
            </label>
            <label class="filter">
                <span>{c::NETWORK.get()}</span>
                <select id="nic-filter-network" on:change=move |ev| filters.set("network_id", event_target_value(&ev))>
                    <option value="" selected=move || filters.get("network_id").is_empty()>{s::FILTER_ANY.get()}</option>
                    {move || deploy.with(|d| d.catalogue.networks.clone()).into_iter().map(|n| {
                        let id = n.id.clone();
                        view! { <option value=n.id selected=move || filters.get("network_id") == id>{n.label}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label class="filter">
                <span>{s::NICS_PUBLIC.get()}</span>
                <select id="nic-filter-public" on:change=move |ev| filters.set("public", event_target_value(&ev))>
                    <option value="" selected=move || filters.get("public").is_empty()>{s::FILTER_ANY.get()}</option>
                    <option value="1" selected=move || filters.get("public") == "1">{c::PUBLIC.get()}</option>
                    <option value="0" selected=move || filters.get("public") == "0">{c::PRIVATE.get()}</option>
                </select>
            </label>
        </div>
    }
}

#[component]
fn InterfaceList(ctx: VmCtx, data: NetworkData, dialog: RwSignal<Option<Dialog>>) -> impl IntoView {
    let blocked = Signal::derive(move || busy_reason(ctx));
    data.interfaces
        .into_iter()
        .map(|nic| {
            let id = nic.id.clone().unwrap_or_default();
            let ips: Vec<IpAddress> = data.ips.iter().filter(|ip| ip.interface_id.as_deref() == Some(id.as_str())).cloned().collect();
            let only_one = ips.len() == 1;
            let policy = nic.default_firewall_policy.clone().unwrap_or_else(|| "—".into());
            let open = move |which: fn(Interface) -> Dialog, nic: Interface| move |_| dialog.set(Some(which(nic.clone())));
            view! {
                <article class="card nic" id=format!("nic-{id}")>
                    <header class="card-head">
                        <h2>{nic.name()} {nic.primary.then(|| view! { <span class="badge badge-online">{c::PRIMARY.get()}</span> })}</h2>
                        <span class="muted">{network_name(nic.network_id.as_deref())}</span>
                    </header>
                    <dl class="facts">
                        <div><dt>{s::NICS_COL_PORT_SPEED.get()}</dt><dd class="nic-rate">{format_rate_limit(nic.rate_limit)}</dd></div>
                        <div><dt>{c::STATUS.get()}</dt><dd>{nic.status.clone().unwrap_or_else(|| "—".into())}</dd></div>
                        <div><dt>"MAC"</dt><dd class="mono">{nic.mac_address.clone().unwrap_or_else(|| "—".into())}
                            {nic.mac_address.clone().map(|mac| view! { " " <CopyButton text=mac what=t::NIC_COPY_MAC.get()/> })}</dd></div>
                        <div><dt>{t::NIC_DEFAULT_POLICY.get()}</dt><dd class="nic-policy">{policy}</dd></div>
                        <div><dt>"VLAN"</dt><dd>{nic.vlan.clone().unwrap_or_else(|| "—".into())}</dd></div>
                    </dl>
                    <p class="subheading">{c::IP_ADDRESSES.get()}</p>
                    {if ips.is_empty() {
                        view! { <p class="muted small">{t::NIC_NO_ADDRESSES.get()}</p> }.into_any()
                    } else {
                        view! {
                            <ul class="plain-list nic-ips">
                                {ips.into_iter().map(|ip| {
                                    let target = ip.clone();
                                    let nic = nic.clone();
                                    view! {
                                        <li>
                                            <span class="mono">{ip.address.clone().unwrap_or_else(|| "—".into())}</span>
                                            {ip.address.clone().map(|address| view! { <CopyButton text=address what=t::NIC_COPY_ADDRESS.get()/> })}
                                            <span class="muted small">{ip.netmask.clone().unwrap_or_default()} {ip.gateway.clone().map(|g| format!(" {}", tf!(t::NIC_VIA, gateway = g)))}</span>
                                            <ActionButton class="button button-quiet" blocked=blocked hint=if only_one { t::NIC_ONLY_ADDRESS_HINT.get() } else { "" }
                                                on:click=move |_| dialog.set(Some(Dialog::RemoveIp(nic.clone(), target.clone())))>{c::REMOVE.get()}</ActionButton>
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                        }.into_any()
                    }}
                    <div class="card-actions">
                        <ActionButton blocked=blocked on:click=open(Dialog::AddIp, nic.clone())>{t::NIC_ADD_IP.get()}</ActionButton>
                        <ActionButton blocked=blocked on:click=open(Dialog::Edit, nic.clone())>{c::EDIT.get()}</ActionButton>
                        <ActionButton blocked=blocked on:click=open(Dialog::Policy, nic.clone())>{t::NIC_DEFAULT_POLICY.get()}</ActionButton>
                        <ActionButton class="button button-quiet danger-text" blocked=blocked on:click=open(Dialog::Delete, nic.clone())>{c::DELETE.get()}</ActionButton>
                    </div>
                    <RawFields map=nic.raw.clone() summary=t::NIC_ALL_FIELDS.get()/>
                </article>
            }
        })
        .collect_view()
}

/// A 412 of an interface operation, said in words.
fn explain_412(form: Form<InterfaceForm>) -> impl IntoView {
    move || matches!(form.top(), Some(ApiError::PreconditionFailed(_))).then(|| view! {
        <div class="notice notice-warning" id="nic-412">
            <p class="notice-title">{t::NIC_412_TITLE.get()}</p>
            <p>{t::NIC_412_TEXT.get()}</p>
        </div>
    })
}

#[component]
fn AddInterface(ctx: VmCtx, open: RwSignal<bool>) -> impl IntoView {
    let op = use_op(ctx, "Add interface", move |_, _| open.set(false), |account, id, body: &Value| request::add_interface(account, id, body.clone()));
    view! {
        <Modal open=open title=t::NIC_ADD_TITLE.get() id="add-interface-dialog">
            <InterfaceFields ctx=ctx original=InterfaceForm::default() adding=true op=op
                make=Callback::new(|(form, _): (InterfaceForm, InterfaceForm)| form.add_body().ok())/>
        </Modal>
    }
}

/// The fields of an interface, for adding one or editing it; `make` turns
/// what is typed (and the original) into the operation's input.
#[component]
fn InterfaceFields<I: Clone + Send + Sync + 'static>(
    ctx: VmCtx,
    original: InterfaceForm,
    adding: bool,
    op: Op<I>,
    make: Callback<(InterfaceForm, InterfaceForm), Option<I>>,
) -> impl IntoView {
    let deploy = use_deploy();
    let before = original.clone();
    let form = use_form_with_options("nic", original, UseFormOptions::default().check(InterfaceForm::errors).pending(op.pending()));
    let networks = Signal::derive(move || deploy.with(|d| d.catalogue.networks.clone()));
    let input = Callback::new(move |value: InterfaceForm| make.run((value, before.clone())));
    let doing = if adding { t::NIC_ADDING.get() } else { t::NIC_SAVING.get() };
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=doing>
            {explain_412(form)}
            <div class="grid-2">
                <ChoiceField bound=form.text("network_id", |f| &f.network_id, |f| &mut f.network_id).with_id("nic-network") label=c::NETWORK.get() choices=networks/>
                <TextField bound=form.text("label", |f| &f.label, |f| &mut f.label) label=c::LABEL.get() placeholder=t::NIC_LABEL_PLACEHOLDER.get()/>
                <TextField bound=form.text("rate_limit", |f| &f.rate_limit, |f| &mut f.rate_limit) label=s::CREATE_PORT_SPEED_MB.get() numeric=true hint=t::NIC_RATE_HINT.get()/>
                {(!adding).then(|| view! {
                    <TextField bound=form.text("mac_address", |f| &f.mac_address, |f| &mut f.mac_address).with_id("nic-mac") label=t::NIC_MAC_ADDRESS.get() hint=t::NIC_MAC_HINT.get()/>
                    <SelectField bound=form.text("default_firewall_policy", |f| &f.default_firewall_policy, |f| &mut f.default_firewall_policy).with_id("nic-policy") label=s::CREATE_FIREWALL_POLICY.get()
                        options=fixed_options(&[("ACCEPT", "ACCEPT"), ("DROP", "DROP")])/>
                })}
            </div>
            <CheckField bound=form.bind_flag("primary", |f| f.primary, |f, on| f.primary = on)>
                {t::NIC_PRIMARY_CHECK.get()}
            </CheckField>
            <DialogActions ctx=ctx op=op form=form input=input label=if adding { m::ACTION_ADD_INTERFACE.get() } else { c::SAVE.get() }/>
        </FormView>
    }
}

#[component]
fn InterfaceDialogs(ctx: VmCtx, dialog: RwSignal<Option<Dialog>>) -> impl IntoView {
    let target_id = move || dialog.with(|d| d.as_ref().and_then(|d| d.interface().id.clone())).unwrap_or_default();
    let target_name = move || dialog.with(|d| d.as_ref().map(|d| d.interface().name())).unwrap_or_default();
    let close = move || dialog.set(None);

    let edit: Op<(String, Map<String, Value>)> =
        use_op(ctx, "Edit interface", move |_, _| close(), |account, _, (nic, changes): &(String, Map<String, Value>)| request::edit_interface(account, nic, changes.clone()));
    let policy: Op<(String, String)> =
        use_op(ctx, "Set default policy", move |_, _| close(), |account, _, (nic, policy): &(String, String)| request::set_default_policy(account, nic, policy));
    let delete: Op<String> = use_op(ctx, "Delete interface", move |_, _| close(), |account, _, nic: &String| request::delete_interface(account, nic));
    let add: Op<(String, Option<String>)> =
        use_op(ctx, "Add IP address", move |_, _| close(), |account, _, (nic, reserved): &(String, Option<String>)| request::add_ip(account, nic, reserved.as_deref()));
    let remove: Op<(String, String)> = use_op(ctx, "Remove IP address", move |_, _| close(), |account, _, (nic, ip): &(String, String)| request::remove_ip(account, nic, ip));

    view! {
        <Modal open=modal_flag(dialog, |d| matches!(d, Dialog::Edit(_))) title=t::NIC_EDIT_TITLE.get() id="edit-interface-dialog">
            {move || dialog.get().map(|d| view! {
                <InterfaceFields ctx=ctx original=InterfaceForm::from_interface(d.interface()) adding=false op=edit
                    make=Callback::new(move |(form, original): (InterfaceForm, InterfaceForm)| form.edit_body(&original).ok().map(|changes| (target_id(), changes)))/>
            })}
        </Modal>
        <Modal open=modal_flag(dialog, |d| matches!(d, Dialog::Policy(_))) title=s::CREATE_FIREWALL_POLICY.get() id="policy-dialog">
            <PolicyChoice current=dialog.with_untracked(|d| d.as_ref().and_then(|d| d.interface().default_firewall_policy.clone())).unwrap_or_default()
                op=policy nic=Signal::derive(target_id)/>
        </Modal>
        <Modal open=modal_flag(dialog, |d| matches!(d, Dialog::Delete(_))) title=t::NIC_DELETE_TITLE.get() id="delete-interface-dialog">
            <DeleteInterface ctx=ctx nic=Signal::derive(target_id) name=Signal::derive(target_name) op=delete/>
        </Modal>
        <Modal open=modal_flag(dialog, |d| matches!(d, Dialog::AddIp(_))) title=t::NIC_ADD_IP_TITLE.get() id="add-ip-dialog">
            <AddIp nic=dialog.with_untracked(|d| d.as_ref().map(|d| d.interface().clone())) op=add/>
        </Modal>
        <Modal open=modal_flag(dialog, |d| matches!(d, Dialog::RemoveIp(..))) title=t::NIC_REMOVE_IP_TITLE.get() id="remove-ip-dialog">
            {move || dialog.with(|d| match d {
                Some(Dialog::RemoveIp(_, ip)) => Some(ip.clone()),
                _ => None,
            }).map(|ip| {
                let address = ip.address.clone().unwrap_or_else(|| t::NIC_THIS_ADDRESS.get().to_owned());
                let ip_id = ip.id.clone().or(ip.ip_address_id.clone()).unwrap_or_default();
                view! {
                    <ConfirmDialog ctx=ctx op=remove input=Callback::new(move |()| (target_id(), ip_id.clone())) label=t::NIC_REMOVE_ADDRESS.get() doing=t::NIC_REMOVING_ADDRESS.get() danger=true>
                        <p>{tf!(t::NIC_REMOVED_FROM, address = address, interface = target_name())}</p>
                        <RemoveIpWarning ctx=ctx nic=target_id()/>
                    </ConfirmDialog>
                }
            })}
        </Modal>
    }
}

/// Warns when the address is its interface's last: the interface goes too.
#[component]
fn RemoveIpWarning(ctx: VmCtx, nic: String) -> impl IntoView {
    let count = use_data_with_options(
        move || (ctx.id.get_untracked(), nic.clone()),
        |api, (vm, nic)| async move { vm_ips(&api, &vm, &[("interface_id", nic)]).await.map(|ips| ips.len()) },
        UseDataOptions::default().once(),
    );
    move || {
        (count.data.get() == Some(1)).then(|| view! {
            <div class="notice notice-warning" id="last-ip-warning">
                <p class="notice-title">{t::NIC_LAST_IP_TITLE.get()}</p>
                <p>{t::NIC_LAST_IP_TEXT.get()}</p>
            </div>
        })
    }
}

#[component]
fn PolicyChoice(current: String, op: Op<(String, String)>, nic: Signal<String>) -> impl IntoView {
    let form = use_form_with_options("policy", PolicyForm::from_current(&current), UseFormOptions::default().check(PolicyForm::errors).pending(op.pending()));
    // Setting DROP may lock the user out: the guard looks at the interface's rules.
    let rules = use_data_with_options(move || nic.get_untracked(), |api, nic| async move { interface_rules(&api, &nic, &[]).await }, UseDataOptions::default().once());
    let guard = Guard::new(Signal::derive(move || {
        let drop = form.with(|f| Command::parse(&f.default_firewall_policy)) == Some(Command::Drop);
        let rules = rules.data.get().filter(|_| drop)?;
        RuleSet::new(&rules, Some(current.as_str())).with_policy(Command::Drop).lockout(my_address())
    }));
    // The radio group is the field: its message and mark are on the group.
    let Bound { id, value, input, leave, message } =
        form.text("default_firewall_policy", |f| &f.default_firewall_policy, |f| &mut f.default_firewall_policy).with_id("policy-choice");
    let choose = move |policy: &'static str| move |_| {
        input.run(policy.to_owned());
        leave.run(());
    };
    let error_id = format!("{id}-error");
    let input = Callback::new(move |f: PolicyForm| (nic.get(), f.default_firewall_policy));
    view! {
        <FormView form=form on_submit=Callback::new(move |f: PolicyForm| if guard.pass() { op.submit(form, input.run(f)) }) doing=t::NIC_SETTING_POLICY.get()>
            <p>{t::NIC_POLICY_TEXT.get()}</p>
            <div class="choices" role="radiogroup" aria-label=t::NIC_DEFAULT_POLICY.get() id=id.clone() tabindex="-1"
                aria-invalid=move || message.with(Option::is_some).to_string()
                aria-describedby=described_by(id.clone(), message, false)>
                <label class="choice"><input type="radio" name="policy" id="policy-accept" prop:checked=move || value.get() == "ACCEPT" on:change=choose("ACCEPT")/>
                    <span><strong>"ACCEPT"</strong>" "{t::NIC_POLICY_ACCEPT.get()}</span></label>
                <label class="choice"><input type="radio" name="policy" id="policy-drop" prop:checked=move || value.get() == "DROP" on:change=choose("DROP")/>
                    <span><strong>"DROP"</strong>" "{t::NIC_POLICY_DROP.get()}</span></label>
            </div>
            {move || message.get().map(|text| view! { <p class="field-error" id=error_id.clone()>{text}</p> })}
            <LockoutNotice guard=guard again=t::NIC_SET_POLICY.get()/>
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=vm::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="confirm-action" label=t::NIC_SET_POLICY.get()/>
            </div>
        </FormView>
    }
}

#[component]
fn DeleteInterface(ctx: VmCtx, nic: Signal<String>, name: Signal<String>, op: Op<String>) -> impl IntoView {
    // What goes with it: its addresses and its rules.
    let parts = use_data_with_options(
        move || (ctx.id.get_untracked(), nic.get_untracked()),
        |api, (vm, nic)| async move {
            let ips = vm_ips(&api, &vm, &[("interface_id", nic.clone())]).await?;
            let rules = interface_rules(&api, &nic, &[]).await?;
            Ok((ips, rules))
        },
        UseDataOptions::default().once(),
    );
    view! {
        <ConfirmDialog ctx=ctx op=op input=Callback::new(move |()| nic.get_untracked()) label=m::ACTION_DELETE_INTERFACE.get() doing=t::NIC_DELETING.get() danger=true>
            <p>{move || tf!(t::NIC_DELETED_WITH, name = name.get())}</p>
            <Loaded data=parts doing=t::NIC_LISTING_PARTS.get() render=|(ips, rules): (Vec<IpAddress>, Vec<FirewallRule>)| view! {
                <ul id="delete-interface-parts">
                    <li>{if ips.is_empty() { t::NIC_NO_ADDRESSES_LEFT.get().to_owned() } else { tf!(t::NIC_ITS_ADDRESSES, list = ips.iter().filter_map(|i| i.address.clone()).collect::<Vec<_>>().join(", ")) }}</li>
                    <li>{match rules.len() { 0 => t::NIC_NO_RULES.get().to_owned(), n => vmdeck_core::i18n::plural(n as u64, &t::NIC_RULES_ONE, &t::NIC_RULES_OTHER) }}</li>
                </ul>
            }/>
        </ConfirmDialog>
    }
}

#[component]
fn AddIp(nic: Option<Interface>, op: Op<(String, Option<String>)>) -> impl IntoView {
    let nic_id = nic.as_ref().and_then(|n| n.id.clone()).unwrap_or_default();
    let network = nic.as_ref().and_then(|n| n.network_id.clone());
    let form = use_form_with_options("ip", AddIpForm::default(), UseFormOptions::default().check(AddIpForm::errors).pending(op.pending()));
    // The account's reserved addresses that are free, on the interface's network.
    let free = use_data_with_options(
        move || network.clone(),
        |api, network| async move {
            let all = account_ips(&api, "").await?;
            Ok(all
                .into_iter()
                .filter(|ip| ip.free == Some(true) && ip.reserved != Some(false))
                .filter(|ip| network.is_none() || ip.network_id.is_none() || ip.network_id == network)
                .collect::<Vec<_>>())
        },
        UseDataOptions::default().once(),
    );
    let options = Signal::derive(move || {
        free.data
            .get()
            .unwrap_or_default()
            .into_iter()
            .map(|ip| (ip.id.clone().unwrap_or_default(), tf!(t::NIC_RESERVED, address = ip.address.clone().unwrap_or_default())))
            .collect::<Vec<_>>()
    });
    let input = Callback::new(move |f: AddIpForm| (nic_id.clone(), f.reserved()));
    view! {
        <FormView form=form on_submit=op.sender(form, input) doing=t::NIC_ADDING_ADDRESS.get()>
            <p>{t::NIC_ADD_IP_TEXT.get()}</p>
            <SelectField bound=form.text("ip_address_id", |f| &f.ip_address_id, |f| &mut f.ip_address_id).with_id("ip-choice") label=c::ADDRESS.get() options=options empty=t::NIC_NEW_ADDRESS.get()/>
            <ApiRequestView requests=op.preview(form, input) id="dialog-request" what=vm::VM_DIALOG_SENDS.get()/>
            <div class="modal-actions">
                <SubmitButton form=form id="confirm-action" label=t::NIC_ADD_ADDRESS.get()/>
            </div>
        </FormView>
    }
}
