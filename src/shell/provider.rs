//! What the provider's `config.json` adds to every page: its notice, its
//! links (status, billing, documentation, terms) and the way back to its
//! portal. Text from the file is drawn as text, never as markup.

use crate::deploy::{use_brand, use_deploy};
use crate::hooks::use_poll;
use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use vmdeck_core::deploy::notice::{Level, Notice};
use vmdeck_core::i18n::shell as t;

/// How often a notice with a window looks whether it has begun or ended.
const WINDOW_CHECK_MS: u32 = 15_000;
/// Dismissals remembered; older ones are of notices long gone.
const DISMISSALS_KEPT: usize = 20;

fn dismissed() -> Vec<String> {
    storage::read(Store::Browser, keys::NOTICES_DISMISSED).unwrap_or_default()
}

fn dismiss(notice: &Notice) {
    let mut keys = dismissed();
    keys.retain(|k| *k != notice.key());
    keys.push(notice.key());
    let from = keys.len().saturating_sub(DISMISSALS_KEPT);
    storage::write(Store::Browser, keys::NOTICES_DISMISSED, &keys.split_off(from));
}

/// The provider's notice, in its window, until dismissed in this browser.
#[component]
pub fn NoticeBanner() -> impl IntoView {
    let deploy = use_deploy();
    let brand = use_brand();
    let notice = Memo::new(move |_| deploy.with(|d| d.notice.clone()));
    let now = RwSignal::new(js_sys::Date::now());
    let windowed = Signal::derive(move || {
        notice.with(|n| n.as_ref().is_some_and(|n| n.starts.is_some() || n.ends.is_some()))
    });
    use_poll(windowed, WINDOW_CHECK_MS, move || now.set(js_sys::Date::now()));
    let hidden = RwSignal::new(dismissed());
    move || {
        let notice = notice
            .get()
            .filter(|n| n.shows_at(now.get()) && !hidden.with(|h| h.contains(&n.key())))?;
        let class = match notice.level {
            Level::Info => "notice notice-info provider-notice",
            Level::Warning => "notice notice-warning provider-notice",
        };
        let label = vmdeck_core::tf!(t::NOTICE_LABEL, provider = brand.with(|b| b.name.clone()));
        let text = notice.text(&vmdeck_core::i18n::locale_code()).to_owned();
        let close = notice.dismissible.then(|| {
            let notice = notice.clone();
            view! {
                <button type="button" class="button button-quiet" id="provider-notice-dismiss" on:click=move |_| {
                    dismiss(&notice);
                    hidden.set(dismissed());
                }>{t::NOTICE_DISMISS.get()}</button>
            }
        });
        Some(view! {
            <section class=class id="provider-notice" role="region" aria-label=label>
                <p>{text}</p>
                {close}
            </section>
        })
    }
}

/// The provider's links, as a list; nothing without any.
#[component]
pub fn ProviderLinks(#[prop(into)] class: String, id: &'static str) -> impl IntoView {
    let deploy = use_deploy();
    move || {
        let links = deploy.with(|d| d.links.clone());
        let class = class.clone();
        (!links.is_empty()).then(|| {
            view! {
                <ul class=class id=id>
                    {links.into_iter().map(|link| view! {
                        <li><a href=link.url target="_blank" rel="noopener noreferrer" data-link=link.kind.key()>{link.kind.label().get()}</a></li>
                    }).collect_view()}
                </ul>
            }
        })
    }
}

/// "Back to <portal>", when the deployment names where that is: in the
/// header, and in its menu (`in_menu`), which a narrow screen shows instead.
#[component]
pub fn PortalBack(#[prop(optional)] in_menu: bool) -> impl IntoView {
    let deploy = use_deploy();
    let (class, id) = if in_menu {
        ("portal-back portal-back-menu", "portal-back-menu")
    } else {
        ("button button-quiet portal-back portal-back-bar", "portal-back")
    };
    move || {
        deploy
            .with(|d| {
                d.portal
                    .url
                    .clone()
                    .map(|url| (url, vmdeck_core::tf!(t::PORTAL_BACK, portal = d.portal.label())))
            })
            .map(|(url, label)| {
                view! { <a href=url class=class id=id>{label}</a> }
            })
    }
}

/// The header's menu: the provider's links, the time zone, and on a narrow
/// screen the way back to the portal.
#[component]
pub fn HeaderMenu() -> impl IntoView {
    // Opened once: what only the open menu shows is written from then on.
    let opened = RwSignal::new(false);
    let on_toggle = move |ev: leptos::ev::Event| {
        let open = event_target::<web_sys::HtmlDetailsElement>(&ev).open();
        if open && !opened.get_untracked() {
            opened.set(true);
        }
    };
    view! {
        <details class="header-menu" id="header-menu" on:toggle=on_toggle>
            <summary class="button button-quiet">{t::HEADER_MORE.get()}</summary>
            <div class="header-menu-items">
                <PortalBack in_menu=true/>
                <ProviderLinks class="provider-links" id="header-links"/>
                <crate::locale::time_zone::TimeZoneSwitch all=opened.into()/>
            </div>
        </details>
    }
}
