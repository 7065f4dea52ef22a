use super::use_poll::{page_visible, use_poll, BUSY_POLL_MS};
use crate::api::{Api, ApiResult};
use crate::session::use_session;
use crate::storage::{self, Store};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::future::Future;
use std::rc::Rc;
use vmdeck_core::i18n::{shell as t, Text};
use vmdeck_core::ApiError;

/// Data shown is read again when the window regains focus or the tab is
/// shown again, unless it was asked for less than this long ago.
pub const REFOCUS_AFTER_MS: f64 = 30_000.0;

/// The auto-refresh choices, in seconds: 0 is off (the default).
pub const AUTO_REFRESH_CHOICES: [(u32, Text); 3] = [
    (0, t::SHELL_AUTO_REFRESH_OFF),
    (30, t::SHELL_AUTO_REFRESH_30),
    (60, t::SHELL_AUTO_REFRESH_60),
];

/// Told of every answer with the time its request was asked.
type OnAnswer<T> = Rc<dyn Fn(&ApiResult<T>, f64)>;
/// Says whether the data is busy; may read signals (the panel's own work).
type Busy<T> = Rc<dyn Fn(&T) -> bool>;

/// How [`use_data_with_options`] keeps its data fresh.
pub struct UseDataOptions<T> {
    busy: Option<Busy<T>>,
    fresh: bool,
    on_answer: Option<OnAnswer<T>>,
}

impl<T> Default for UseDataOptions<T> {
    fn default() -> Self {
        Self { busy: None, fresh: true, on_answer: None }
    }
}

impl<T> UseDataOptions<T> {
    /// While the data says it is busy (a VM at work), read it again every
    /// [`BUSY_POLL_MS`], less often after failures.
    pub fn poll_while(mut self, busy: impl Fn(&T) -> bool + 'static) -> Self {
        self.busy = Some(Rc::new(busy));
        self
    }

    /// Read when the input changes and on `refresh` only: neither on focus
    /// nor by auto-refresh. For what a dialog looks up once.
    pub fn once(mut self) -> Self {
        self.fresh = false;
        self
    }

    /// Called with every answer (also one equal to the data shown) and the
    /// time its request was asked.
    pub fn on_answer(mut self, on_answer: impl Fn(&ApiResult<T>, f64) + 'static) -> Self {
        self.on_answer = Some(Rc::new(on_answer));
        self
    }
}

/// What [`use_data`] gives.
pub struct UseDataReturn<T: Send + Sync + 'static> {
    /// The last data read. It stays while a new read is on its way or after
    /// one failed, so nothing flashes.
    pub data: Signal<Option<T>>,
    /// Why the last read failed; cleared by the next answer.
    pub error: Signal<Option<ApiError>>,
    /// A read is on its way.
    pub loading: Signal<bool>,
    /// The data shown was read for another input (the view changed and its
    /// data has not arrived yet).
    pub stale: Signal<bool>,
    /// When the data shown was asked for (ms since the epoch).
    pub updated_at: Signal<Option<f64>>,
    value: RwSignal<Option<T>>,
    reload: Trigger,
    in_flight: RwSignal<bool>,
    /// How many local changes (`update`) were made: a read asked before
    /// the last one is older than what is on screen.
    edits: StoredValue<u64>,
}

impl<T: Send + Sync + 'static> Clone for UseDataReturn<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Send + Sync + 'static> Copy for UseDataReturn<T> {}

impl<T: Send + Sync + 'static> UseDataReturn<T> {
    /// Reads again now, unless a read is on its way already (so that a
    /// double click, a focus and a poll together send one request).
    pub fn refresh(&self) {
        if self.in_flight.try_get_untracked() == Some(false) {
            self.in_flight.set(true);
            self.reload.notify();
        }
    }

    /// Changes the data on screen before the next read says so (a VM shown
    /// busy at once after a 202). A read on its way was asked before the
    /// change: its answer is dropped and the data read again.
    pub fn update(&self, change: impl FnOnce(&mut T)) {
        self.edits.update_value(|n| *n += 1);
        self.value.update(|value| {
            if let Some(value) = value {
                change(value);
            }
        });
    }
}

/// [`use_data_with_options`] with the default freshness: read again on
/// focus (at most once per 30 s) and by the user's auto-refresh.
pub fn use_data<I, T, Fut>(
    source: impl Fn() -> I + 'static,
    fetch: impl Fn(Api, I) -> Fut + 'static,
) -> UseDataReturn<T>
where
    I: Clone + PartialEq + Send + Sync + 'static,
    T: Clone + PartialEq + Send + Sync + 'static,
    Fut: Future<Output = ApiResult<T>> + 'static,
{
    use_data_with_options(source, fetch, UseDataOptions::default())
}

/// The app's one way to load data from the API. `source` gives the input
/// (an id, a query) and is tracked: whatever it reads makes a new read when
/// it changes. `fetch` asks the API with the session's client.
///
/// The freshness rules live here:
/// - a new answer replaces the data only when it differs, so an unchanged
///   read redraws nothing;
/// - the window regaining focus or the tab being shown reads again when
///   the last read is older than [`REFOCUS_AFTER_MS`];
/// - the user's auto-refresh (off, 30 s or 60 s, per browser) reads again
///   at that interval while the tab is visible;
/// - busy data (`poll_while`) is read every [`BUSY_POLL_MS`].
///
/// With auto-refresh off and nothing busy, an idle page sends nothing.
///
/// It is an effect that starts a task per read rather than a
/// `LocalResource`, so that it knows which input each answer is for (what
/// `stale` says), drops an answer a newer read has overtaken, and tells a
/// read in flight from data that is merely old.
///
/// ## Usage
/// ```ignore
/// let list = use_data(move || filters.get("ip"), |api, ip| async move { account_ips(&api, &ip).await });
/// view! { <Loaded data=list doing=t::IPS_LOADING.get() render=|ips| view! { <IpTable list=ips/> }/> }
/// ```
pub fn use_data_with_options<I, T, Fut>(
    source: impl Fn() -> I + 'static,
    fetch: impl Fn(Api, I) -> Fut + 'static,
    options: UseDataOptions<T>,
) -> UseDataReturn<T>
where
    I: Clone + PartialEq + Send + Sync + 'static,
    T: Clone + PartialEq + Send + Sync + 'static,
    Fut: Future<Output = ApiResult<T>> + 'static,
{
    let session = use_session();
    let value = RwSignal::new(None::<T>);
    let error = RwSignal::new(None::<ApiError>);
    let in_flight = RwSignal::new(true);
    let updated_at = RwSignal::new(None::<f64>);
    let reload = Trigger::new();
    // The input of the data shown, and the one asked for last.
    let shown = RwSignal::new(None::<I>);
    let wanted = RwSignal::new(None::<I>);
    // Which read is the latest: an answer to an older one is dropped.
    let latest = StoredValue::new(0u64);
    let asked_last = StoredValue::new(f64::NEG_INFINITY);
    let failures = StoredValue::new(0u32);
    let edits = StoredValue::new(0u64);
    let on_answer = options.on_answer;

    Effect::new(move || {
        reload.track();
        let input = source();
        let generation = latest.get_value() + 1;
        latest.set_value(generation);
        wanted.set(Some(input.clone()));
        in_flight.set(true);
        let asked_at = js_sys::Date::now();
        asked_last.set_value(asked_at);
        let edits_then = edits.get_value();
        let request = Api::call(session, |api| fetch(api, input.clone()));
        let on_answer = on_answer.clone();
        spawn_local(async move {
            let result = request.await;
            // Superseded by a newer read, or the page is gone.
            if latest.try_get_value() != Some(generation) {
                return;
            }
            // The data on screen was changed since this read was asked (a
            // 202 marked the VM busy): this answer is older; read again.
            if result.is_ok() && edits.try_get_value() != Some(edits_then) {
                in_flight.set(false);
                reload.notify();
                return;
            }
            match &result {
                Ok(new) => {
                    let same_input = shown.with_untracked(|s| s.as_ref() == Some(&input));
                    if !same_input || value.with_untracked(|old| old.as_ref() != Some(new)) {
                        value.set(Some(new.clone()));
                    }
                    if !same_input {
                        shown.set(Some(input));
                    }
                    updated_at.set(Some(asked_at));
                    error.set(None);
                    failures.set_value(0);
                }
                Err(e) => {
                    error.set(Some(e.clone()));
                    failures.update_value(|n| *n = n.saturating_add(1));
                }
            }
            in_flight.set(false);
            if let Some(on_answer) = on_answer {
                on_answer(&result, asked_at);
            }
        });
    });

    let data = UseDataReturn {
        data: value.into(),
        error: error.into(),
        loading: in_flight.into(),
        stale: Signal::derive(move || shown.with(|s| wanted.with(|w| s.is_none() || s != w))),
        updated_at: updated_at.into(),
        value,
        reload,
        in_flight,
        edits,
    };

    let auto_refresh = use_auto_refresh().seconds();
    let busy_check = StoredValue::new_local(options.busy);
    let busy = Memo::new(move |_| {
        busy_check.with_value(|check| {
            check.as_ref().is_some_and(|busy| value.with(|v| v.as_ref().is_some_and(|v| busy(v))))
        })
    });
    let fresh = options.fresh;
    let every =
        Signal::derive(move || if busy.get() { BUSY_POLL_MS } else { auto_refresh.get() * 1000 });
    let active = Signal::derive(move || busy.get() || (fresh && auto_refresh.get() > 0));
    let ticks = StoredValue::new(0u32);
    use_poll(active, every, move || {
        // After failures, busy polling slows down: every 2nd, 4th, 8th tick.
        let n = ticks.get_value().wrapping_add(1);
        ticks.set_value(n);
        if n % (1 << failures.get_value().min(3)) == 0 {
            data.refresh();
        }
    });

    if fresh {
        let seen_again = move || {
            if page_visible() && js_sys::Date::now() - asked_last.get_value() >= REFOCUS_AFTER_MS {
                data.refresh();
            }
        };
        let focus = window_event_listener(leptos::ev::focus, move |_| seen_again());
        let shown_again =
            window_event_listener(leptos::ev::visibilitychange, move |_| seen_again());
        on_cleanup(move || {
            focus.remove();
            shown_again.remove();
        });
    }
    data
}

/// The user's auto-refresh interval in seconds (0: off), remembered per
/// browser and shared by every page. Provided at the root.
#[derive(Clone, Copy)]
pub struct AutoRefresh(RwSignal<u32>);

impl AutoRefresh {
    /// The stored choice, or off when there is none or it is not one of ours.
    pub fn restore() -> Self {
        let stored: u32 =
            storage::read(Store::Browser, crate::storage::keys::AUTO_REFRESH).unwrap_or(0);
        let known = AUTO_REFRESH_CHOICES.iter().any(|(s, _)| *s == stored);
        Self(RwSignal::new(if known { stored } else { 0 }))
    }

    pub fn seconds(self) -> Signal<u32> {
        self.0.into()
    }

    /// Sets one of [`AUTO_REFRESH_CHOICES`] and remembers it in this browser.
    pub fn set(self, seconds: u32) {
        if AUTO_REFRESH_CHOICES.iter().any(|(s, _)| *s == seconds) {
            storage::write(Store::Browser, crate::storage::keys::AUTO_REFRESH, &seconds);
            self.0.set(seconds);
        }
    }
}

pub fn use_auto_refresh() -> AutoRefresh {
    // The root provides it: a second instance would be a second state, so a
    // missing provider is a bug that ends the app where a test sees it.
    expect_context::<AutoRefresh>()
}
