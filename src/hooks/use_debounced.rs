//! Work that follows typing at a pace, not at every key: a search as the
//! user types. One value waits at a time; a newer one takes its place (the
//! timer of the one before is dropped, and a dropped timer never fires), and
//! a component gone takes its waiting value with it.

use gloo_timers::callback::Timeout;
use leptos::callback::{Callable, UnsyncCallback};
use leptos::prelude::*;

/// When a value goes to the work.
#[derive(Clone, Copy)]
pub enum Pace {
    /// Once typing pauses this many milliseconds: each new value waits
    /// again, so only the last one goes.
    AfterPause(u32),
    /// At most once per this many milliseconds: a value after a quiet
    /// interval goes at once, the latest of the ones typed since goes when
    /// the interval is up, so the work is never more than this behind.
    AtMostEvery(u32),
}

/// Values handed to the work at a [`Pace`]; `Copy`, to move into handlers.
pub struct Debounced<T: 'static> {
    pace: Pace,
    work: UnsyncCallback<T>,
    waiting: StoredValue<Option<Timeout>, LocalStorage>,
    /// When the work last had a value (`Date.now()`).
    last_run: StoredValue<f64, LocalStorage>,
}

impl<T: 'static> Clone for Debounced<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: 'static> Copy for Debounced<T> {}

impl<T: 'static> Debounced<T> {
    /// Hands `value` to the work at the pace, in place of any value waiting.
    pub fn call(self, value: T) {
        let wait = match self.pace {
            Pace::AfterPause(ms) => f64::from(ms),
            Pace::AtMostEvery(ms) => {
                let since = js_sys::Date::now()
                    - self.last_run.try_get_value().unwrap_or(f64::NEG_INFINITY);
                f64::from(ms) - since
            }
        };
        if wait <= 0.0 {
            self.now(value);
        } else {
            let timer = Timeout::new(wait.ceil() as u32, move || self.now(value));
            self.waiting.set_value(Some(timer));
        }
    }

    /// Hands `value` to the work at once (a search asked for with Enter),
    /// dropping any value waiting; it counts for the pace as any other.
    pub fn now(self, value: T) {
        self.waiting.set_value(None);
        self.last_run.set_value(js_sys::Date::now());
        self.work.try_run(value);
    }
}

/// `work`, handed values at `pace` by [`Debounced::call`].
///
/// ## Usage
/// ```ignore
/// let searched = RwSignal::new(String::new());
/// let search = use_debounced(Pace::AfterPause(150), move |text| searched.set(text));
/// let on_input = move |ev| search.call(event_target_value(&ev));
/// ```
pub fn use_debounced<T: 'static>(pace: Pace, work: impl Fn(T) + 'static) -> Debounced<T> {
    Debounced {
        pace,
        work: UnsyncCallback::new(work),
        waiting: StoredValue::new_local(None),
        last_run: StoredValue::new_local(f64::NEG_INFINITY),
    }
}
