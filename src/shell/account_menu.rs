//! The header's account menu: the account this tab shows (always in
//! sight), the others it is logged in to, adding one, and logging out of
//! one or all.

use crate::deploy::use_deploy;
use crate::hooks::leave_forgetting_unsent;
use crate::session::{use_session, Account};
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::for_another_account;
use vmdeck_core::route::href;

#[component]
pub fn AccountMenu() -> impl IntoView {
    let session = use_session();
    let location = use_location();
    let accounts = Memo::new(move |_| session.accounts());
    let several = move || accounts.with(|a| a.len() > 1);
    let shown = move || accounts.with(|a| a.iter().find(|a| a.shown).cloned());
    // Where this tab goes in another account: the same list, not this account's VM.
    let elsewhere = move || location.pathname.with(|path| for_another_account(path));
    let add_href = move || href::login_then(&elsewhere());
    // Another login stays: shown on a fresh page.
    let log_out_one = move |_| {
        if session.log_out() {
            leave_forgetting_unsent();
            let _ = window().location().assign(&elsewhere());
        }
    };
    let menu = NodeRef::<leptos::html::Details>::new();
    let on_key = crate::components::dismissable(menu);
    // A page of the menu opens with the menu closed behind it.
    let close = move |_| {
        if let Some(menu) = menu.get_untracked() {
            menu.set_open(false);
        }
    };
    view! {
        {move || shown().map(|account| view! {
            <details class="header-menu account-menu" id="account-menu" node_ref=menu on:keydown=on_key>
                // Its name is what it shows, the account; the list says it is a menu of them.
                <summary class="button button-quiet">
                    <span class="account">
                        <span class="account-name" id="account-shown">{account.label()}</span>
                        <span class="account-host muted">{account.host.clone()}</span>
                    </span>
                </summary>
                <div class="header-menu-items">
                    <ul class="account-list" id="account-list" aria-label=t::ACCOUNTS_MENU.get()>
                        {move || accounts.get().into_iter().map(|other| view! { <li><AccountButton account=other next=Signal::derive(elsewhere)/></li> }).collect_view()}
                    </ul>
                    <a href=add_href id="account-add">{t::ACCOUNTS_ADD.get()}</a>
                    <a href=href::workspace() id="account-workspace" on:click=close>{vmdeck_core::i18n::workspace::TITLE.get()}</a>
                    {move || several().then(|| view! {
                        <button type="button" class="account-choice" id="logout-one" on:click=log_out_one>
                            {vmdeck_core::tf!(t::ACCOUNTS_LOG_OUT_ONE, id = account.account_id.clone())}
                        </button>
                    })}
                    <LogOutButton several=Signal::derive(several)/>
                </div>
            </details>
        })}
    }
}

/// Logs out of every account of this browser; with one, simply "Log out".
#[component]
fn LogOutButton(several: Signal<bool>) -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let deploy = use_deploy();
    // Logging out on purpose forgets the drafts too (a shared computer);
    // a refused token keeps them for the next login. After it: the
    // portal's page, if the deployment names one, else the login page.
    let log_out_all = move |_| match deploy.with_untracked(|d| d.portal.logout_url.clone()) {
        Some(portal) => {
            session.log_out_all();
            let _ = window().location().assign(&portal);
        }
        None => {
            navigate(&href::login(), Default::default());
            session.log_out_all();
        }
    };
    view! {
        <button type="button" class="account-choice" id="logout" on:click=log_out_all>
            {move || if several.get() { t::SHELL_LOG_OUT_ALL.get() } else { t::SHELL_LOG_OUT.get() }}
        </button>
    }
}

/// One of the tab's logins: pressed, shown at `next` on a fresh page; the
/// one shown says so and does nothing.
#[component]
pub fn AccountButton(account: Account, next: Signal<String>) -> impl IntoView {
    let session = use_session();
    let name = account.label();
    let id = account.login_id;
    let shown = account.shown;
    // Named by the words it shows (the account and its host), so that what a
    // user reads is what a screen reader or voice control calls it; the one
    // shown is the current one (`aria-current`), inside the menu of accounts.
    view! {
        <button type="button" class="account-choice" aria-current=shown.then_some("true") on:click=move |_| if !shown { session.switch_to(&id, &next.get_untracked()) }>
            <span>{name}</span>
            " "
            <span class="muted small">{account.host}</span>
        </button>
    }
}
