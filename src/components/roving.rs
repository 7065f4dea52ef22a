//! One tab stop for a row of like controls (the list's sort headings): the
//! Tab key reaches one of them, ←/→, Home and End move among the others.

use wasm_bindgen::JsCast;

/// Moves the focus from the control `ev` was pressed on to its neighbour
/// among the `selector` controls of the same table row; true when the key
/// was one of these (the caller then keeps the browser from scrolling).
pub fn move_in_row(ev: &web_sys::KeyboardEvent, selector: &str) -> bool {
    let by: isize = match ev.key().as_str() {
        "ArrowRight" => 1,
        "ArrowLeft" => -1,
        "Home" => isize::MIN,
        "End" => isize::MAX,
        _ => return false,
    };
    let Some(current) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let Ok(Some(row)) = current.closest("tr") else { return false };
    let Ok(found) = row.query_selector_all(selector) else { return false };
    let controls: Vec<web_sys::HtmlElement> =
        (0..found.length()).filter_map(|i| found.item(i)?.dyn_into().ok()).collect();
    let Some(at) = controls.iter().position(|c| c.is_same_node(Some(&current))) else {
        return false;
    };
    let last = controls.len().saturating_sub(1);
    let next = match by {
        isize::MIN => 0,
        isize::MAX => last,
        by => at.saturating_add_signed(by).min(last),
    };
    if let Some(control) = controls.get(next) {
        let _ = control.focus();
    }
    true
}
