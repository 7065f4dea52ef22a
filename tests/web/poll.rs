//! `use_poll`: ticking only while active, and at the interval it is given.

use crate::dom::container;
use leptos::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use wasm_bindgen_test::*;

async fn sleep(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

/// The count once it reaches `at_least`, or what it is after ten seconds: a
/// busy machine delays timers, so a count within a fixed time would be luck.
async fn ticks_reaching(ticks: &AtomicUsize, at_least: usize) -> usize {
    for _ in 0..500 {
        if ticks.load(Ordering::SeqCst) >= at_least {
            break;
        }
        sleep(20).await;
    }
    ticks.load(Ordering::SeqCst)
}

#[wasm_bindgen_test]
async fn use_poll_ticks_only_while_active_and_stops_when_unmounted() {
    let root = container();
    let ticks = Arc::new(AtomicUsize::new(0));
    let active = RwSignal::new(false);
    let counter = Arc::clone(&ticks);
    let app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        vmdeck::hooks::use_poll(active, 40, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        view! { <p>"polling"</p> }
    });
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), 0, "nothing while inactive");

    active.set(true);
    let while_active = ticks_reaching(&ticks, 3).await;
    assert!(while_active >= 3, "ticks while active: {while_active}");

    active.set(false);
    sleep(20).await;
    let stopped_at = ticks.load(Ordering::SeqCst);
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), stopped_at, "nothing after it became inactive");

    active.set(true);
    sleep(20).await;
    drop(app);
    let unmounted_at = ticks.load(Ordering::SeqCst);
    sleep(200).await;
    assert_eq!(ticks.load(Ordering::SeqCst), unmounted_at, "nothing after unmounting");
}

#[wasm_bindgen_test]
async fn use_poll_takes_a_new_interval_at_once() {
    let root = container();
    let ticks = Arc::new(AtomicUsize::new(0));
    let every = RwSignal::new(40u32);
    let counter = Arc::clone(&ticks);
    let _app = leptos::mount::mount_to(root.clone(), move || {
        let counter = Arc::clone(&counter);
        vmdeck::hooks::use_poll(true, every, move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        view! { <p>"polling"</p> }
    });
    let at_40_ms = ticks_reaching(&ticks, 3).await;
    assert!(at_40_ms >= 3, "ticks at 40 ms: {at_40_ms}");

    // An interval no test run outlasts: a tick after this is the old interval's.
    every.set(600_000);
    sleep(20).await;
    let slowed_at = ticks.load(Ordering::SeqCst);
    sleep(300).await;
    assert_eq!(ticks.load(Ordering::SeqCst), slowed_at, "no tick within the new, longer interval");
}
