//! The document's title, one per page: what the page is, and once its data
//! has arrived, which VM or how many.

use crate::deploy::use_brand;
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use vmdeck_core::route::Route;

/// What pages tell the title, provided at the root.
#[derive(Clone, Copy)]
pub struct PageFacts {
    vm_name: RwSignal<Option<String>>,
    vm_count: RwSignal<Option<u64>>,
}

impl PageFacts {
    pub fn new() -> Self {
        Self { vm_name: RwSignal::new(None), vm_count: RwSignal::new(None) }
    }
}

impl Default for PageFacts {
    fn default() -> Self {
        Self::new()
    }
}

fn use_page_facts() -> PageFacts {
    // The root provides it: a second instance would be a second state, so a
    // missing provider is a bug that ends the app where a test sees it.
    expect_context::<PageFacts>()
}

/// The VM a page shows, for its title, while the page lives.
pub fn use_vm_name_in_title(name: impl Fn() -> Option<String> + Send + Sync + 'static) {
    let facts = use_page_facts();
    Effect::new(move || facts.vm_name.set(name()));
    on_cleanup(move || facts.vm_name.set(None));
}

/// The name of the VM the page shows, if one is shown and known.
pub fn current_vm_name() -> Option<String> {
    use_page_facts().vm_name.get()
}

/// How many VMs a list shows, for its title, while the page lives.
pub fn use_vm_count_in_title(count: impl Fn() -> Option<u64> + Send + Sync + 'static) {
    let facts = use_page_facts();
    Effect::new(move || facts.vm_count.set(count()));
    on_cleanup(move || facts.vm_count.set(None));
}

/// Keeps `document.title` in step with the route and what its page knows.
#[component]
pub fn TitleKeeper() -> impl IntoView {
    let facts = use_page_facts();
    let location = use_location();
    let brand = use_brand();
    Effect::new(move || {
        let route = Route::from_path(&location.pathname.get());
        let title = brand.with(|brand| {
            facts
                .vm_name
                .with(|name| route.title(&brand.name, name.as_deref(), facts.vm_count.get()))
        });
        if document().title() != title {
            document().set_title(&title);
        }
    });
}
