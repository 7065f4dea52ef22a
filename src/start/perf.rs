//! Performance marks that benchmarks and browser tools read: `performance.mark`
//! is cheap, so the marks are always on.

/// The app has mounted over the static shell.
pub const APP_MOUNTED: &str = "vmdeck:app-mounted";
/// The VM table shows a page of rows (after the first load and after each new page).
pub const VM_TABLE_RENDERED: &str = "vmdeck:vm-table-rendered";

/// A part of the panel has arrived: this followed by the part's module name.
pub const PART_LOADED: &str = "vmdeck:part-loaded:";

/// Marks the moment, replacing the previous mark of that name: a panel left
/// open all day keeps one entry per name, not one per page shown.
pub fn mark(name: &str) {
    if let Some(performance) = web_sys::window().and_then(|w| w.performance()) {
        performance.clear_marks_with_mark_name(name);
        let _ = performance.mark(name);
    }
}
