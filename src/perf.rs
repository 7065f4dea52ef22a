//! Performance marks that benchmarks and browser tools read: `performance.mark`
//! is cheap, so the marks are always on.

/// The app has mounted over the static shell.
pub const APP_MOUNTED: &str = "vmdeck:app-mounted";
/// The VM table shows a page of rows (after the first load and after each new page).
pub const VM_TABLE_RENDERED: &str = "vmdeck:vm-table-rendered";

pub fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        let _ = performance.mark(name);
    }
}
