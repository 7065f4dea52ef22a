//! What the boot script leaves on `window` for the panel, found by the
//! names the core gives them (`vmdeck_core::boot::hooks`).

use wasm_bindgen::JsCast;

/// What the boot script left on `window` under `name`, if it is there and
/// of the kind asked for.
pub fn boot_hook<T: JsCast>(name: &str) -> Option<T> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &name.into()).ok()?.dyn_into().ok()
}
