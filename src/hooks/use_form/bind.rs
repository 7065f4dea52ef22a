//! The controls of a form: a text control or a checkbox bound to one of
//! its fields, with its element id, value, edits and message.

use super::{press, Form};
use leptos::prelude::*;
use std::sync::Arc;

/// One text control bound to a field of a form.
#[derive(Clone)]
pub struct Bound {
    /// The control's element id.
    pub id: String,
    pub value: Signal<String>,
    /// An edit: the value changes and the service's old word on it goes.
    pub input: Callback<String>,
    /// The user left the control (or chose in it): its message shows from now.
    pub leave: Callback<()>,
    pub message: Signal<Option<String>>,
}

/// One checkbox bound to a field of a form.
#[derive(Clone)]
pub struct BoundFlag {
    pub id: String,
    pub checked: Signal<bool>,
    pub change: Callback<bool>,
}

impl<F: Clone + PartialEq + Send + Sync + 'static> Form<F> {
    /// A text control for `field`: its value, edits, leaving and message.
    pub fn bind(
        self,
        field: impl Into<String>,
        get: impl Fn(&F) -> String + Send + Sync + 'static,
        set: impl Fn(&mut F, String) + Send + Sync + 'static,
    ) -> Bound {
        let field: String = field.into();
        self.shown.update_value(|s| {
            s.insert(field.clone());
        });
        let shown = self.shown;
        let gone = field.clone();
        on_cleanup(move || {
            shown.try_update_value(|s| s.remove(&gone));
        });
        let (edited, left) = (field.clone(), field.clone());
        let set = Arc::new(set);
        Bound {
            id: format!("{}-{}", self.prefix, field.replace(['.', '_'], "-")),
            value: Signal::derive(move || self.value.with(|v| get(v))),
            input: Callback::new(move |text: String| {
                let set = Arc::clone(&set);
                self.edit(&edited, move |v| set(v, text));
            }),
            leave: Callback::new(move |()| {
                let left = left.clone();
                // Left by pressing a submit that empties the form: the empty field is new, not left.
                let at = self.starts.get_value();
                press::after_press(move || {
                    if self.starts.try_get_value() == Some(at) {
                        self.touch(&left);
                    }
                });
            }),
            message: self.message(field),
        }
    }

    /// A text control for a `String` field of the form, named by its
    /// accessors (`|f| &f.hostname`, `|f| &mut f.hostname`).
    pub fn text(
        self,
        field: impl Into<String>,
        get: fn(&F) -> &String,
        set: fn(&mut F) -> &mut String,
    ) -> Bound {
        self.bind(field, move |f| get(f).clone(), move |f, v| *set(f) = v)
    }

    /// A checkbox for `field`: checking it is an edit and a touch at once.
    pub fn bind_flag(
        self,
        field: &'static str,
        get: fn(&F) -> bool,
        set: fn(&mut F, bool),
    ) -> BoundFlag {
        BoundFlag {
            id: format!("{}-{}", self.prefix, field.replace(['.', '_'], "-")),
            checked: Signal::derive(move || self.value.with(get)),
            change: Callback::new(move |on: bool| {
                self.edit(field, |v| set(v, on));
                self.touch(field);
            }),
        }
    }
}
