//! The accounts a login reaches, to choose the one shown: by the provider's
//! names. The others join the tab's logins, one press away in the switcher.

use crate::session::Credentials;
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;

#[component]
pub fn AccountChooser(
    logins: Vec<Credentials>,
    on_choose: Callback<(Credentials, Vec<Credentials>)>,
    on_back: Callback<()>,
) -> impl IntoView {
    let count = logins.len();
    let all = StoredValue::new(logins.clone());
    view! {
        <section class="account-chooser" id="account-chooser" aria-labelledby="account-chooser-heading">
            <h2 id="account-chooser-heading">{t::LOGIN_CHOOSE_ACCOUNT.get()}</h2>
            <p class="muted">{vmdeck_core::tf!(t::LOGIN_CHOOSE_INTRO, count = count)}</p>
            <ul class="account-choices">
                {logins.into_iter().map(|login| {
                    let id = login.account_id.clone();
                    let name = login.account_name.clone();
                    let choose = move |_| {
                        let others: Vec<Credentials> = all.with_value(|all| all.iter().filter(|other| other.login_id != login.login_id).cloned().collect());
                        on_choose.run((login.clone(), others));
                    };
                    view! {
                        <li>
                            <button type="button" class="account-choice" id=format!("choose-account-{id}") on:click=choose>
                                <span>{name.clone().unwrap_or_else(|| vmdeck_core::tf!(t::SHELL_ACCOUNT, id = id.clone()))}</span>
                                " "
                                <span class="muted small">{name.is_some().then(|| vmdeck_core::tf!(t::SHELL_ACCOUNT, id = id.clone()))}</span>
                            </button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <button type="button" class="button button-quiet" id="account-chooser-back" on:click=move |_| on_back.run(())>{t::LOGIN_CHOOSE_BACK.get()}</button>
        </section>
    }
}
