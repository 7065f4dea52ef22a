//! The one form mechanism of the panel. Every form holds what is typed in a
//! [`Form`], shows its messages by the same rule (`vmdeck_core::forms`),
//! sends one submit at a time, puts the service's refusals at the fields
//! they name, can keep a draft in this tab per account (`draft.rs`), and
//! asks before the user leaves a page with unsent input (`leave_guard.rs`).
//! Its controls, each bound to a field, are in `bind.rs`.

mod bind;
mod draft;
mod leave_guard;
pub use leave_guard::leave_forgetting_unsent;
mod press;

pub use bind::{Bound, BoundFlag};
use draft::Draft;
use leave_guard::{install_leave_guard, mark_unsent, next_form_id};
use leptos::html;
use leptos::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;
use vmdeck_core::forms::{FieldErrors, FormState};
use vmdeck_core::ApiError;
use wasm_bindgen::JsCast;

type Check<F> = Arc<dyn Fn(&F) -> FieldErrors + Send + Sync>;
type FieldFor<F> = Arc<dyn Fn(&F, &str) -> Option<String> + Send + Sync>;
/// The options of [`use_form_with_options`].
pub struct UseFormOptions<F> {
    check: Check<F>,
    field_for: Option<FieldFor<F>>,
    draft: Option<Draft<F>>,
    pending: Option<Signal<bool>>,
}

impl<F> Default for UseFormOptions<F> {
    fn default() -> Self {
        Self {
            check: Arc::new(|_| FieldErrors::default()),
            field_for: None,
            draft: None,
            pending: None,
        }
    }
}

impl<F: 'static> UseFormOptions<F> {
    /// The form's own checks.
    pub fn check(mut self, check: impl Fn(&F) -> FieldErrors + Send + Sync + 'static) -> Self {
        self.check = Arc::new(check);
        self
    }

    /// Maps the API's name of a field to the form's key for it (`None`: the
    /// message goes to the top). Without it, a field goes where a control of
    /// that key is on screen.
    pub fn field_for(
        mut self,
        field_for: impl Fn(&F, &str) -> Option<String> + Send + Sync + 'static,
    ) -> Self {
        self.field_for = Some(Arc::new(field_for));
        self
    }

    /// A request of this form is on its way (e.g. an operation's): no second submit.
    pub fn pending(mut self, pending: impl Into<Signal<bool>>) -> Self {
        self.pending = Some(pending.into());
        self
    }
}

/// A form: what is typed (`value`) and where it stands. Copy it freely.
pub struct Form<F: Send + Sync + 'static> {
    /// Prefix of the form's element ids: `<prefix>-form`, and for each
    /// control `<prefix>-<field>` with `_` and `.` written `-` (the one rule:
    /// a test or a label finds a control from its form and field names).
    pub prefix: &'static str,
    value: RwSignal<F>,
    state: RwSignal<FormState>,
    problems: Memo<FieldErrors>,
    initial: StoredValue<F>,
    pending: Signal<bool>,
    restored: RwSignal<bool>,
    /// Keys of the fields with a control on screen.
    shown: StoredValue<BTreeSet<String>>,
    field_for: StoredValue<Option<FieldFor<F>>>,
    draft: StoredValue<Option<Draft<F>>>,
    /// How many times the form started over after a submit was done or a
    /// draft discarded: a field left before that is not touched after it.
    starts: StoredValue<u64>,
    pub(crate) node: NodeRef<html::Form>,
}

impl<F: Send + Sync + 'static> Clone for Form<F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F: Send + Sync + 'static> Copy for Form<F> {}

/// A form whose value starts as `initial`, with its options.
///
/// ## Usage
/// ```ignore
/// let form = use_form_with_options("edit", original, UseFormOptions::default()
///     .check(move |f: &EditVmForm| f.errors(&before))
///     .draft(&format!("edit.{vm}"), EditVmForm::clone)
///     .pending(op.pending()));
/// view! {
///     <FormView form=form on_submit=Callback::new(move |f| op.submit(form, f.changes()))>
///         <TextField bound=form.text("hostname", |f| &f.hostname, |f| &mut f.hostname) label=c::HOSTNAME.get()/>
///         <SubmitButton form=form id="confirm-action" label=c::SAVE.get()/>
///     </FormView>
/// }
/// ```
pub fn use_form_with_options<F>(
    prefix: &'static str,
    initial: F,
    options: UseFormOptions<F>,
) -> Form<F>
where
    F: Clone + PartialEq + Send + Sync + 'static,
{
    let UseFormOptions { check, field_for, draft, pending } = options;
    let stored = draft.as_ref().and_then(|d| d.restore(&initial));
    let restored = RwSignal::new(stored.is_some());
    let value = RwSignal::new(stored.unwrap_or_else(|| initial.clone()));
    let problems = Memo::new(move |_| value.with(|v| check(v)));
    let form = Form {
        prefix,
        value,
        state: RwSignal::new(FormState::default()),
        problems,
        initial: StoredValue::new(initial),
        pending: pending.unwrap_or_else(|| Signal::derive(|| false)),
        restored,
        shown: StoredValue::new(BTreeSet::new()),
        field_for: StoredValue::new(field_for),
        draft: StoredValue::new(draft),
        starts: StoredValue::new(0),
        node: NodeRef::new(),
    };

    // Keep the draft and the page's "unsent input" mark in step with the value.
    let id = next_form_id();
    install_leave_guard();
    press::listen();
    Effect::new(move || {
        let dirty = form.dirty();
        mark_unsent(id, dirty);
        form.draft.with_value(|draft| {
            if let Some(draft) = draft {
                value.with(|typed| {
                    form.initial.with_value(|initial| draft.keep_in_step(initial, typed, dirty))
                });
            }
        });
    });
    on_cleanup(move || mark_unsent(id, false));
    form
}

impl<F: Clone + PartialEq + Send + Sync + 'static> Form<F> {
    /// What is typed (tracked).
    pub fn with<T>(self, read: impl FnOnce(&F) -> T) -> T {
        self.value.with(read)
    }

    pub fn with_untracked<T>(self, read: impl FnOnce(&F) -> T) -> T {
        self.value.with_untracked(read)
    }

    /// Whether what is typed differs from where the form started.
    pub fn dirty(self) -> bool {
        self.value.with(|v| self.initial.with_value(|i| v != i))
    }

    /// A request of this form is on its way.
    pub fn pending(self) -> Signal<bool> {
        self.pending
    }

    /// The form came back from a draft (until discarded or sent).
    pub fn restored(self) -> bool {
        self.restored.get()
    }

    /// Changes `field`: the value, and the service's word on it is void.
    pub fn edit(self, field: &str, change: impl FnOnce(&mut F)) {
        self.value.update(change);
        if self.state.with_untracked(|s| s.has_server_message(field)) {
            self.state.update(|s| s.edited(field));
        }
    }

    /// The user left `field` (or chose in it).
    pub fn touch(self, field: &str) {
        // `try_`: a touch that waited for a press may come after the form is gone.
        if self.state.try_with_untracked(|s| !s.is_touched(field)) == Some(true) {
            self.state.try_update(|s| s.touch(field));
        }
    }

    /// The message `field` shows now, if any.
    pub fn message(self, field: impl Into<String>) -> Signal<Option<String>> {
        let field = field.into();
        let state = self.state;
        let problems = self.problems;
        Signal::derive(move || problems.with(|p| state.with(|s| s.message(&field, p))))
    }

    /// The value as it would be sent, while the form's own checks pass.
    pub fn checked(self) -> Option<F> {
        self.problems.with(|p| p.is_empty()).then(|| self.value.get())
    }

    /// The form's own problems, whether shown yet or not.
    pub fn problem_count(self) -> usize {
        self.problems.with(|p| p.len())
    }

    /// A submit was tried and the form's own checks still fail.
    pub fn held_back(self) -> bool {
        self.state.with(FormState::submitted) && self.problem_count() > 0
    }

    /// What the service said that belongs to no field.
    pub fn top(self) -> Option<ApiError> {
        self.state.with(|s| s.top().cloned())
    }

    /// Tries a submit: the value to send when the form's checks pass and no
    /// request is on its way; otherwise `None`, with every message shown
    /// and the focus on the first bad field.
    pub fn submit(self) -> Option<F> {
        if self.pending.get_untracked() {
            return None;
        }
        self.state.update(FormState::tried);
        if self.problems.with_untracked(|p| p.is_empty()) {
            Some(self.value.get_untracked())
        } else {
            focus_first_invalid(self.node);
            None
        }
    }

    /// The outcome of a submit. Done: the draft goes and the form starts
    /// over from `initial`. Refused: the messages go where they belong; a
    /// refused token keeps the draft for after the next login. Safe to call
    /// once the form has left the page (a dialog closed first).
    pub fn settled(self, result: Result<(), &ApiError>) {
        match result {
            Ok(()) => {
                if let Some(Some(draft)) = self.draft.try_get_value() {
                    draft.forget();
                }
                self.restored.try_set(false);
                if let Some(initial) = self.initial.try_get_value() {
                    self.value.try_set(initial);
                }
                self.state.try_update(FormState::done);
                self.starts.try_update_value(|n| *n += 1);
            }
            Err(error) => {
                let (Some(field_for), Some(shown)) =
                    (self.field_for.try_get_value(), self.shown.try_get_value())
                else {
                    return;
                };
                let Some(value) = self.value.try_get_untracked() else { return };
                let shows = |field: &str| match &field_for {
                    Some(map) => map(&value, field),
                    None => shown.contains(field).then(|| field.to_owned()),
                };
                self.state.try_update(|s| s.refused(error.clone(), shows));
                focus_first_invalid(self.node);
            }
        }
    }

    /// Throws the draft away: the form is as it started.
    pub fn discard(self) {
        if let Some(draft) = self.draft.get_value() {
            draft.forget();
        }
        self.restored.set(false);
        self.value.set(self.initial.get_value());
        self.state.update(FormState::done);
        self.starts.update_value(|n| *n += 1);
    }

    /// A removable row went: none of its messages may stay behind.
    pub fn forget_row(self, row: u32) {
        self.state.update(|s| s.forget_row(row));
    }

    /// Starts the form over from a new value (e.g. what the service holds
    /// now), unless the user has typed something.
    pub fn start_from(self, initial: F) {
        let untouched = !self.dirty_untracked();
        self.initial.set_value(initial.clone());
        if untouched {
            self.value.set(initial);
        } else {
            // What is typed may now be where the form starts: whatever
            // compares the two (the unsent-input mark, the draft) looks again.
            self.value.update(|_| {});
        }
    }

    fn dirty_untracked(self) -> bool {
        self.value.with_untracked(|v| self.initial.with_value(|i| v != i))
    }
}

/// Focuses the first control marked invalid, once the marks are drawn.
fn focus_first_invalid(node: NodeRef<html::Form>) {
    request_animation_frame(move || {
        let Some(form) = node.try_get_untracked().flatten() else { return };
        if let Ok(Some(el)) = form.query_selector("[aria-invalid='true']") {
            if let Some(el) = el.dyn_ref::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        }
    });
}
