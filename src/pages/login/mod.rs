//! The login page: API address, account id and token; and a login handed
//! over by the provider's portal (`handoff`, `portal`), checked the same way.

pub mod handoff;
pub mod portal;

use crate::api::{vms, Api};
use crate::components::{described_by, AccountButton, BrandName, CheckField, Field, FormView, NoticeBanner, ProviderLinks, SubmitButton, SupportLink, TextField};
use crate::deploy::use_deploy;
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::session::{use_session, Credentials, Session, Token};
use crate::i18n::LanguageSwitch;
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use vmdeck_core::session::LoginForm;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::api::paths;
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

/// The credentials of a checked form.
fn credentials(form: &LoginForm) -> Credentials {
    let base = paths::normalize_base_url(&form.base_url).unwrap_or_default();
    Credentials::new(crate::deploy::on_this_site(&base), form.account.trim().to_owned(), Token::new(form.token.trim()), form.remember)
}

/// Logs in with checked credentials and goes to `next`: on a fresh page
/// when the tab showed another account, so that nothing of it stays in
/// memory under this one.
fn enter(session: Session, checked: Credentials, next: &str, navigate: impl Fn(&str, NavigateOptions)) {
    if session.log_in(checked) {
        let _ = window().location().replace(next);
    } else {
        navigate(next, NavigateOptions { replace: true, ..Default::default() });
    }
}

/// A login handed over by the portal, at the deployment's own API address,
/// with the login form's checks.
fn handed_over(config: &vmdeck_core::deploy::DeployConfig, handoff: &vmdeck_core::deploy::portal::Handoff) -> Result<Credentials, ApiError> {
    let form = LoginForm { base_url: deployment_base(config), account: handoff.account.clone(), token: handoff.token.clone(), remember: false };
    match form.errors().values().next().cloned() {
        Some(problem) => Err(ApiError::Invalid(problem)),
        None => Ok(credentials(&form)),
    }
}

/// Asks the API for one VM: the cheapest call that proves the token opens the account.
async fn check(credentials: Credentials) -> Result<Credentials, ApiError> {
    let api = Api::new(credentials.clone(), None);
    let probe = vmdeck_core::vm::query::VmQuery { limit: 1, ..Default::default() };
    match vms::list_vms(&api, &probe).await {
        Ok(_) => Ok(credentials),
        Err(ApiError::Unauthorized) => Err(ApiError::Invalid(vmdeck_core::tf!(t::LOGIN_TOKEN_REFUSED, address = credentials.base_url))),
        Err(ApiError::Forbidden(_)) | Err(ApiError::NotFound(_)) => Err(ApiError::Invalid(vmdeck_core::tf!(t::LOGIN_WRONG_ACCOUNT, account = credentials.account_id))),
        Err(other) => Err(other),
    }
}

#[component]
pub fn LoginPage() -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let query = use_query_map();
    let notice = session.take_notice();

    let deploy = use_deploy();
    let default_base = move || deploy.with(deployment_base);
    let show_token = RwSignal::new(false);
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

    // On success: log in and go where the user was headed.
    let login = Action::new_local(move |credentials: &Credentials| {
        let credentials = credentials.clone();
        let navigate = navigate.clone();
        async move {
            let checked = check(credentials).await?;
            enter(session, checked, &return_to(query.get_untracked().get("next")), navigate);
            Ok::<(), ApiError>(())
        }
    });
    let form = use_form_with_options(
        "login",
        LoginForm { base_url: default_base(), ..Default::default() },
        UseFormOptions::default().check(LoginForm::errors).pending(login.pending()),
    );
    // What was typed into the page the server sent, before the app took it over.
    if let Some(typed) = crate::first_paint::typed_login() {
        form.edit("account", |f| {
            f.base_url = typed.base_url.unwrap_or_else(|| f.base_url.clone());
            f.account = typed.account;
            f.token = typed.token;
            f.remember = typed.remember;
        });
        // Once the form is drawn: the caret goes back where it was.
        Effect::new(|_| crate::first_paint::restore_focus());
    }
    // The deployment's address, unless the user typed another.
    Effect::new(move || {
        let base = default_base();
        form.start_from(LoginForm { base_url: base, ..Default::default() });
    });
    Effect::new(move || {
        if let Some(result) = login.value().get() {
            form.settled(result.as_ref().map(|_| ()));
        }
    });
    let on_submit = Callback::new(move |value: LoginForm| {
        login.dispatch(credentials(&value));
    });
    let base_url = form.text("base_url", |f| &f.base_url, |f| &mut f.base_url);
    let account = form.text("account", |f| &f.account, |f| &mut f.account);
    let token = form.text("token", |f| &f.token, |f| &mut f.token);
    let token_error = token.message;

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
                <OpenAccounts next=Signal::derive(move || return_to(query.with(|q| q.get("next"))))/>
                <FormView form=form on_submit=on_submit doing=t::LOGIN_DOING.get() class="login-form">
                    <TextField bound=base_url label=t::LOGIN_API_ADDRESS.get() name="base_url" input_mode="url" autocomplete="url"/>
                    <TextField bound=account label=t::LOGIN_ACCOUNT_ID.get() name="account" numeric=true autocomplete="username"/>
                    <Field label=t::LOGIN_API_TOKEN.get() for_id="login-token" error=token_error>
                        <div class="input-with-button">
                            <input
                                id="login-token"
                                name="token"
                                type=move || if show_token.get() { "text" } else { "password" }
                                autocomplete="current-password"
                                spellcheck="false"
                                prop:value=move || token.value.get()
                                on:input=move |ev| token.input.run(event_target_value(&ev))
                                on:blur=move |_| token.leave.run(())
                                aria-invalid=move || token_error.with(Option::is_some).to_string()
                                aria-describedby=described_by("login-token", token_error, false)
                            />
                            <button
                                type="button"
                                class="button button-quiet"
                                aria-pressed=move || show_token.get().to_string()
                                on:click=move |_| show_token.update(|s| *s = !*s)
                            >
                                {move || if show_token.get() { vmdeck_core::i18n::common::HIDE.get() } else { c::SHOW.get() }}
                            </button>
                        </div>
                    </Field>
                    <CheckField bound=form.bind_flag("remember", |f| f.remember, |f, on| f.remember = on)>{t::LOGIN_REMEMBER.get()}</CheckField>
                    <p class="hint" id="login-remember-hint">{move || {
                        let lifetime = lifetime();
                        vmdeck_core::tf!(t::LOGIN_REMEMBER_HINT, days = lifetime.remember_days, minutes = lifetime.idle_minutes)
                    }}</p>
                    <div class="button-wide-row">
                        <SubmitButton form=form id="login-submit" label=vmdeck_core::i18n::common::LOG_IN.get() sending=t::LOGIN_CHECKING.get()/>
                    </div>
                </FormView>
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
