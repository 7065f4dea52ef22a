//! What the provider offers the account: GET `/templates` and `/networks`.
//! An API that has no such list (an older generation answers 404) offers
//! `None`, and the forms fall back to the deployment's catalogue.

use super::{Api, ApiResult};
use vmdeck_core::api::paths::{self, Resource};
use vmdeck_core::network::networks::Network;
use vmdeck_core::template::Template;
use vmdeck_core::ApiError;

/// The list, or `None` where the API has none.
fn listed<T>(read: ApiResult<Vec<T>>) -> ApiResult<Option<Vec<T>>> {
    match read {
        Ok(list) => Ok(Some(list)),
        Err(ApiError::NotFound(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// GET `/account/<id>/templates`: the provider's and the account's own,
/// with `operating_system_distro`, `status`, `public` and the API's other
/// filters (set ones only).
pub async fn templates(
    api: &Api,
    filter: &[(&'static str, String)],
) -> ApiResult<Option<Vec<Template>>> {
    let path = paths::list(api.account_id(), Resource::Template);
    listed(async { api.get(&path, filter).await?.decode(Template::list_from_json) }.await)
}

/// GET `/account/<id>/networks`.
pub async fn networks(api: &Api) -> ApiResult<Option<Vec<Network>>> {
    let path = paths::list(api.account_id(), Resource::Network);
    listed(async { api.get(&path, &[]).await?.decode(Network::list_from_json) }.await)
}
