use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::NavigateOptions;
use vmdeck_core::api::paths::encode_component;

/// Filters of a page kept in its URL (`?network_id=2&public=1`), so that the
/// view can be shared, reloaded, and moved through with back and forward.
#[derive(Clone, Copy)]
pub struct UrlFilters {
    query: Memo<Vec<(String, String)>>,
    set: Callback<(String, String)>,
}

impl UrlFilters {
    /// The filter's value ("" when unset).
    pub fn get(self, key: &'static str) -> String {
        self.query
            .with(|q| q.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_default())
    }

    /// Every filter that is set, for an API call.
    pub fn pairs(self, keys: &[&'static str]) -> Vec<(&'static str, String)> {
        keys.iter().map(|k| (*k, self.get(k))).filter(|(_, v)| !v.is_empty()).collect()
    }

    pub fn set(self, key: &'static str, value: String) {
        self.set.run((key.to_owned(), value));
    }
}

/// The page's URL filters among `keys`; other parameters are dropped.
///
/// ## Usage
/// ```ignore
/// let filters = use_url_filters(&["network_id", "public"]);
/// let rows = use_data(move || filters.pairs(&["network_id", "public"]), |api, query| async move { account_interfaces(&api, &query).await });
/// ```
pub fn use_url_filters(keys: &'static [&'static str]) -> UrlFilters {
    let url = use_query_map();
    let location = use_location();
    let navigate = StoredValue::new_local(use_navigate());
    let query: Memo<Vec<(String, String)>> = Memo::new(move |_| {
        url.with(|q| {
            keys.iter()
                .filter_map(|k| {
                    q.get_str(k)
                        .filter(|v| !v.trim().is_empty())
                        .map(|v| ((*k).to_owned(), v.trim().to_owned()))
                })
                .collect::<Vec<_>>()
        })
    });
    let set = Callback::new(move |(key, value): (String, String)| {
        let mut pairs: Vec<(String, String)> =
            query.get_untracked().into_iter().filter(|(k, _)| *k != key).collect();
        if !value.trim().is_empty() {
            pairs.push((key, value.trim().to_owned()));
        }
        pairs.sort_by_key(|(k, _)| keys.iter().position(|x| x == k));
        let mut href = location.pathname.get_untracked();
        for (i, (k, v)) in pairs.iter().enumerate() {
            href.push(if i == 0 { '?' } else { '&' });
            href.push_str(k);
            href.push('=');
            encode_component(v, &mut href);
        }
        navigate.with_value(|nav| nav(&href, NavigateOptions::default()));
    });
    UrlFilters { query, set }
}
