//! A field's message waits for a press to end. Pressing another control
//! (the submit button, say) takes the focus from the field first; were its
//! message shown at once, it would push that control from under the
//! pointer before the press ends, and the click would land on nothing.

use std::cell::{Cell, RefCell};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

thread_local! {
    static LISTENING: Cell<bool> = const { Cell::new(false) };
    static DOWN: Cell<bool> = const { Cell::new(false) };
    static AFTER: RefCell<Vec<Box<dyn FnOnce()>>> = RefCell::new(Vec::new());
}

/// Follows presses on the whole page, once.
pub(super) fn listen() {
    if LISTENING.with(|l| l.replace(true)) {
        return;
    }
    let Some(window) = web_sys::window() else { return };
    let down = Closure::<dyn Fn()>::new(|| DOWN.with(|d| d.set(true)));
    let up = Closure::<dyn Fn()>::new(|| {
        DOWN.with(|d| d.set(false));
        // After the click this press makes, which follows in the same task.
        let waiting = AFTER.with(|a| std::mem::take(&mut *a.borrow_mut()));
        if !waiting.is_empty() {
            gloo_timers::callback::Timeout::new(0, move || {
                waiting.into_iter().for_each(|run| run())
            })
            .forget();
        }
    });
    for (event, handler) in [("pointerdown", &down), ("pointerup", &up), ("pointercancel", &up)] {
        let _ = window.add_event_listener_with_callback_and_bool(
            event,
            handler.as_ref().unchecked_ref(),
            true,
        );
    }
    // They serve as long as the page.
    down.forget();
    up.forget();
}

/// Runs `show` now, or once the press under way has ended.
pub(super) fn after_press(show: impl FnOnce() + 'static) {
    if DOWN.with(Cell::get) {
        AFTER.with(|a| a.borrow_mut().push(Box::new(show)));
    } else {
        show();
    }
}
