//! Light and dark themes: follow the system unless the user picked one.

use crate::storage::{self, keys, Store};
use leptos::prelude::*;
use vmdeck_core::i18n::shell as t;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn key(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }

    fn from_key(key: &str) -> Self {
        match key {
            "light" => Self::Light,
            "dark" => Self::Dark,
            _ => Self::System,
        }
    }

    /// The one after this in the toggle's cycle.
    pub fn next(self) -> Self {
        match self {
            Self::System => Self::Light,
            Self::Light => Self::Dark,
            Self::Dark => Self::System,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::System => t::THEME_SYSTEM.get(),
            Self::Light => t::THEME_LIGHT.get(),
            Self::Dark => t::THEME_DARK.get(),
        }
    }
}

/// The saved choice, applied to the page at once (before the first render).
pub fn initial_theme() -> Theme {
    let theme = storage::read_text(Store::Browser, keys::THEME)
        .map(|key| Theme::from_key(&key))
        .unwrap_or(Theme::System);
    apply(theme);
    theme
}

/// Sets `data-theme` on `<html>`, which the stylesheet reads; "system" removes
/// it so the `prefers-color-scheme` query decides.
pub fn apply(theme: Theme) {
    let Some(root) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match theme {
        Theme::System => root.remove_attribute("data-theme"),
        other => root.set_attribute("data-theme", other.key()),
    };
}

/// Kept as plain text, not JSON: the first paint (first-paint/frame.js)
/// reads it before the app, as it is.
fn save(theme: Theme) {
    storage::write_text(Store::Browser, keys::THEME, theme.key());
}

/// The chosen theme and the system's preference, provided at the root, so
/// that what draws its own colours (the charts) can follow them.
#[derive(Clone, Copy)]
pub struct ThemeState {
    pub choice: RwSignal<Theme>,
    pub system_dark: RwSignal<bool>,
}

fn system_prefers_dark() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media("(prefers-color-scheme: dark)").ok().flatten()
}

/// Provides the theme state and follows the system's preference as it changes.
pub fn provide_theme() {
    let media = system_prefers_dark();
    let state = ThemeState {
        choice: RwSignal::new(initial_theme()),
        system_dark: RwSignal::new(media.as_ref().is_some_and(web_sys::MediaQueryList::matches)),
    };
    if let Some(media) = media {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MediaQueryListEvent)>::new(
            move |ev: web_sys::MediaQueryListEvent| {
                state.system_dark.set(ev.matches());
            },
        );
        let _ = media.add_event_listener_with_callback(
            "change",
            wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()),
        );
        // The app lives as long as the page: the listener may too.
        listener.forget();
    }
    provide_context(state);
}

/// Whether the page shows dark colours now.
pub fn use_dark() -> Signal<bool> {
    let state = use_context::<ThemeState>();
    Signal::derive(move || {
        state.is_some_and(|s| match s.choice.get() {
            Theme::Dark => true,
            Theme::Light => false,
            Theme::System => s.system_dark.get(),
        })
    })
}

/// A button that cycles system → light → dark.
#[component]
pub fn ThemeToggle() -> impl IntoView {
    let theme = use_context::<ThemeState>()
        .map(|s| s.choice)
        .unwrap_or_else(|| RwSignal::new(initial_theme()));
    let toggle = move |_| {
        let next = theme.get_untracked().next();
        apply(next);
        save(next);
        theme.set(next);
    };
    let icon = move || match theme.get() {
        Theme::System => "◐",
        Theme::Light => "☀",
        Theme::Dark => "☾",
    };
    view! {
        <button
            type="button"
            class="icon-button"
            id="theme-toggle"
            title=move || vmdeck_core::tf!(t::THEME_CLICK_TO_CHANGE, theme = theme.get().label())
            aria-label=move || theme.get().label()
            on:click=toggle
        >
            <span aria-hidden="true">{icon}</span>
        </button>
    }
}
