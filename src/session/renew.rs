//! Renewing a password login's token before it ends, once for every tab of
//! this browser that holds the login: under a lock the browser holds for the
//! whole site (the Web Locks API), after asking the other tabs on a channel
//! whether one has renewed it already; the new token is told to them on the
//! same channel. The token is swapped under what runs (nothing is drawn
//! again: no draft, poll or dialog is lost). A renewal the API refuses ends
//! the login as a refused token does, drafts kept.

use super::{use_session, Credentials, GrantState, Session, Token};
use crate::api::Api;
use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::future::Future;
use vmdeck_core::login::grant::renew_at;
use vmdeck_core::ApiError;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The channel the tabs of the panel tell each other renewed tokens on.
const CHANNEL: &str = "vmdeck.grant";
/// How long a tab waits for the others to say they renewed a token already.
const ASK_WAIT_MS: u32 = 150;
/// After a renewal that failed for want of a network, the next try.
const RETRY_MS: f64 = 10_000.0;

/// What the tabs tell each other: never written anywhere.
#[derive(Serialize, Deserialize)]
enum Message {
    /// The token of a grant (by its id) as this tab holds it.
    Renewed { token: Token, grant: GrantState },
    /// Which token does each tab hold of this grant?
    Ask(String),
}

thread_local! {
    static CHANNEL_OPEN: RefCell<Option<web_sys::BroadcastChannel>> = const { RefCell::new(None) };
    static TIMER: RefCell<Option<Timeout>> = const { RefCell::new(None) };
}

fn post(message: &Message) {
    let Ok(text) = serde_json::to_string(message) else { return };
    CHANNEL_OPEN.with(|channel| {
        if let Some(channel) = channel.borrow().as_ref() {
            let _ = channel.post_message(&text.into());
        }
    });
}

/// At the root, once: renews each password login's token when it is due
/// (a timer, and when the tab is shown again after a sleep), and takes in
/// what the other tabs renewed.
pub fn keep_renewed() {
    let session = use_session();
    if CHANNEL_OPEN.with(|channel| channel.borrow().is_some()) {
        return;
    }
    if let Ok(channel) = web_sys::BroadcastChannel::new(CHANNEL) {
        let heard =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                let Some(message) = event
                    .data()
                    .as_string()
                    .and_then(|text| serde_json::from_str::<Message>(&text).ok())
                else {
                    return;
                };
                match message {
                    Message::Renewed { token, grant } => {
                        if session.adopt(token, grant) {
                            schedule(session);
                        }
                    }
                    Message::Ask(id) => {
                        if let Some(login) = session.with_grant(&id) {
                            if let Some(grant) = login.grant {
                                post(&Message::Renewed { token: login.token, grant });
                            }
                        }
                    }
                }
            });
        channel.set_onmessage(Some(heard.as_ref().unchecked_ref()));
        // For the page's life: the channel is the app's, opened once.
        heard.forget();
        CHANNEL_OPEN.with(|open| *open.borrow_mut() = Some(channel));
    }
    // Logged in or out: the next renewal as the logins now are.
    Effect::new(move || {
        session.logins.track();
        schedule(session);
    });
    let shown = window_event_listener(leptos::ev::visibilitychange, move |_| schedule(session));
    on_cleanup(move || shown.remove());
}

/// Each grant's id and when it is renewed: the logins with a refresh token.
fn due(session: Session) -> Vec<(String, f64)> {
    let mut due: Vec<(String, f64)> = Vec::new();
    session.logins.with_untracked(|logins| {
        for grant in logins.iter().filter_map(|c| c.grant.as_ref()) {
            let (Some(_), Some(expires)) = (&grant.refresh_token, grant.expires_at) else {
                continue;
            };
            if !due.iter().any(|(id, _)| id == &grant.id) {
                due.push((grant.id.clone(), renew_at(grant.issued_at, expires)));
            }
        }
    });
    due
}

/// Arms the timer for the next renewal, and renews what is due now.
fn schedule(session: Session) {
    let now = js_sys::Date::now();
    let due = due(session);
    for (id, at) in &due {
        if *at <= now {
            let id = id.clone();
            leptos::task::spawn_local(async move {
                renew(session, id, None).await;
            });
        }
    }
    let next = due.iter().map(|(_, at)| *at).filter(|at| *at > now).fold(f64::INFINITY, f64::min);
    let timer = next.is_finite().then(|| {
        Timeout::new(((next - now).min(f64::from(i32::MAX)) as u32).max(1), move || {
            schedule(session)
        })
    });
    TIMER.with(|slot| *slot.borrow_mut() = timer);
}

/// Renews the grant `id` if it is still due, or if its token is still the
/// one the API has just `refused`; returns whether the login holds after it.
pub async fn renew(session: Session, id: String, refused: Option<String>) -> bool {
    let lock = format!("vmdeck.renew.{id}");
    with_lock(&lock, async move {
        let needed = |session: Session| match session.with_grant(&id) {
            None => None,
            Some(login) => {
                let grant = login.grant.as_ref()?;
                let stale = refused.as_deref() == Some(login.token.expose());
                let at =
                    grant.expires_at.map_or(f64::INFINITY, |end| renew_at(grant.issued_at, end));
                (stale || at <= js_sys::Date::now()).then_some(login)
            }
        };
        if needed(session).is_none() {
            return session.with_grant(&id).is_some();
        }
        // Another tab may have renewed it while this one slept.
        post(&Message::Ask(id.clone()));
        gloo_timers::future::TimeoutFuture::new(ASK_WAIT_MS).await;
        let Some(login) = needed(session) else { return session.with_grant(&id).is_some() };
        renew_now(session, login).await
    })
    .await
    .unwrap_or(false)
}

/// The refresh request itself: the new token kept and told, or the login ended.
async fn renew_now(session: Session, login: Credentials) -> bool {
    let Some(grant) = login.grant.clone() else { return false };
    let Some(refresh) = grant.refresh_token.clone() else { return false };
    let now = js_sys::Date::now();
    if grant.refresh_expires_at.is_some_and(|end| end <= now) {
        session.expire(&login.login_id);
        return false;
    }
    let api = Api::public(login.base_url.clone());
    let answer = api
        .post_grant(grant.endpoint.path(), &grant.endpoint.refresh_request(refresh.expose()))
        .await;
    match answer.and_then(|reply| reply.decode(|body| grant.endpoint.grant_from_json(body, now))) {
        Ok(renewed) => {
            let state = GrantState {
                issued_at: now,
                expires_at: renewed.expires_at,
                // A refresh answer without a refresh token leaves the old one usable.
                refresh_token: renewed.refresh_token.map(Token::new).or(grant.refresh_token),
                refresh_expires_at: renewed.refresh_expires_at.or(grant.refresh_expires_at),
                ..grant
            };
            let token = Token::new(renewed.authorization);
            session.adopt(token.clone(), state.clone());
            post(&Message::Renewed { token, grant: state });
            schedule(session);
            true
        }
        Err(ApiError::Unreachable { .. } | ApiError::Timeout { .. } | ApiError::Server { .. }) => {
            // Tried again soon; the token may hold until then.
            let id = grant.id;
            TIMER.with(|slot| {
                *slot.borrow_mut() = Some(Timeout::new(RETRY_MS as u32, move || {
                    leptos::task::spawn_local(async move {
                        renew(session, id, None).await;
                    })
                }))
            });
            true
        }
        Err(_) => {
            session.end_grant(&grant.id);
            false
        }
    }
}

/// Runs `work` holding the lock `name` of the whole site (`navigator.locks`),
/// so that one tab at a time renews a grant; where the browser has no locks,
/// at once. `None` when the lock could not be had.
async fn with_lock<T: 'static>(name: &str, work: impl Future<Output = T> + 'static) -> Option<T> {
    let locks = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"locks".into()).ok())
        .filter(|l| !l.is_undefined());
    let request = locks
        .as_ref()
        .and_then(|l| js_sys::Reflect::get(l, &"request".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let (Some(locks), Some(request)) = (locks, request) else { return Some(work.await) };
    let out = std::rc::Rc::new(RefCell::new(None));
    let kept = out.clone();
    // The lock is held until the promise the callback returns settles.
    let held = Closure::once(move |_lock: JsValue| {
        wasm_bindgen_futures::future_to_promise(async move {
            let value = work.await;
            *kept.borrow_mut() = Some(value);
            Ok(JsValue::UNDEFINED)
        })
    });
    let promise = request
        .call2(&locks, &name.into(), held.as_ref())
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    drop(held);
    let value = out.borrow_mut().take();
    value
}

/// Revokes the tokens of `ended` logins where the API offers it, each
/// grant once, unless a login that stays holds it too (the other accounts
/// of one password login). Sent and left: the logout does not wait for it.
pub(super) fn revoke(ended: &[Credentials], staying: &[Credentials]) {
    let mut done: Vec<&str> = Vec::new();
    for login in ended {
        let Some(grant) = &login.grant else { continue };
        let shared = staying.iter().any(|c| c.grant.as_ref().is_some_and(|g| g.id == grant.id));
        let Some(path) =
            grant.endpoint.revoke_path().filter(|_| !shared && !done.contains(&grant.id.as_str()))
        else {
            continue;
        };
        done.push(&grant.id);
        let body = grant.endpoint.revoke_request(login.token.expose());
        let api = Api::new(login.clone(), None);
        leptos::task::spawn_local(async move {
            let _ = api.post_grant(path, &body).await;
        });
    }
}

impl Session {
    /// The first of this tab's logins with the grant `id`.
    fn with_grant(&self, id: &str) -> Option<Credentials> {
        self.logins.with_untracked(|logins| {
            logins.iter().find(|c| c.grant.as_ref().is_some_and(|g| g.id == id)).cloned()
        })
    }

    /// Takes a renewed token of a grant in, for each account it opens, when
    /// it ends later than the one held; returns whether it did. Not tracked:
    /// what shows the login is not drawn again for it.
    fn adopt(&self, token: Token, grant: GrantState) -> bool {
        let mut taken = Vec::new();
        self.logins.update_untracked(|logins| {
            for login in logins.iter_mut() {
                let Some(held) = &login.grant else { continue };
                let later = grant.expires_at.unwrap_or(0.0) > held.expires_at.unwrap_or(0.0);
                if held.id == grant.id && later {
                    login.token = token.clone();
                    login.grant = Some(grant.clone());
                    taken.push(login.clone());
                }
            }
        });
        for login in taken.iter().filter(|c| c.remembered) {
            super::stored::remember(login);
        }
        if !taken.is_empty() {
            self.save();
        }
        !taken.is_empty()
    }

    /// The API refused to renew the grant `id`: each login it opened ends.
    fn end_grant(&self, id: &str) {
        let ended: Vec<String> = self.logins.with_untracked(|logins| {
            logins
                .iter()
                .filter(|c| c.grant.as_ref().is_some_and(|g| g.id == id))
                .map(|c| c.login_id.clone())
                .collect()
        });
        for login_id in ended {
            self.expire(&login_id);
        }
    }
}
