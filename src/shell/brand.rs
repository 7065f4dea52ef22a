//! The provider's brand where the panel names itself: the logo (or the
//! plain mark) and the product's name, and the support link.

use crate::deploy::use_brand;
use leptos::prelude::*;

/// The logo, or the mark drawn in CSS, then the name.
#[component]
pub fn BrandName() -> impl IntoView {
    let brand = use_brand();
    view! {
        {move || match brand.with(|b| b.logo.clone()) {
            // The name beside it says what it is: the image itself is decoration.
            Some(logo) => view! { <img class="brand-logo" id="brand-logo" src=logo alt="" width="28" height="28"/> }.into_any(),
            None => view! { <span class="brand-mark" aria-hidden="true"></span> }.into_any(),
        }}
        <span id="brand-name">{move || brand.with(|b| b.name.clone())}</span>
    }
}

/// A link to the provider's support, when the deployment names one: its
/// address, or with `short` the word "Support" (the address as its title).
#[component]
pub fn SupportLink(
    #[prop(optional)] class: &'static str,
    id: &'static str,
    #[prop(optional)] short: bool,
) -> impl IntoView {
    let brand = use_brand();
    move || {
        brand.with(|b| b.support.as_ref().map(|s| (s.href(), s.label()))).map(|(href, label)| {
            let text = if short {
                vmdeck_core::i18n::common::SUPPORT.get().to_owned()
            } else {
                label.clone()
            };
            view! { <a class=class id=id href=href rel="noopener" title=label>{text}</a> }
        })
    }
}
