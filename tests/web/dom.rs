//! The page the tests mount into: a fresh element for each test, and its
//! elements read, typed into and clicked.

use wasm_bindgen::JsCast;

pub fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

/// A fresh element in the page for one test to mount into.
pub fn container() -> web_sys::HtmlElement {
    let el: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&el).unwrap();
    el
}

pub fn text_of(root: &web_sys::HtmlElement, selector: &str) -> Option<String> {
    root.query_selector(selector).unwrap().and_then(|el| el.text_content())
}

pub fn set_input(root: &web_sys::HtmlElement, selector: &str, value: &str) {
    let input: web_sys::HtmlInputElement =
        root.query_selector(selector).unwrap().unwrap().unchecked_into();
    input.set_value(value);
    input.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
}

pub fn click(root: &web_sys::HtmlElement, selector: &str) {
    let el: web_sys::HtmlElement = root.query_selector(selector).unwrap().unwrap().unchecked_into();
    el.click();
}
