//! The login page: API address, account id and token.

use crate::api::{vms, Api};
use crate::components::{described_by, Field};
use crate::deploy::use_deploy;
use crate::session::{use_session, Credentials, Token};
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use vmdeck_core::{paths, ApiError};

/// Where the API is when `config.json` does not say: `/api` on this origin.
const DEFAULT_BASE_URL: &str = "/api";

/// A relative base URL made absolute against this page's origin, so that
/// messages name the real address.
fn absolute(base: &str) -> String {
    if base.starts_with('/') {
        let origin = web_sys::window().and_then(|w| w.location().origin().ok()).unwrap_or_default();
        format!("{origin}{base}")
    } else {
        base.to_owned()
    }
}

/// Only a path on this site may be the page to return to after login.
fn safe_next(next: Option<String>) -> String {
    next.filter(|n| n.starts_with('/') && !n.starts_with("//") && !n.starts_with("/login"))
        .unwrap_or_else(|| "/vms".to_owned())
}

#[derive(Clone, Default)]
struct FieldErrors {
    base_url: Option<String>,
    account: Option<String>,
    token: Option<String>,
}

impl FieldErrors {
    fn any(&self) -> bool {
        self.base_url.is_some() || self.account.is_some() || self.token.is_some()
    }
}

fn validate(base_url: &str, account: &str, token: &str) -> Result<Credentials, FieldErrors> {
    let mut errors = FieldErrors::default();
    let base = match paths::normalize_base_url(base_url) {
        Ok(b) if b.is_empty() => {
            errors.base_url = Some("Enter the API address.".into());
            String::new()
        }
        Ok(b) => b,
        Err(e) => {
            errors.base_url = Some(e);
            String::new()
        }
    };
    let account = account.trim();
    if account.is_empty() {
        errors.account = Some("Enter your account id.".into());
    } else if paths::checked_id(account, "account").is_err() {
        errors.account = Some("The account id is a number.".into());
    }
    if token.trim().is_empty() {
        errors.token = Some("Enter your API token.".into());
    }
    if errors.any() {
        return Err(errors);
    }
    Ok(Credentials {
        base_url: absolute(&base),
        account_id: account.to_owned(),
        token: Token::new(token.trim()),
        remembered: false,
    })
}

/// Asks the API for one VM: the cheapest call that proves the token opens the account.
async fn check(credentials: Credentials) -> Result<Credentials, String> {
    let api = Api::new(credentials.clone(), None);
    let probe = vmdeck_core::vm_query::VmQuery { limit: 1, ..Default::default() };
    match vms::list_vms(&api, &probe).await {
        Ok(_) => Ok(credentials),
        Err(ApiError::Unauthorized) => Err(format!(
            "The API at {} refused this token. Check the token and try again.",
            credentials.base_url
        )),
        Err(ApiError::Forbidden(_)) | Err(ApiError::NotFound(_)) => Err(format!(
            "This token does not open account {}. Check the account id.",
            credentials.account_id
        )),
        Err(other) => Err(other.to_string()),
    }
}

#[component]
pub fn LoginPage() -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let query = use_query_map();
    let notice = session.take_notice();

    let deploy = use_deploy();
    let typed_base = RwSignal::new(None::<String>);
    // What the field shows: what the user typed, else the deployment's default.
    let base_value = move || {
        typed_base.get().unwrap_or_else(|| deploy.with(|d| d.api_base_url.clone()).unwrap_or_else(|| DEFAULT_BASE_URL.to_owned()))
    };
    let account = RwSignal::new(String::new());
    let token = RwSignal::new(String::new());
    let remember = RwSignal::new(false);
    let show_token = RwSignal::new(false);
    let field_errors = RwSignal::new(FieldErrors::default());
    let base_url_error = Signal::derive(move || field_errors.with(|e| e.base_url.clone()));
    let account_error = Signal::derive(move || field_errors.with(|e| e.account.clone()));
    let token_error = Signal::derive(move || field_errors.with(|e| e.token.clone()));

    // On success: log in and go where the user was headed.
    let login = Action::new_local(move |credentials: &Credentials| {
        let credentials = credentials.clone();
        let navigate = navigate.clone();
        async move {
            let checked = check(credentials).await?;
            session.log_in(checked);
            let next = safe_next(query.get_untracked().get("next"));
            navigate(&next, NavigateOptions { replace: true, ..Default::default() });
            Ok::<(), String>(())
        }
    });
    let pending = login.pending();

    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if pending.get_untracked() {
            return;
        }
        match validate(&base_value(), &account.get_untracked(), &token.get_untracked()) {
            Ok(mut credentials) => {
                field_errors.set(FieldErrors::default());
                credentials.remembered = remember.get_untracked();
                login.dispatch(credentials);
            }
            Err(errors) => field_errors.set(errors),
        }
    };

    let failure = move || match login.value().get() {
        Some(Err(message)) if !pending.get() => Some(message),
        _ => None,
    };

    view! {
        <div class="login-page">
            <main class="login-card">
                <h1 class="brand brand-large"><span class="brand-mark" aria-hidden="true"></span>"vmdeck"</h1>
                <p class="muted">"Log in with your account id and API token to manage your virtual machines."</p>
                {notice.map(|text| view! { <div class="notice notice-warning" role="status" id="login-notice">{text}</div> })}
                {move || failure().map(|text| view! { <div class="notice notice-error" role="alert" id="login-error">{text}</div> })}
                <form on:submit=on_submit novalidate>
                    <Field label="API address" for_id="login-base-url" error=base_url_error>
                        <input
                            id="login-base-url"
                            name="base_url"
                            type="text"
                            inputmode="url"
                            autocomplete="url"
                            spellcheck="false"
                            prop:value=base_value
                            on:input=move |ev| typed_base.set(Some(event_target_value(&ev)))
                            aria-invalid=move || base_url_error.with(Option::is_some).to_string()
                            aria-describedby=described_by("login-base-url", base_url_error, false)
                        />
                    </Field>
                    <Field label="Account id" for_id="login-account" error=account_error>
                        <input
                            id="login-account"
                            name="account"
                            type="text"
                            inputmode="numeric"
                            autocomplete="username"
                            prop:value=move || account.get()
                            on:input=move |ev| account.set(event_target_value(&ev))
                            aria-invalid=move || account_error.with(Option::is_some).to_string()
                            aria-describedby=described_by("login-account", account_error, false)
                        />
                    </Field>
                    <Field label="API token" for_id="login-token" error=token_error>
                        <div class="input-with-button">
                            <input
                                id="login-token"
                                name="token"
                                type=move || if show_token.get() { "text" } else { "password" }
                                autocomplete="current-password"
                                spellcheck="false"
                                prop:value=move || token.get()
                                on:input=move |ev| token.set(event_target_value(&ev))
                                aria-invalid=move || token_error.with(Option::is_some).to_string()
                                aria-describedby=described_by("login-token", token_error, false)
                            />
                            <button
                                type="button"
                                class="button button-quiet"
                                aria-pressed=move || show_token.get().to_string()
                                on:click=move |_| show_token.update(|s| *s = !*s)
                            >
                                {move || if show_token.get() { "Hide" } else { "Show" }}
                            </button>
                        </div>
                    </Field>
                    <label class="checkbox">
                        <input
                            id="login-remember"
                            type="checkbox"
                            prop:checked=move || remember.get()
                            on:change=move |ev| remember.set(event_target_checked(&ev))
                        />
                        "Remember me on this device"
                    </label>
                    <p class="hint">"Without it, you stay logged in until this tab is closed."</p>
                    <button type="submit" class="button button-primary button-wide" id="login-submit" disabled=move || pending.get()>
                        {move || if pending.get() { "Checking the token…" } else { "Log in" }}
                    </button>
                </form>
            </main>
        </div>
    }
}
