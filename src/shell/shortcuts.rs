//! Keyboard shortcuts for the logged-in pages, and the quick switcher they
//! open: pages, the current VM's tabs and the account's VMs by hostname,
//! label or IP address.

use crate::components::Modal;
use crate::hooks::{use_debounced, use_vm_search, Pace};
use crate::shell::title::current_vm_name;
use crate::start::parts::{part, use_part};
use leptos::prelude::*;
use leptos_router::hooks::{use_location, use_navigate};
use leptos_router::NavigateOptions;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::route::href;
use vmdeck_core::route::Route;
use vmdeck_core::shortcuts::{self, account_places, places, shortcut, tag_places, Place, Shortcut};
use vmdeck_core::Vm;
use wasm_bindgen::JsCast;

// What any page may open, fetched when first needed: the shell stays small.
part!(SWITCHER, part_vm, t::PART_SWITCHER, view! { <ShortcutDialogs/> });

/// How long after "g" its second key counts.
const GO_WINDOW_MS: f64 = 1_500.0;
/// The switcher asks the API once typing pauses this long.
const SEARCH_PAUSE_MS: u32 = 150;
/// VMs the switcher lists at most.
const VM_RESULTS: u64 = 8;

/// Whether the key goes to something being typed in, or a dialog is open:
/// shortcuts leave both alone. The page is asked rather than the dialogs'
/// signals, which learn of an Escape only a task later, when `close` fires.
fn leave_alone(ev: &web_sys::KeyboardEvent) -> bool {
    if document().query_selector("dialog[open]").ok().flatten().is_some() {
        return true;
    }
    let Some(target) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return false;
    };
    // No dialog is open: a field in one is left over from a dialog just
    // closed (it keeps the focus until the browser moves it), not typed in.
    if target.closest("dialog").ok().flatten().is_some() {
        return false;
    }
    matches!(target.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
        || target.is_content_editable()
}

/// The shortcuts' dialogs, open or not; the dialogs come in a part.
#[derive(Clone, Copy)]
struct Dialogs {
    switcher: RwSignal<bool>,
    help: RwSignal<bool>,
}

#[component]
pub fn Shortcuts() -> impl IntoView {
    let navigate = StoredValue::new_local(use_navigate());
    let dialogs = Dialogs { switcher: RwSignal::new(false), help: RwSignal::new(false) };
    provide_context(dialogs);
    let part = use_part(&SWITCHER);
    // The first opening fetches the dialogs' part, then opens.
    let open = move |which: RwSignal<bool>| part.load(move || which.set(true), || {});
    let go_pressed = StoredValue::new(f64::NEG_INFINITY);
    let listener = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || ev.repeat() || leave_alone(&ev) {
            return;
        }
        let now = js_sys::Date::now();
        let after_go = now - go_pressed.get_value() < GO_WINDOW_MS;
        go_pressed.set_value(f64::NEG_INFINITY);
        match shortcut(&ev.key(), ev.ctrl_key() || ev.meta_key(), ev.alt_key(), after_go) {
            Some(Shortcut::Switcher) => {
                ev.prevent_default();
                open(dialogs.switcher);
            }
            Some(Shortcut::Help) => {
                ev.prevent_default();
                open(dialogs.help);
            }
            Some(Shortcut::Go) => go_pressed.set_value(now),
            Some(Shortcut::Open(path)) => {
                ev.prevent_default();
                navigate.with_value(|nav| nav(path, NavigateOptions::default()));
            }
            None => {}
        }
    });
    on_cleanup(move || listener.remove());
    move || part.view()
}

/// The switcher and the list of shortcuts (in the part the shell fetches
/// when one is first opened).
#[component]
pub fn ShortcutDialogs() -> impl IntoView {
    let Some(Dialogs { switcher, help }) = use_context::<Dialogs>() else { return ().into_any() };
    view! {
        <Modal open=switcher title=t::SWITCHER_TITLE.get() id="switcher">
            <Switcher open=switcher/>
        </Modal>
        <Modal open=help title=t::SHORTCUTS_TITLE.get() id="shortcuts-help">
            <p class="muted small">{t::SHORTCUTS_WHERE.get()}</p>
            <dl class="shortcut-list">
                {shortcuts::help().into_iter().map(|(keys, what)| view! { <div><dt><kbd>{keys}</kbd></dt><dd>{what}</dd></div> }).collect_view()}
            </dl>
        </Modal>
    }
    .into_any()
}

/// A VM as the switcher lists it.
/// A VM found, and whether it is pinned (marked with a star).
fn vm_place(
    vm: &Vm,
    tags: Option<crate::marks::tags::TagStore>,
    pins: Option<crate::marks::pins::PinStore>,
) -> Option<(bool, Place)> {
    let id = vm.id.clone()?;
    let pinned = pins.is_some_and(|p| p.is_pinned(&id));
    let mut label = if pinned { format!("★ {}", vm.display_name()) } else { vm.display_name() };
    let tagged = tags.map(|store| store.of(&id)).unwrap_or_default();
    for extra in vm.hostname.iter().chain(vm.ip_addresses.first()) {
        if !label.contains(extra.as_str()) {
            label.push_str(" · ");
            label.push_str(extra);
        }
    }
    if !tagged.is_empty() {
        label.push_str(" · ");
        label.push_str(&tagged.iter().map(|tag| tag.as_str()).collect::<Vec<_>>().join(", "));
    }
    Some((pinned, Place { label, path: href::vm(&id), kind: c::VM.get(), account: None }))
}

#[component]
fn Switcher(open: RwSignal<bool>) -> impl IntoView {
    let navigate = StoredValue::new_local(use_navigate());
    let session = crate::session::use_session();
    let location = use_location();
    let typed = RwSignal::new(String::new());
    let searched = RwSignal::new(String::new());
    let selected = RwSignal::new(0usize);
    let search = use_debounced(Pace::AfterPause(SEARCH_PAUSE_MS), move |text| searched.set(text));
    let found = use_vm_search(move || searched.get(), VM_RESULTS);
    let tags = crate::marks::tags::use_tags();
    let views = crate::marks::views::use_views();
    let pins = crate::marks::pins::use_pins();
    let results = Memo::new(move |_| {
        let here = match Route::from_path(&location.pathname.get()) {
            Route::Vm(_) => location.pathname.with(|p| p.split('/').nth(2).map(str::to_owned)),
            _ => None,
        };
        let name = current_vm_name();
        let vm =
            here.as_deref().map(|id| (id, name.as_deref().unwrap_or(t::SWITCHER_THIS_VM.get())));
        let mut list = typed.with(|t| places(t, vm));
        // The tab's other accounts, after the pages.
        let others: Vec<(String, String)> = session
            .accounts()
            .into_iter()
            .filter(|a| !a.shown)
            .map(|a| {
                (
                    a.login_id,
                    format!(
                        "{} · {}",
                        vmdeck_core::tf!(t::SHELL_ACCOUNT, id = a.account_id),
                        a.host
                    ),
                )
            })
            .collect();
        list.extend(
            typed.with(|t| location.pathname.with(|here| account_places(t, &others, here))),
        );
        // The saved views and the tags in use, then the VMs found, the pinned
        // first, each with its tags.
        list.extend(
            typed
                .with(|t| views.map(|store| store.views.with(|v| v.places(t))).unwrap_or_default()),
        );
        list.extend(
            typed.with(|t| tags.map(|store| tag_places(t, &store.in_use())).unwrap_or_default()),
        );
        let mut vms: Vec<(bool, Place)> = found
            .data
            .with(|vms| vms.iter().flatten().filter_map(|vm| vm_place(vm, tags, pins)).collect());
        vms.sort_by_key(|(pinned, _)| !pinned);
        list.extend(vms.into_iter().map(|(_, place)| place));
        list
    });
    Effect::new(move || {
        results.track();
        selected.set(0);
    });
    let go = move |place: Place| {
        open.set(false);
        match place.account {
            Some(login_id) => session.switch_to(&login_id, &place.path),
            None => navigate.with_value(|nav| nav(&place.path, NavigateOptions::default())),
        }
    };
    let on_input = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        typed.set(text.clone());
        search.call(text);
    };
    let on_keydown = move |ev: web_sys::KeyboardEvent| {
        let count = results.with(Vec::len);
        match ev.key().as_str() {
            "ArrowDown" if count > 0 => {
                ev.prevent_default();
                selected.update(|s| *s = (*s + 1) % count);
            }
            "ArrowUp" if count > 0 => {
                ev.prevent_default();
                selected.update(|s| *s = (*s + count - 1) % count);
            }
            "Enter" => {
                ev.prevent_default();
                if let Some(place) = results.with(|r| r.get(selected.get_untracked()).cloned()) {
                    go(place);
                }
            }
            _ => {}
        }
    };
    let option_id = |i: usize| format!("switcher-option-{i}");
    view! {
        // Text, not search: Escape closes the switcher at once instead of
        // first clearing what was typed.
        <input
            type="text"
            id="switcher-input"
            class="switcher-input"
            role="combobox"
            aria-expanded="true"
            aria-controls="switcher-results"
            aria-activedescendant=move || option_id(selected.get())
            aria-label=t::SWITCHER_INPUT_LABEL.get()
            placeholder=t::SWITCHER_INPUT_PLACEHOLDER.get()
            autocomplete="off"
            spellcheck="false"
            prop:value=move || typed.get()
            on:input=on_input
            on:keydown=on_keydown
        />
        <ul id="switcher-results" class="switcher-results" role="listbox" aria-label=t::SWITCHER_PLACES.get()>
            {move || results.get().into_iter().enumerate().map(|(i, place)| {
                let chosen = place.clone();
                view! {
                    <li role="option" id=option_id(i) aria-selected=move || (selected.get() == i).to_string() class:is-selected=move || selected.get() == i>
                        <a href=place.path on:click=move |ev| { ev.prevent_default(); go(chosen.clone()); }>
                            <span class="switcher-kind muted small">{place.kind}</span>
                            <span>{place.label}</span>
                        </a>
                    </li>
                }
            }).collect_view()}
        </ul>
        <p class="muted small" role="status">{move || {
            let searching = found.loading.get() && typed.with(|t| t.trim().chars().count() >= 2);
            if searching { t::SWITCHER_SEARCHING.get().to_owned() } else { vmdeck_core::i18n::plural(results.with(Vec::len) as u64, &t::SWITCHER_PLACES_ONE, &t::SWITCHER_PLACES_OTHER) }
        }}</p>
    }
}
