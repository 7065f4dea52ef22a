//! The page the server sent (the build's static pages, `first-paint/`):
//! what was typed into its login form before the app arrived. The app reads
//! it as it takes the page over, and its own form starts from it, with the
//! caret where it was: nothing typed early is lost.

use std::cell::RefCell;
use vmdeck_core::login::{LoginForm, Way};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement};

/// What the static login form held.
#[derive(Clone, Debug, Default)]
pub struct TypedLogin {
    pub base_url: Option<String>,
    /// The way chosen in its switch, where it had one.
    pub way: Option<Way>,
    /// The fields of [`FIELDS`] after the address, in order.
    pub typed: [String; 5],
    pub remember: bool,
}

impl TypedLogin {
    /// Puts what was typed into the app's form.
    pub fn fill(self, form: &mut LoginForm) {
        let [email, password, key, account, token] = self.typed;
        if let Some(base_url) = self.base_url {
            form.base_url = base_url;
        }
        form.way = self.way.unwrap_or(form.way);
        (form.email, form.password, form.key, form.account, form.token) =
            (email, password, key, account, token);
        form.remember = self.remember;
    }
}

/// The field that had the focus: its name in the app's form, and the selection.
struct Focus {
    field: &'static str,
    selection: Option<(u32, u32)>,
}

thread_local! {
    static TYPED: RefCell<Option<TypedLogin>> = const { RefCell::new(None) };
    static FOCUS: RefCell<Option<Focus>> = const { RefCell::new(None) };
}

/// The static form's fields: their name in the app's form (and the app's
/// element id after `login-`), and their static element id.
const FIELDS: [(&str, &str); 6] = [
    ("base_url", "first-paint-base-url"),
    ("email", "first-paint-email"),
    ("password", "first-paint-password"),
    ("key", "first-paint-key"),
    ("account", "first-paint-account"),
    ("token", "first-paint-token"),
];

fn input(root: &Element, selector: &str) -> Option<HtmlInputElement> {
    root.query_selector(selector).ok().flatten()?.dyn_into().ok()
}

/// Reads the static login form in `root`, if there is one, before the app replaces it.
pub fn take_over(root: &Element) {
    let Some(form) = root.query_selector("form[data-first-paint=\"login\"]").ok().flatten() else {
        return;
    };
    let value = |id: &str| input(&form, &format!("#{id}")).map(|i| i.value()).unwrap_or_default();
    let remember = input(&form, "input[name=\"remember\"]").is_some_and(|i| i.checked());
    let [base_url, email, password, key, account, token] = FIELDS.map(|(_, id)| value(id));
    let way = [Way::Password, Way::ApiKey, Way::Token].into_iter().find(|way| {
        input(&form, &format!("#first-paint-way-{}", way.key())).is_some_and(|i| i.checked())
    });
    let focused = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
    let focus = FIELDS.iter().find_map(|(field, id)| {
        let element = focused.as_ref().filter(|el| el.id() == *id)?;
        let selection = element
            .dyn_ref::<HtmlInputElement>()
            .and_then(|i| Some((i.selection_start().ok()??, i.selection_end().ok()??)));
        Some(Focus { field, selection })
    });
    let typed = TypedLogin {
        base_url: Some(base_url).filter(|b| !b.is_empty()),
        way,
        typed: [email, password, key, account, token],
        remember,
    };
    TYPED.with(|t| *t.borrow_mut() = Some(typed));
    FOCUS.with(|f| *f.borrow_mut() = focus);
}

/// What the static login form held, once: for the login form to start from.
pub fn typed_login() -> Option<TypedLogin> {
    TYPED.with(|t| t.borrow_mut().take())
}

/// Puts the focus back into the field that had it in the static form, with
/// its selection: for the login page, once it has drawn its form.
pub fn restore_focus() {
    let Some(focus) = FOCUS.with(|f| f.borrow_mut().take()) else { return };
    let id = format!("login-{}", focus.field.replace('_', "-"));
    let Some(field) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&id))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    let _ = field.focus();
    if let Some((start, end)) = focus.selection {
        let _ = field.set_selection_range(start, end);
    }
}
