//! What the provider offers the account to build a VM from and to connect
//! it to: the API's templates and networks, read once per account while the
//! panel is open and shared by every form (the cache lives at the app's
//! root), with the deployment's catalogue over them
//! (`vmdeck_core::deploy::offered`).

use super::{use_data_with_options, UseDataOptions};
use crate::api::{offered, Api, ApiResult};
use crate::deploy::use_deploy;
use crate::session::use_session;
use leptos::prelude::*;
use std::collections::HashMap;
use std::future::Future;
use vmdeck_core::deploy::offered::with_catalogue;
use vmdeck_core::deploy::{Catalogue, Choice};
use vmdeck_core::network::networks::{self, Network};
use vmdeck_core::template::{self, Template};

/// Each account's list as last read (by account key): `None` where the
/// API has none.
type Kept<T> = RwSignal<HashMap<String, Option<Vec<T>>>>;

/// The lists read so far.
#[derive(Clone, Copy)]
pub struct OfferedCache {
    templates: Kept<Template>,
    networks: Kept<Network>,
}

impl OfferedCache {
    pub fn provide() {
        provide_context(Self {
            templates: RwSignal::new(HashMap::new()),
            networks: RwSignal::new(HashMap::new()),
        });
    }

    /// Keeps the account's templates as just read (the templates page reads
    /// its own), or forgets them (`None`) after one was made, renamed or
    /// deleted, so that the next form reads them again.
    pub fn set_templates(self, account_key: &str, read: Option<Option<Vec<Template>>>) {
        self.templates.update(|kept| match read {
            Some(list) => {
                kept.insert(account_key.to_owned(), list);
            }
            None => {
                kept.remove(account_key);
            }
        });
    }

    /// A network's label as the API lists it for the account (tracked).
    fn network_label(self, account_key: &str, id: &str) -> Option<String> {
        self.networks.with(|kept| {
            let list = kept.get(account_key)?.as_ref()?;
            list.iter().find(|n| n.id.as_deref() == Some(id))?.label.clone()
        })
    }
}

/// A network's name: the deployment's, else the API's, else its id
/// (tracked, so that a name read later shows).
pub fn network_name(id: Option<&str>) -> String {
    let Some(id) = id else { return vmdeck_core::i18n::DASH.into() };
    let named = use_deploy()
        .with(|d| d.catalogue.networks.iter().find(|n| n.id == id).map(|n| n.label.clone()));
    let account = use_session().credentials().map(|c| c.account_key());
    named
        .or_else(|| account.and_then(|key| use_offered_cache().network_label(&key, id)))
        .unwrap_or_else(|| vmdeck_core::tf!(vmdeck_core::i18n::network::NIC_NETWORK_N, id = id))
}

/// The offered networks as (id, name) choices, for a filter.
pub fn network_options() -> Signal<Vec<(String, String)>> {
    let offered = use_offered_networks();
    Signal::derive(move || {
        offered.choices.with(|c| c.iter().map(|c| (c.id.clone(), c.label.clone())).collect())
    })
}

pub fn use_offered_cache() -> OfferedCache {
    expect_context::<OfferedCache>()
}

/// A form's choices of one kind, and whether they are still being read
/// (with nothing to offer meanwhile).
#[derive(Clone, Copy)]
pub struct Offered {
    pub choices: Signal<Vec<Choice>>,
    pub reading: Signal<bool>,
}

/// The templates a VM can be built from.
pub fn use_offered_templates() -> Offered {
    let kept = use_offered_cache().templates;
    offered_choices(
        kept,
        |api| async move { offered::templates(&api, &[]).await },
        template::choices,
        |c| (&c.templates, &c.hidden_templates),
    )
}

/// The networks an interface can be on.
pub fn use_offered_networks() -> Offered {
    let kept = use_offered_cache().networks;
    offered_choices(
        kept,
        |api| async move { offered::networks(&api).await },
        networks::choices,
        |c| (&c.networks, &c.hidden_networks),
    )
}

/// The list kept for the account, read when it is not kept yet; as choices
/// with the catalogue over them.
fn offered_choices<T, Fut>(
    kept: Kept<T>,
    fetch: impl Fn(Api) -> Fut + Copy + 'static,
    to_choices: fn(&[T]) -> Vec<Choice>,
    catalogue: fn(&Catalogue) -> (&Vec<Choice>, &Vec<String>),
) -> Offered
where
    T: Clone + PartialEq + Send + Sync + 'static,
    Fut: Future<Output = ApiResult<Option<Vec<T>>>> + 'static,
{
    let session = use_session();
    let deploy = use_deploy();
    let account = move || session.credentials().map(|c| c.account_key());
    let read = use_data_with_options(
        account,
        move |api, key| async move {
            let Some(key) = key else { return Ok(None) };
            if let Some(list) = kept.with_untracked(|kept| kept.get(&key).cloned()) {
                return Ok(list);
            }
            let list = fetch(api).await?;
            kept.update(|kept| {
                kept.insert(key, list.clone());
            });
            Ok(list)
        },
        UseDataOptions::default().once(),
    );
    // What is kept wins, so that a list read or forgotten elsewhere shows.
    let list = Memo::new(move |_| {
        let kept = account().and_then(|key| kept.with(|kept| kept.get(&key).cloned()));
        kept.unwrap_or_else(|| read.data.get().flatten())
    });
    let choices = Memo::new(move |_| {
        let from_api = list.with(|list| list.as_deref().map(to_choices));
        deploy.with(|d| {
            let (named, hidden) = catalogue(&d.catalogue);
            with_catalogue(from_api.as_deref(), named, hidden)
        })
    });
    let reading = Signal::derive(move || read.loading.get() && choices.with(Vec::is_empty));
    Offered { choices: choices.into(), reading }
}
