use gloo_timers::callback::Interval;
use leptos::prelude::*;

/// How often a VM that is busy is looked at again: the one interval of the
/// panel's busy polling (the list, the VM page and the task tray).
pub const BUSY_POLL_MS: u32 = 2_000;

/// The app's one polling mechanism: calls `tick` every `interval_ms` while
/// `active` says so and the page is visible. A hidden tab polls nothing and
/// catches up with one tick when it is shown again; a new interval takes
/// effect at once; leaving the component stops it.
///
/// ## Usage
/// ```ignore
/// let busy = Memo::new(move |_| vm.with(|vm| vm.locked));
/// use_poll(busy, BUSY_POLL_MS, move || data.refresh());
/// ```
pub fn use_poll(
    active: impl Into<Signal<bool>>,
    interval_ms: impl Into<Signal<u32>>,
    tick: impl Fn() + Clone + 'static,
) {
    use_poll_with_options(active, interval_ms, tick, UsePollOptions::default());
}

/// Options of [`use_poll_with_options`].
#[derive(Clone, Copy, Default)]
pub struct UsePollOptions {
    while_hidden: Option<Signal<bool>>,
}

impl UsePollOptions {
    /// Goes on in a hidden tab while `on` says so (tasks to follow for a
    /// notification); otherwise a hidden tab polls nothing.
    pub fn while_hidden(mut self, on: impl Into<Signal<bool>>) -> Self {
        self.while_hidden = Some(on.into());
        self
    }
}

/// [`use_poll`], with [`UsePollOptions`].
pub fn use_poll_with_options(
    active: impl Into<Signal<bool>>,
    interval_ms: impl Into<Signal<u32>>,
    tick: impl Fn() + Clone + 'static,
    options: UsePollOptions,
) {
    let active = active.into();
    let interval_ms = interval_ms.into();
    let visible = use_page_visible();
    let timer = StoredValue::new_local(None::<Interval>);

    Effect::new(move |before: Option<(bool, bool, u32)>| {
        let shown = visible.get();
        let every = interval_ms.get().max(1);
        let run = active.get() && (shown || options.while_hidden.is_some_and(|on| on.get()));
        let (was_running, was_shown, was_every) = before.unwrap_or((false, shown, every));
        if run && (!was_running || every != was_every) {
            // Back on a tab that was hidden with work pending: look now, not in a while.
            if !was_shown {
                tick();
            }
            let tick = tick.clone();
            timer.set_value(Some(Interval::new(every, tick)));
        } else if !run && was_running {
            timer.set_value(None);
        }
        (run, shown, every)
    });

    on_cleanup(move || timer.set_value(None));
}

/// Whether the page is visible (not a hidden tab or a minimised window),
/// kept up to date while the component lives.
pub fn use_page_visible() -> Signal<bool> {
    let visible = RwSignal::new(page_visible());
    let listener =
        window_event_listener(leptos::ev::visibilitychange, move |_| visible.set(page_visible()));
    on_cleanup(move || listener.remove());
    visible.into()
}

pub fn page_visible() -> bool {
    document().visibility_state() != web_sys::VisibilityState::Hidden
}
