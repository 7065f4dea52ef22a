//! The deployment's store of an account's workspace file (`config.json`'s
//! `workspace_store`, see `crate::deploy::workspace_store`): the whole file
//! read and written with the account's token, through the one client at
//! the store's address ([`Api::at_store`]).

use super::{Api, ApiResult};
use vmdeck_core::api::request::{ApiRequest, Method};
use vmdeck_core::workspace::Workspace;
use vmdeck_core::ApiError;

/// The copy kept for the account; `None` when the store keeps none yet.
pub async fn stored_workspace(api: &Api, store: &str) -> ApiResult<Option<Workspace>> {
    match api.at_store(store).get("", &[]).await {
        Ok(reply) => Workspace::read(&reply.body.to_string())
            .map(Some)
            .map_err(|error| ApiError::Invalid(error.message())),
        Err(ApiError::NotFound(_)) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Keeps `file` as the account's copy, in place of the one kept before.
pub async fn store_workspace(api: &Api, store: &str, file: &Workspace) -> ApiResult<()> {
    let request =
        ApiRequest { method: Method::Put, path: String::new(), body: Some(file.to_json()) };
    api.at_store(store).run(&request).await.map(|_| ())
}
