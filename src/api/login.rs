//! The login endpoints (`vmdeck_core::login`): a password login's token and
//! the accounts a credential reaches.

use super::{Api, ApiResult};
use vmdeck_core::api::paths;
use vmdeck_core::login::accounts::{accounts_from_json, AccountChoice};
use vmdeck_core::login::{Grant, LoginForm, PasswordEndpoint};

/// The token an email, a password and, where typed, a two-factor code give.
pub async fn password_grant(
    api: &Api,
    endpoint: PasswordEndpoint,
    form: &LoginForm,
) -> ApiResult<Grant> {
    let body =
        endpoint.password_request(&form.email, &form.password, form.code_digits().as_deref());
    let reply = api.post_grant(endpoint.path(), &body).await?;
    reply.decode(|body| endpoint.grant_from_json(body, js_sys::Date::now()))
}

/// `GET /accounts`: the accounts the client's credential reaches.
pub async fn reachable_accounts(api: &Api) -> ApiResult<Vec<AccountChoice>> {
    api.get(paths::ACCOUNTS, &[]).await?.decode(accounts_from_json)
}
