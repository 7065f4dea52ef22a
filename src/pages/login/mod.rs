//! The login page: the ways in the deployment offers (an email and
//! password with a two-factor code, an API key, an account id and raw
//! token), the account chosen from those the login reaches (`sign_in`,
//! `chooser`); and a login handed over by the provider's portal
//! (`handoff`, `portal`), checked the same way.

mod chooser;
mod fields;
pub mod handoff;
pub mod portal;
mod sign_in;

use crate::components::{CheckField, FormView, SubmitButton, TextField};

use crate::shell::account_menu::AccountButton;

use crate::shell::brand::{BrandName, SupportLink};

use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::locale::LanguageSwitch;
use crate::session::{use_session, Credentials, Session, Token};
use crate::shell::provider::{NoticeBanner, ProviderLinks};
use chooser::AccountChooser;
use fields::{LoginFields, WaySwitch};
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use sign_in::{sign_in, Ask, SignedIn};
use vmdeck_core::api::paths;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::login::{LoginForm, Way};
use vmdeck_core::ApiError;

/// The API address the deployment names, else `/api` on this origin.
fn deployment_base(config: &vmdeck_core::deploy::DeployConfig) -> String {
    config.login_base_url()
}

/// The page to return to after login: one of the panel's own pages
/// (`vmdeck_core::route::safe_next`), and, read by the browser's own URL
/// parser against this page, still on this site; else the list.
fn return_to(next: Option<String>) -> String {
    let next = vmdeck_core::route::safe_next(next.as_deref());
    let origin = window().location().origin().ok();
    let here = origin.as_deref().and_then(|origin| web_sys::Url::new_with_base(&next, origin).ok());
    if here.is_some_and(|url| Some(url.origin()) == origin) {
        next
    } else {
        vmdeck_core::route::safe_next(None)
    }
}

/// Logs in to `shown` (and beside it `others`) and goes to `next`: on a
/// fresh page when the tab showed another account, so that nothing of it
/// stays in memory under this one.
fn enter_with(
    session: Session,
    shown: Credentials,
    others: Vec<Credentials>,
    next: &str,
    navigate: impl Fn(&str, NavigateOptions),
) {
    if session.log_in_with(shown, others) {
        let _ = window().location().replace(next);
    } else {
        navigate(next, NavigateOptions { replace: true, ..Default::default() });
    }
}

fn enter(
    session: Session,
    checked: Credentials,
    next: &str,
    navigate: impl Fn(&str, NavigateOptions),
) {
    enter_with(session, checked, Vec::new(), next, navigate);
}

/// A login handed over by the portal, at the deployment's own API address,
/// with the login form's checks.
fn handed_over(
    config: &vmdeck_core::deploy::DeployConfig,
    handoff: &vmdeck_core::deploy::portal::Handoff,
) -> Result<Credentials, ApiError> {
    let form = LoginForm {
        base_url: deployment_base(config),
        way: Way::Token,
        account: handoff.account.clone(),
        token: handoff.token.clone(),
        ..Default::default()
    };
    match form.errors().values().next().cloned() {
        Some(problem) => Err(ApiError::Invalid(problem)),
        None => {
            let base = paths::normalize_base_url(&form.base_url).unwrap_or_default();
            Ok(Credentials::new(
                crate::deploy::on_this_site(&base),
                form.account.trim().to_owned(),
                Token::new(form.token.trim()),
                false,
            ))
        }
    }
}

/// Proves that a login's credential opens its account.
async fn check(credentials: Credentials) -> Result<Credentials, ApiError> {
    sign_in::check(credentials, "").await.map_err(|refused| refused.error)
}

#[component]
pub fn LoginPage() -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let query = use_query_map();
    let notice = session.take_notice();

    let deploy = use_deploy();
    let default_base = move || deploy.with(deployment_base);
    let ways = Memo::new(move |_| deploy.with(|d| d.login));
    let provider = move || deploy.with(|d| d.brand.name.clone());
    let lifetime = move || deploy.with(|d| d.session);
    // What an earlier login left in this browser, until forgotten here:
    // looked at once the page is up (a logout that led here is over by then).
    let keeps_data = RwSignal::new(false);
    Effect::new(move || keeps_data.set(crate::storage::keeps_account_data()));
    let forgotten = RwSignal::new(false);
    let forget_device = move |_| {
        // Nothing of any account stays: this tab's logins go too.
        session.log_out_all();
        crate::storage::forget_device();
        keeps_data.set(false);
        forgotten.set(true);
    };
    // What the form asks for beyond its way's fields, once the API said.
    let code_shown = RwSignal::new(false);
    let account_asked = RwSignal::new(false);
    // The accounts of a login that reaches several, to choose from.
    let choosing = RwSignal::new(None::<Vec<Credentials>>);
    let next = Signal::derive(move || return_to(query.with(|q| q.get("next"))));

    let login = Action::new_local(move |form: &LoginForm| {
        sign_in(form.clone(), ways.get_untracked().password, provider())
    });
    let form = use_form_with_options(
        "login",
        LoginForm {
            base_url: default_base(),
            way: ways.get_untracked().first(),
            ..Default::default()
        },
        UseFormOptions::default().check(LoginForm::errors).pending(login.pending()),
    );
    // What was typed into the page the server sent, before the app took it over.
    if let Some(typed) = crate::start::first_paint::typed_login() {
        form.edit("way", |f| {
            typed.fill(f);
        });
        // Once the form is drawn: the caret goes back where it was.
        Effect::new(|_| crate::start::first_paint::restore_focus());
    }
    // The deployment's address and first way, unless the user typed another.
    Effect::new(move || {
        let base = default_base();
        form.start_from(LoginForm {
            base_url: base,
            way: ways.get().first(),
            ..Default::default()
        });
    });
    let navigate_in = navigate.clone();
    Effect::new(move || {
        let Some(result) = login.value().get() else { return };
        match result {
            Ok(SignedIn::One(shown)) => {
                form.settled(Ok(()));
                enter(session, *shown, &next.get_untracked(), navigate_in.clone());
            }
            Ok(SignedIn::Several(logins)) => {
                form.settled(Ok(()));
                choosing.set(Some(logins));
            }
            Err(refused) => {
                match refused.ask {
                    Some(Ask::Code) => code_shown.set(true),
                    Some(Ask::Account) => account_asked.set(true),
                    None => {}
                }
                form.settled(Err(&refused.error));
            }
        }
    });
    let on_submit = Callback::new(move |value: LoginForm| {
        login.dispatch(value);
    });
    let choose = Callback::new(move |(shown, others): (Credentials, Vec<Credentials>)| {
        enter_with(session, shown, others, &next.get_untracked(), navigate.clone());
    });
    let base_url = form.text("base_url", |f| &f.base_url, |f| &mut f.base_url);

    view! {
        <div class="login-page">
            <NoticeBanner/>
            <main class="login-card">
                <div class="login-top"><h1 class="brand brand-large"><BrandName/></h1><LanguageSwitch/></div>
                {move || match session.credentials() {
                    Some(shown) => view! {
                        <p class="muted" id="login-adding">{vmdeck_core::tf!(t::LOGIN_ADD_INTRO, account = shown.account_id)}</p>
                    }.into_any(),
                    None => view! { <p class="muted">{t::LOGIN_INTRO.get()}</p> }.into_any(),
                }}
                {notice.map(|text| view! { <div class="notice notice-warning" role="status" id="login-notice">{text}</div> })}
                <OpenAccounts next=next/>
                {move || choosing.get().map(|logins| view! { <AccountChooser logins=logins on_choose=choose on_back=Callback::new(move |()| choosing.set(None))/> })}
                // Kept while the accounts are chosen between: "back" finds it as it was.
                <div class="login-form-frame" hidden=move || choosing.with(Option::is_some)>
                        <FormView form=form on_submit=on_submit doing=t::LOGIN_DOING.get() class="login-form">
                            <WaySwitch form=form ways=ways/>
                            <LoginFields form=form code_shown=code_shown account_asked=account_asked provider=Signal::derive(provider)/>
                            <TextField bound=base_url label=t::LOGIN_API_ADDRESS.get() name="base_url" input_mode="url" autocomplete="url"/>
                            <CheckField bound=form.bind_flag("remember", |f| f.remember, |f, on| f.remember = on)>{t::LOGIN_REMEMBER.get()}</CheckField>
                            <p class="hint" id="login-remember-hint">{move || {
                                let lifetime = lifetime();
                                vmdeck_core::tf!(t::LOGIN_REMEMBER_HINT, days = lifetime.remember_days, minutes = lifetime.idle_minutes)
                            }}</p>
                            <div class="button-wide-row">
                                <SubmitButton form=form id="login-submit" label=vmdeck_core::i18n::common::LOG_IN.get() sending=t::LOGIN_CHECKING.get()/>
                            </div>
                        </FormView>
                </div>
                {move || keeps_data.get().then(|| view! {
                    <div class="forget-device" id="forget-device">
                        <p class="hint">{t::LOGIN_FORGET_DEVICE_HINT.get()}</p>
                        <button type="button" class="button button-quiet" id="forget-device-button" on:click=forget_device>{t::LOGIN_FORGET_DEVICE.get()}</button>
                    </div>
                })}
                {move || forgotten.get().then(|| view! { <p class="notice notice-info" role="status" id="device-forgotten">{t::LOGIN_FORGOTTEN.get()}</p> })}
                <SupportLink class="login-support" id="login-support"/>
                <ProviderLinks class="login-links" id="login-links"/>
            </main>
        </div>
    }
}

/// The other accounts this tab is logged in to, one press from being
/// shown: after the one shown ended, or when adding another.
#[component]
fn OpenAccounts(next: Signal<String>) -> impl IntoView {
    let session = use_session();
    move || {
        let others: Vec<_> = session.accounts().into_iter().filter(|a| !a.shown).collect();
        (!others.is_empty()).then(|| view! {
            <section class="open-accounts" id="open-accounts" aria-labelledby="open-accounts-heading">
                <h2 class="small muted" id="open-accounts-heading">{t::LOGIN_OPEN_ACCOUNTS.get()}</h2>
                <ul>
                    {others.into_iter().map(|account| view! { <li><AccountButton account=account next=next/></li> }).collect_view()}
                </ul>
            </section>
        })
    }
}
