//! The list's saved views in its toolbar: open one, save the list as it is
//! under a name (with its address, to copy and share), delete one. The
//! dialog that saves one is drawn by the list's actions part, fetched when
//! it is first opened: its form stays out of the list's first download.

use super::actions::ListActions;
use crate::components::{dismissable, CopyButton, FormView, SubmitButton, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::marks::views::use_views;
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, vm as t};
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::views::{ViewForm, MAX_VIEWS};

#[component]
pub fn ViewsMenu(query: Memo<VmQuery>) -> impl IntoView {
    let (Some(store), Some(actions)) = (use_views(), use_context::<ListActions>()) else {
        return ().into_any();
    };
    let current = Memo::new(move |_| query.with(VmQuery::href));
    let views = Memo::new(move |_| store.views.with(|v| v.list().to_vec()));
    let menu = NodeRef::<leptos::html::Details>::new();
    // The list stays on the page as a view opens: the menu closes itself.
    let close = move || {
        if let Some(menu) = menu.get_untracked() {
            menu.set_open(false);
        }
    };
    let on_key = dismissable(menu);
    view! {
        <details class="views-menu" id="views-menu" node_ref=menu on:keydown=on_key>
            <summary class="button">{c::VIEWS.get()}</summary>
            <div class="views-menu-body">
                <ul class="views-list">
                    {move || views.get().into_iter().map(|view| {
                        let name = view.name.clone();
                        let href = view.href.clone();
                        let label = vmdeck_core::tf!(t::VIEW_DELETE, name = name);
                        view! {
                            <li>
                                <a href=view.href.clone() class="view-link" aria-current=move || (current.get() == href).then_some("page") data-view=name.clone() on:click=move |_| close()>{name.clone()}</a>
                                <button type="button" class="button button-quiet button-small view-delete" aria-label=label.clone() title=label
                                    on:click=move |_| store.views.update(|v| v.remove(&name))>"×"</button>
                            </li>
                        }
                    }).collect_view()}
                    {move || views.with(Vec::is_empty).then(|| view! { <li class="muted small">{t::VIEWS_NONE.get()}</li> })}
                </ul>
                <button type="button" class="button button-small" id="view-save-open" aria-haspopup="dialog" on:click=move |_| { close(); actions.open(actions.view_open); }>{t::VIEW_SAVE_OPEN.get()}</button>
            </div>
        </details>
    }
    .into_any()
}

/// Names the list as it is now (in the actions part's dialog).
#[component]
pub fn SaveView(query: Memo<VmQuery>, open: RwSignal<bool>) -> impl IntoView {
    let Some(store) = use_views() else { return ().into_any() };
    let form = use_form_with_options(
        "view",
        ViewForm::default(),
        UseFormOptions::default().check(ViewForm::errors),
    );
    let name = form.text("name", |f| &f.name, |f| &mut f.name);
    let full = RwSignal::new(false);
    let replaces = Memo::new(move |_| {
        form.with(|f| store.views.with(|v| v.named(&f.name).map(|v| v.name.clone())))
    });
    let address = Signal::derive(move || {
        format!("{}{}", window().location().origin().unwrap_or_default(), query.with(VmQuery::href))
    });
    let submit = Callback::new(move |f: ViewForm| {
        let saved = store.views.update(|v| v.save(&f.name, &query.get_untracked().href()));
        full.set(!saved);
        if saved {
            form.settled(Ok(()));
            open.set(false);
        }
    });
    view! {
        <FormView form=form on_submit=submit doing=t::VIEW_SAVE_TITLE.get()>
            <TextField bound=name label=c::NAME.get()/>
            {move || replaces.get().map(|old| view! { <p class="notice notice-warning" id="view-replaces">{vmdeck_core::tf!(t::VIEW_REPLACES, name = old)}</p> })}
            <p class="small muted">{t::VIEW_IS_ADDRESS.get()}</p>
            <p class="view-address">
                <code class="mono" id="view-address">{move || address.get()}</code>
                <CopyButton text=address what=t::VIEW_COPY_ADDRESS.get() id="view-copy"/>
            </p>
            {move || full.get().then(|| view! { <p class="field-error" role="alert">{vmdeck_core::tf!(t::VIEWS_FULL, max = MAX_VIEWS)}</p> })}
            {move || store.views.memory_only().then(|| view! { <p class="field-error" role="alert">{t::VIEWS_NOT_KEPT.get()}</p> })}
            <div class="modal-actions">
                <SubmitButton form=form id="view-save" label=t::VIEW_SAVE.get()/>
            </div>
        </FormView>
    }
    .into_any()
}
