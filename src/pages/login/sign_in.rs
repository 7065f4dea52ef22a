//! From a checked login form to the logins it opens: a password login's
//! token or the key's header, then the accounts it reaches (`GET
//! /accounts`): one goes straight in, several are chosen between. Each
//! refusal says what to do.

use crate::api::{login, vms, Api};
use crate::session::{Credentials, GrantState, Token};
use vmdeck_core::api::paths;
use vmdeck_core::i18n::shell as t;
use vmdeck_core::login::accounts::AccountChoice;
use vmdeck_core::login::{header, LoginForm, PasswordEndpoint, Way};
use vmdeck_core::ApiError;

/// What a login opened.
#[derive(Clone)]
pub enum SignedIn {
    /// One account: straight in.
    One(Box<Credentials>),
    /// Several: the user chooses the one shown; the others join the switcher.
    Several(Vec<Credentials>),
}

/// What the form asks for before the next try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The two-factor code: the password may be right.
    Code,
    /// The account id: the API does not list the accounts.
    Account,
}

/// A refused login, and what the form should ask for now.
#[derive(Clone)]
pub struct Refused {
    pub error: ApiError,
    pub ask: Option<Ask>,
}

impl From<ApiError> for Refused {
    fn from(error: ApiError) -> Self {
        Self { error, ask: None }
    }
}

fn invalid(text: String, ask: Option<Ask>) -> Refused {
    Refused { error: ApiError::Invalid(text), ask }
}

/// Logs in with `form` (checked), at the password `endpoint` the deployment
/// names; `provider` names where API keys are made.
pub async fn sign_in(
    form: LoginForm,
    endpoint: Option<PasswordEndpoint>,
    provider: String,
) -> Result<SignedIn, Refused> {
    let base =
        crate::deploy::on_this_site(&paths::normalize_base_url(&form.base_url).unwrap_or_default());
    let login = match form.way {
        Way::Token => {
            let login = Credentials::new(
                base,
                form.account.trim().to_owned(),
                Token::new(form.token.trim()),
                form.remember,
            );
            return check(login, &provider).await.map(|login| SignedIn::One(Box::new(login)));
        }
        Way::ApiKey => Credentials::made(
            base,
            String::new(),
            Token::new(header::for_api_key(&form.key)),
            Way::ApiKey,
            None,
            form.remember,
        ),
        Way::Password => {
            let endpoint = endpoint.unwrap_or_default();
            let grant = match login::password_grant(&Api::public(base.clone()), endpoint, &form)
                .await
            {
                Ok(grant) => grant,
                Err(ApiError::Unauthorized | ApiError::Rejected { status: 400, .. })
                    if form.code_digits().is_none() =>
                {
                    return Err(invalid(
                        t::LOGIN_PASSWORD_OR_CODE.get().to_owned(),
                        Some(Ask::Code),
                    ));
                }
                Err(ApiError::Unauthorized | ApiError::Rejected { status: 400, .. }) => {
                    return Err(invalid(t::LOGIN_WRONG_PASSWORD_OR_CODE.get().to_owned(), None));
                }
                Err(other) => return Err(other.into()),
            };
            let state = GrantState {
                id: random_id()
                    .ok_or_else(|| ApiError::Invalid(t::LOGIN_NO_RANDOM.get().to_owned()))?,
                endpoint,
                issued_at: js_sys::Date::now(),
                expires_at: grant.expires_at,
                refresh_token: grant.refresh_token.map(Token::new),
                refresh_expires_at: grant.refresh_expires_at,
            };
            Credentials::made(
                base,
                String::new(),
                Token::new(grant.authorization),
                Way::Password,
                Some(state),
                form.remember,
            )
        }
    };
    let typed = form.account.trim();
    if !typed.is_empty() {
        let login = login.for_account(&AccountChoice { id: typed.to_owned(), name: None });
        return check(login, &provider).await.map(|login| SignedIn::One(Box::new(login)));
    }
    match login::reachable_accounts(&Api::new(login.clone(), None)).await {
        Ok(accounts) => {
            let mut logins: Vec<Credentials> =
                accounts.iter().map(|account| login.for_account(account)).collect();
            match logins.len() {
                1 => Ok(SignedIn::One(Box::new(logins.remove(0)))),
                _ => Ok(SignedIn::Several(logins)),
            }
        }
        Err(ApiError::Unauthorized) => Err(invalid(refused(&login, &provider), None)),
        Err(
            error @ (ApiError::Unreachable { .. }
            | ApiError::Timeout { .. }
            | ApiError::Server { .. }),
        ) => Err(error.into()),
        // No such endpoint, or an answer that cannot be read: the account is typed.
        Err(_) => Err(invalid(
            vmdeck_core::tf!(t::LOGIN_ACCOUNTS_UNLISTED, address = login.base_url),
            Some(Ask::Account),
        )),
    }
}

/// What a refused credential means, by how it was made.
fn refused(login: &Credentials, provider: &str) -> String {
    match login.way {
        Way::ApiKey => {
            vmdeck_core::tf!(t::LOGIN_KEY_REFUSED, address = login.base_url, provider = provider)
        }
        Way::Password | Way::Token => {
            vmdeck_core::tf!(t::LOGIN_TOKEN_REFUSED, address = login.base_url)
        }
    }
}

/// Asks the API for one VM of the account: the cheapest call that proves
/// the credential opens it.
pub async fn check(login: Credentials, provider: &str) -> Result<Credentials, Refused> {
    let api = Api::new(login.clone(), None);
    let probe = vmdeck_core::vm::query::VmQuery { limit: 1, ..Default::default() };
    match vms::list_vms(&api, &probe).await {
        Ok(_) => Ok(login),
        Err(ApiError::Unauthorized) => Err(invalid(refused(&login, provider), None)),
        Err(ApiError::Forbidden(_)) | Err(ApiError::NotFound(_)) => {
            Err(invalid(vmdeck_core::tf!(t::LOGIN_WRONG_ACCOUNT, account = login.account_id), None))
        }
        Err(other) => Err(other.into()),
    }
}

/// 128 random bits in hex: a password login's own id.
fn random_id() -> Option<String> {
    let crypto = web_sys::window()?.crypto().ok()?;
    let mut bytes = [0u8; 16];
    crypto.get_random_values_with_u8_array(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
