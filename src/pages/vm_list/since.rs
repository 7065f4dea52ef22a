//! "Since your last visit": the list keeps, per account and browser, a
//! small record of the VMs it showed (`vmdeck_core::history::changes`), and on the
//! first page of a visit says what changed since: VMs added or removed,
//! started or stopped, resized, their addresses changed, suspended; each
//! with its tags.

use crate::hooks::UseDataReturn;
use crate::marks::tags::{use_tags, VmTags};
use crate::session::use_session;
use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use leptos_router::components::A;
use vmdeck_core::history::changes::{Change, Seen, SeenVm, VmChange};
use vmdeck_core::i18n::shell as t;
use vmdeck_core::route::href;
use vmdeck_core::time::Precision;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::{Page, Vm};

/// The changes since the last visit, once the list's first page of this
/// visit is in; the record is brought up to date with every page.
#[component]
pub fn SinceLastVisit(list: UseDataReturn<Page<Vm>>, query: Memo<VmQuery>) -> impl IntoView {
    let session = use_session();
    let tags = use_tags();
    let changes = RwSignal::new(None::<(i64, Vec<VmChange>)>);
    let compared = StoredValue::new(false);
    Effect::new(move || {
        let Some(key) = session.account_key().map(|k| keys::seen(&k)) else { return };
        list.data.with(|page| {
            let Some(page) = page else { return };
            let now: Vec<SeenVm> = page.items.iter().filter_map(SeenVm::of).collect();
            // The view is the whole account: no filter, and every VM on it.
            let whole = query.with_untracked(|q| !q.has_filters() && q.offset == 0)
                && page.total.is_some_and(|t| t <= page.items.len() as u64);
            let mut seen: Seen = storage::read(Store::Browser, &key).unwrap_or_default();
            if !compared.get_value() {
                compared.set_value(true);
                let found = seen.changes(&now, whole);
                if !found.is_empty() {
                    changes.set(Some((seen.at, found)));
                }
            }
            seen.remember(&now, whole, js_sys::Date::now() as i64);
            storage::write(Store::Browser, &key, &seen);
        });
    });
    move || {
        changes.get().map(|(at, list)| {
            let when = crate::locale::moment(at.div_euclid(1000), Precision::Full);
            view! {
                <div class="notice notice-info since-last-visit" id="since-last-visit" role="status">
                    <div>
                        <p class="notice-title">{vmdeck_core::tf!(t::SINCE_TITLE, when = when)}</p>
                        <ul>
                            {list.into_iter().map(|change| {
                                let text = change.sentence();
                                if change.change == Change::Removed {
                                    view! { <li>{text}</li> }.into_any()
                                } else {
                                    view! { <li><A href=href::vm(&change.id)>{text}</A>" "<VmTags vm=change.id.clone() store=tags/></li> }.into_any()
                                }
                            }).collect_view()}
                        </ul>
                    </div>
                    <button type="button" class="button button-quiet button-small" id="since-dismiss" on:click=move |_| changes.set(None)>{t::SHELL_DISMISS.get()}</button>
                </div>
            }
        })
    }
}
