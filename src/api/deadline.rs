//! The one time limit on a request of the panel, to the API or for a file
//! of its own: when it is up, the request is aborted (not merely no longer
//! awaited), and the caller can tell that from a failure of its own.

use std::cell::Cell;
use std::rc::Rc;

pub struct Deadline {
    controller: web_sys::AbortController,
    passed: Rc<Cell<bool>>,
    /// Dropped with the deadline (the request is over): the timer is cancelled.
    _timer: gloo_timers::callback::Timeout,
}

impl Deadline {
    /// A limit of `ms` from now; `None` where the browser cannot abort a request.
    pub fn new(ms: u32) -> Option<Self> {
        let controller = web_sys::AbortController::new().ok()?;
        let passed = Rc::new(Cell::new(false));
        let timer = {
            let (controller, passed) = (controller.clone(), Rc::clone(&passed));
            gloo_timers::callback::Timeout::new(ms, move || {
                passed.set(true);
                controller.abort();
            })
        };
        Some(Self { controller, passed, _timer: timer })
    }

    /// For the request's `signal`.
    pub fn signal(&self) -> web_sys::AbortSignal {
        self.controller.signal()
    }

    /// Whether the time ran out (and so the request was aborted).
    pub fn passed(&self) -> bool {
        self.passed.get()
    }
}
