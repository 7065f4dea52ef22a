//! Tags of VMs (`vmdeck_core::vm::tags`): the account's, kept in this
//! browser (`storage::keys::tags`) as protection is; each drawn as a link
//! to the list of the VMs with it, and edited for one VM or a selection.

use crate::components::{FormView, SubmitButton, TextField};
use crate::hooks::{use_form_with_options, UseFormOptions};
use crate::storage::kept::Kept;
use crate::storage::keys;
use leptos::prelude::*;
use std::collections::BTreeSet;
use vmdeck_core::i18n::vm as t;
use vmdeck_core::vm::query::VmQuery;
use vmdeck_core::vm::tags::{parse_list, NotAdded, Tag, TagForm, TagGroup, Tags};

#[derive(Clone, Copy)]
pub struct TagStore {
    pub tags: Kept<Tags>,
}

impl TagStore {
    /// For the logged-in pages: the account's tags.
    pub fn provide() -> Self {
        let this = Self { tags: Kept::new(keys::tags) };
        provide_context(this);
        this
    }

    /// `vm`'s tags, by name (tracked).
    pub fn of(self, vm: &str) -> Vec<Tag> {
        self.tags.with(|tags| tags.of(vm).cloned().collect())
    }

    /// The VMs with `tag` (tracked).
    pub fn vms_with(self, tag: &Tag) -> BTreeSet<String> {
        self.tags.with(|tags| tags.vms_with(tag).into_iter().map(str::to_owned).collect())
    }

    /// Every tag in use with its count of VMs, by name (tracked).
    pub fn in_use(self) -> Vec<(Tag, usize)> {
        self.tags.with(Tags::in_use)
    }

    /// Gives each of `vms` every one of `tags`; answers how many VMs had no
    /// room for all of them.
    pub fn add(self, vms: &[String], tags: &[Tag]) -> usize {
        // Every tag is tried on every VM: one refused does not stop the others.
        let full = |kept: &mut Tags, vm: &String| {
            tags.iter().filter(|tag| kept.add(vm, tag) == Err(NotAdded::Full)).count() > 0
        };
        self.tags.update(|kept| vms.iter().filter(|vm| full(kept, vm)).count())
    }

    /// Takes every tag off `vm` (destroyed): a tag's count is of VMs that exist.
    pub fn forget(self, vm: &str) {
        if self.tags.with_latest(|tags| tags.of(vm).next().is_some()) {
            self.tags.update(|tags| tags.forget(vm));
        }
    }

    /// Takes `tag` off each of `vms`.
    pub fn remove(self, vms: &[String], tag: &Tag) {
        self.tags.update(|kept| vms.iter().for_each(|vm| kept.remove(vm, tag)));
    }

    /// The page `ids` in groups by tag (tracked): `vm::tags::group_by_tag`.
    pub fn grouped(self, ids: &[String]) -> Vec<TagGroup> {
        self.tags
            .with(|tags| vmdeck_core::vm::tags::group_by_tag(ids.iter().map(String::as_str), tags))
    }

    /// The tags as they are, untracked (for a file).
    pub fn untracked(self) -> Tags {
        self.tags.with_untracked(Tags::clone)
    }

    /// The browser refused the last change: the tags hold in this tab only.
    pub fn memory_only(self) -> bool {
        self.tags.memory_only()
    }
}

/// The logged-in layout's tags; none outside it.
pub fn use_tags() -> Option<TagStore> {
    use_context::<TagStore>()
}

/// The list of the VMs with `tag`.
pub fn tag_href(tag: &Tag) -> String {
    VmQuery::default().with_tag(Some(tag.clone())).href()
}

fn tag_class(tag: &Tag) -> String {
    format!("tag tag-c{}", tag.colour())
}

/// A tag, as a link to the list of the VMs with it.
#[component]
pub fn TagLink(tag: Tag) -> impl IntoView {
    let title = vmdeck_core::tf!(t::TAG_LINK_TITLE, tag = tag.as_str());
    view! { <a class=tag_class(&tag) href=tag_href(&tag) title=title>{tag.as_str().to_owned()}</a> }
}

/// `vm`'s tags as links; nothing when it has none. One reactive piece: a
/// list draws a thousand of them.
#[component]
pub fn VmTags(vm: String, store: Option<TagStore>) -> impl IntoView {
    let store = store?;
    Some(move || {
        let tags = store.of(&vm);
        (!tags.is_empty()).then(|| view! { <span class="tags">{tags.into_iter().map(|tag| view! { <TagLink tag=tag/> }).collect_view()}</span> })
    })
}

/// Tags of `vms` (one VM, or a selection): each tag any of them has, with
/// a button that takes it off all of them, and a field that gives all of
/// them the tags typed. `prefix` names its elements, `add_id` its button.
#[component]
pub fn TagEditor(
    #[prop(into)] vms: Signal<Vec<String>>,
    prefix: &'static str,
    add_id: &'static str,
) -> impl IntoView {
    let Some(store) = use_tags() else { return ().into_any() };
    let present = Memo::new(move |_| {
        let mut all = BTreeSet::new();
        vms.with(|vms| vms.iter().for_each(|vm| all.extend(store.of(vm))));
        all.into_iter().collect::<Vec<_>>()
    });
    let others = Memo::new(move |_| {
        present.with(|present| {
            store
                .in_use()
                .into_iter()
                .map(|(tag, _)| tag)
                .filter(|tag| !present.contains(tag))
                .collect::<Vec<_>>()
        })
    });
    let full = RwSignal::new(0usize);
    let form = use_form_with_options(
        prefix,
        TagForm::default(),
        UseFormOptions::default().check(TagForm::errors),
    );
    let text = form.text("text", |f| &f.text, |f| &mut f.text);
    let add = move |tags: Vec<Tag>| full.set(store.add(&vms.get_untracked(), &tags));
    let submit = Callback::new(move |f: TagForm| {
        add(parse_list(&f.text).0);
        form.settled(Ok(()));
    });
    view! {
        <div class="tag-editor" id=prefix>
            <ul class="tags tag-list" aria-label=vmdeck_core::i18n::common::TAGS.get()>
                {move || present.get().into_iter().map(|tag| {
                    let name = tag.as_str().to_owned();
                    let label = vmdeck_core::tf!(t::TAG_REMOVE, tag = name);
                    let class = tag_class(&tag);
                    view! {
                        <li class=class>
                            <span>{name.clone()}</span>
                            <button type="button" class="tag-remove" aria-label=label.clone() title=label data-tag=name
                                on:click=move |_| store.remove(&vms.get_untracked(), &tag)>"×"</button>
                        </li>
                    }
                }).collect_view()}
                {move || present.with(Vec::is_empty).then(|| view! { <li class="muted small">{t::TAGS_NONE.get()}</li> })}
            </ul>
            <FormView form=form on_submit=submit doing=t::TAGS_ADD.get() class="form-compact tag-add">
                <TextField bound=text label=t::TAGS_ADD_LABEL.get() hint=t::TAGS_ADD_HINT.get()/>
                <SubmitButton form=form id=add_id label=t::TAGS_ADD.get()/>
            </FormView>
            {move || {
                let others = others.get();
                (!others.is_empty()).then(|| view! {
                    <p class="tag-suggestions small">
                        <span class="muted">{t::TAGS_IN_USE.get()}" "</span>
                        {others.into_iter().map(|tag| {
                            let label = vmdeck_core::tf!(t::TAG_ADD_THIS, tag = tag.as_str());
                            view! { <button type="button" class=tag_class(&tag) title=label data-tag=tag.as_str().to_owned()
                                on:click={let tag = tag.clone(); move |_| add(vec![tag.clone()])}>{format!("+ {}", tag.as_str())}</button> }
                        }).collect_view()}
                    </p>
                })
            }}
            {move || (full.get() > 0).then(|| view! {
                <p class="field-error" role="alert">{vmdeck_core::tf!(t::TAGS_FULL, n = full.get(), max = vmdeck_core::vm::tags::MAX_PER_VM)}</p>
            })}
            {move || store.memory_only().then(|| view! { <p class="field-error" role="alert">{t::TAGS_NOT_KEPT.get()}</p> })}
        </div>
    }
    .into_any()
}
