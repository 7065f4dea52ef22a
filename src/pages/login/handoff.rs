//! A login handed over by the provider's portal, in a link or a message:
//! checked as the login page checks one (the deployment's API address, the
//! form's rules, one request that proves the token), after asking: a link
//! always (anyone can make one, to an account of theirs into which the user
//! would then type secrets), a message from a portal origin when this tab
//! is in another account; then the page the portal named, if it is one of
//! the panel's.

use super::{check, enter, handed_over, return_to};
use crate::components::{ErrorView, Modal};
use crate::deploy::use_loaded;
use crate::session::{use_session, Credentials};
use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use vmdeck_core::deploy::portal::{Handoff, Refused};
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::ApiError;

/// How the login came.
#[derive(Clone)]
pub enum Given {
    /// A link's fragment, which the boot script took out of the address bar.
    Link(String),
    /// A message from a window of one of the portal's origins.
    Message(serde_json::Value),
}

#[derive(Clone, PartialEq)]
enum Step {
    /// Until `config.json` says whether and how a login may be handed over.
    Waiting,
    /// Asked first: a link's login always (anyone can make a link, to their
    /// own account), a portal's message when this tab shows another
    /// account, `current`.
    Asking {
        current: Option<String>,
    },
    Checking,
    Failed(ApiError),
}

/// The fragment the boot script kept, once (the app shows this while the
/// session holds one).
#[component]
pub fn LinkHandoff() -> impl IntoView {
    let session = use_session();
    let given = session.handoff_untracked().map(Given::Link);
    let done = Callback::new(move |()| session.forget_handoff());
    given.map(|given| view! { <HandoffDialog given=given on_done=done/> })
}

#[component]
pub fn HandoffDialog(given: Given, on_done: Callback<()>) -> impl IntoView {
    let session = use_session();
    let navigate = use_navigate();
    let config = use_loaded();
    let open = RwSignal::new(true);
    let step = RwSignal::new(Step::Waiting);
    let wanted = StoredValue::new(None::<(Credentials, String)>);
    let portal = move || config.with(|c| c.as_ref().map(|c| c.portal.label())).unwrap_or_default();
    let by_link = matches!(given, Given::Link(_));

    let login = Action::new_local(move |credentials: &Credentials| check(credentials.clone()));
    let send = move || {
        if let Some((credentials, _)) = wanted.get_value() {
            step.set(Step::Checking);
            login.dispatch(credentials);
        }
    };
    // Once the deployment's settings are in: read what was handed over, and
    // ask first if it would replace another account in this tab.
    Effect::new(move || {
        let Some(config) = config.get() else { return };
        if step.get_untracked() != Step::Waiting {
            return;
        }
        let read = match &given {
            Given::Link(fragment) if config.portal.link_login => Handoff::from_fragment(fragment),
            Given::Link(_) => Err(Refused::NotAccepted),
            Given::Message(data) => Handoff::from_message(data),
        };
        let credentials = read
            .map_err(|refused| ApiError::Invalid(refused.message()))
            .and_then(|handoff| Ok((handed_over(&config, &handoff)?, handoff.destination())));
        match credentials {
            Err(error) => step.set(Step::Failed(error)),
            Ok((credentials, next)) => {
                let current = session
                    .credentials()
                    .filter(|c| c.account_key() != credentials.account_key())
                    .map(|c| c.account_id);
                wanted.set_value(Some((credentials, next)));
                if by_link || current.is_some() {
                    step.set(Step::Asking { current });
                } else {
                    send();
                }
            }
        }
    });
    Effect::new(move || {
        let Some(result) = login.value().get() else { return };
        match result {
            // Closed meanwhile: the user chose to stay where they were.
            Ok(_) if !open.get_untracked() => {}
            Ok(checked) => {
                let next = wanted.with_value(|w| w.as_ref().map(|(_, next)| next.clone()));
                open.set(false);
                enter(session, checked, &return_to(next), navigate.clone());
            }
            Err(error) => step.set(Step::Failed(error)),
        }
    });
    // However it closes (done, Escape, a button), the handoff is over.
    Effect::new(move |was_open: Option<bool>| {
        let now = open.get();
        if was_open == Some(true) && !now {
            on_done.run(());
        }
        now
    });

    let account = move || {
        wanted.with_value(|w| w.as_ref().map(|(c, _)| c.account_id.clone())).unwrap_or_default()
    };
    let body = move || {
        match step.get() {
        Step::Waiting | Step::Checking => view! {
            <p aria-busy="true" id="handoff-checking">{vmdeck_core::tf!(t::HANDOFF_CHECKING, account = account())}</p>
        }
        .into_any(),
        Step::Asking { current } => {
            // A link's words are the panel's own: of the link, only the account's number, checked.
            let question = match (&current, by_link) {
                (_, true) => vmdeck_core::tf!(t::HANDOFF_LINK_QUESTION, account = account()),
                (Some(current), false) => vmdeck_core::tf!(t::HANDOFF_SWITCH_QUESTION, current = current, portal = portal(), account = account()),
                (None, false) => String::new(),
            };
            let keeps = current.as_ref().map(|current| vmdeck_core::tf!(t::HANDOFF_SWITCH_KEEPS, current = current));
            let stay = current.as_ref().map_or_else(|| t::HANDOFF_LINK_DECLINE.get().to_owned(), |current| vmdeck_core::tf!(t::HANDOFF_STAY, current = current));
            let confirm = if by_link { vmdeck_core::tf!(t::HANDOFF_LINK_CONFIRM, account = account()) } else { vmdeck_core::tf!(t::HANDOFF_SWITCH, account = account()) };
            view! {
                <p id="handoff-question">{question}</p>
                {keeps.map(|keeps| view! { <p class="hint">{keeps}</p> })}
                <div class="modal-actions">
                    <button type="button" class="button" id="handoff-stay" on:click=move |_| open.set(false)>{stay}</button>
                    <button type="button" class="button button-primary" id="handoff-switch" on:click=move |_| send()>{confirm}</button>
                </div>
            }
            .into_any()
        }
        Step::Failed(error) => view! {
            <div id="handoff-failed">
                <ErrorView error=error doing=if by_link { t::HANDOFF_LINK_FAILED.get().to_owned() } else { vmdeck_core::tf!(t::HANDOFF_FAILED, portal = portal()) }/>
            </div>
            <div class="modal-actions">
                <button type="button" class="button" id="handoff-close" on:click=move |_| open.set(false)>{c::CLOSE.get()}</button>
            </div>
        }
        .into_any(),
    }
    };
    // Drawn once the settings name the portal, for the heading.
    move || {
        config.with(Option::is_some).then(|| {
            view! {
                <Modal open=open title=if by_link { t::HANDOFF_LINK_TITLE.get().to_owned() } else { vmdeck_core::tf!(t::HANDOFF_TITLE, portal = portal()) } id="handoff">
                    {body}
                </Modal>
            }
        })
    }
}
