//! The copy of the workspace file the deployment's store keeps for the
//! account (`config.json`'s `workspace_store`), so that it follows the user
//! to another browser: saved on the user's word, and taken in as a file is,
//! with what it would change shown first. Without a store, nothing here is
//! drawn and nothing leaves the browser.

use super::Taking;
use crate::api::workspace::{store_workspace, stored_workspace};
use crate::api::Api;
use crate::components::ErrorView;
use crate::deploy::{use_brand, use_deploy, workspace_store};
use crate::session::use_session;
use leptos::prelude::*;
use vmdeck_core::i18n::workspace as t;
use vmdeck_core::time::Precision;
use vmdeck_core::workspace::Workspace;
use vmdeck_core::ApiError;

/// Where the last save or read got to.
#[derive(Clone)]
enum Step {
    Saving,
    Saved { at_ms: f64 },
    Reading,
    NoneKept,
    Failed { error: ApiError, saving: bool },
}

#[component]
pub(super) fn StoreCard(
    taking: RwSignal<Option<Taking>>,
    current: Callback<(), Workspace>,
) -> impl IntoView {
    let deploy = use_deploy();
    let session = use_session();
    let brand = use_brand();
    let configured = Memo::new(move |_| deploy.with(|d| d.workspace_store.is_some()));
    // Only a login to the deployment's own API: the store gets its token.
    let store = Memo::new(move |_| {
        let api = session.credentials()?.base_url;
        deploy.with(|d| workspace_store(d, &api))
    });
    let provider = move || brand.with(|b| b.name.clone());
    let step = RwSignal::new(None::<Step>);

    let save = move |_| {
        let Some(store) = store.get_untracked() else { return };
        let file = current.run(());
        step.set(Some(Step::Saving));
        let sent =
            Api::call(
                session,
                move |api| async move { store_workspace(&api, &store, &file).await },
            );
        leptos::task::spawn_local(async move {
            let next = match sent.await {
                Ok(()) => Step::Saved { at_ms: js_sys::Date::now() },
                Err(error) => Step::Failed { error, saving: true },
            };
            step.try_set(Some(next));
        });
    };
    let read = move |_| {
        let Some(store) = store.get_untracked() else { return };
        step.set(Some(Step::Reading));
        let asked =
            Api::call(session, move |api| async move { stored_workspace(&api, &store).await });
        leptos::task::spawn_local(async move {
            match asked.await {
                Ok(Some(file)) => {
                    // Shown as a file chosen here is, merged into what is kept now.
                    let merge = file.merge_into(&current.run(()));
                    taking.try_set(Some(Taking::Preview {
                        file: Box::new(file),
                        merge: Box::new(merge),
                    }));
                    step.try_set(None);
                }
                Ok(None) => _ = step.try_set(Some(Step::NoneKept)),
                Err(error) => _ = step.try_set(Some(Step::Failed { error, saving: false })),
            }
        });
    };
    let busy = move || step.with(|s| matches!(s, Some(Step::Saving | Step::Reading)));

    move || {
        configured.get().then(|| {
            let body = match store.get() {
                None => view! { <p class="small" id="workspace-store-elsewhere">{vmdeck_core::tf!(t::STORE_OTHER_API, provider = provider())}</p> }.into_any(),
                Some(address) => view! {
                    <p class="small">{vmdeck_core::tf!(t::STORE_INTRO, provider = provider(), address = address)}</p>
                    <div class="card-actions">
                        <button type="button" class="button" id="workspace-store-save" disabled=busy on:click=save>{vmdeck_core::tf!(t::STORE_SAVE, provider = provider())}</button>
                        <button type="button" class="button" id="workspace-store-read" disabled=busy on:click=read>{vmdeck_core::tf!(t::STORE_READ, provider = provider())}</button>
                    </div>
                    {move || step.get().map(|step| match step {
                        Step::Saving => view! { <p class="muted" role="status">{t::STORE_SAVING.get()}</p> }.into_any(),
                        Step::Reading => view! { <p class="muted" role="status">{t::STORE_READING.get()}</p> }.into_any(),
                        Step::Saved { at_ms } => {
                            let when = crate::locale::moment((at_ms / 1000.0) as i64, Precision::Full);
                            view! { <p class="notice notice-success" role="status" id="workspace-store-saved">{vmdeck_core::tf!(t::STORE_SAVED, provider = provider(), when = when)}</p> }.into_any()
                        }
                        Step::NoneKept => view! { <p class="muted" role="status" id="workspace-store-none">{vmdeck_core::tf!(t::STORE_NONE, provider = provider())}</p> }.into_any(),
                        Step::Failed { error, saving } => {
                            let doing = if saving { t::STORE_DOING_SAVE } else { t::STORE_DOING_READ };
                            // The store is not the API: its refusal ends no login, and says so.
                            let (error, title) = match error {
                                ApiError::Unauthorized | ApiError::Forbidden(_) => {
                                    (ApiError::Invalid(vmdeck_core::tf!(t::STORE_REFUSED, provider = provider())), Some(vmdeck_core::i18n::shell::ERROR_VIEW_NOT_ALLOWED.get()))
                                }
                                other => (other, None),
                            };
                            view! { <div id="workspace-store-failed"><ErrorView error=error doing=vmdeck_core::tf!(doing, provider = provider()) title=title/></div> }.into_any()
                        }
                    })}
                }
                .into_any(),
            };
            view! {
                <section class="card workspace-actions workspace-store" aria-labelledby="workspace-store-title">
                    <h2 id="workspace-store-title">{vmdeck_core::tf!(t::STORE_TITLE, provider = provider())}</h2>
                    {body}
                </section>
            }
        })
    }
}
