//! The controls of the one form mechanism (`hooks::use_form`): each shows
//! its label, hint and message the same way, and marks itself invalid.

use crate::hooks::{Bound, BoundFlag};
use leptos::prelude::*;
use vmdeck_core::deploy::Choice;
use vmdeck_core::i18n::shell as t;

/// A form field: its label, the control (the children), a hint, and the
/// message of what is wrong with it. The control should carry `id=for_id`
/// and `aria-describedby=described_by(for_id, error, has_hint)`.
#[component]
pub fn Field(
    /// The label's text.
    #[prop(into)]
    label: String,
    /// The id of the control the label is for.
    #[prop(into)]
    for_id: String,
    /// What is wrong with the value, if anything.
    #[prop(optional, into)]
    error: MaybeProp<String>,
    /// A line of help under the control.
    #[prop(optional)]
    hint: &'static str,
    children: Children,
) -> impl IntoView {
    let error_id = format!("{for_id}-error");
    let hint_id = format!("{for_id}-hint");
    view! {
        <div class="field">
            <label for=for_id>{label}</label>
            {children()}
            {(!hint.is_empty()).then(|| view! { <p class="hint" id=hint_id>{hint}</p> })}
            {move || error.get().map(|message| view! { <p class="field-error" id=error_id.clone()>{message}</p> })}
        </div>
    }
}

/// The `aria-describedby` of the control in a [`Field`]: its error while it
/// shows, then its hint. Only ids that are on the page: a reference to a
/// missing element is invalid ARIA and leaves a screen reader nothing to read.
pub fn described_by(
    id: impl Into<String>,
    error: Signal<Option<String>>,
    has_hint: bool,
) -> impl Fn() -> Option<String> + Send + Sync + 'static {
    let id = id.into();
    move || match (error.with(Option::is_some), has_hint) {
        (true, true) => Some(format!("{id}-error {id}-hint")),
        (true, false) => Some(format!("{id}-error")),
        (false, true) => Some(format!("{id}-hint")),
        (false, false) => None,
    }
}

/// `aria-invalid` of a bound control.
fn invalid(bound: &Bound) -> impl Fn() -> &'static str + Send + Sync + 'static {
    let message = bound.message;
    move || if message.with(Option::is_some) { "true" } else { "false" }
}

/// A labelled text input bound to a field of a form.
#[component]
pub fn TextField(
    bound: Bound,
    #[prop(into)] label: String,
    #[prop(optional)] hint: &'static str,
    #[prop(optional)] numeric: bool,
    /// The keyboard a phone shows, where it is neither text nor digits ("url").
    #[prop(optional)]
    input_mode: Option<&'static str>,
    #[prop(optional)] placeholder: &'static str,
    /// For the browser's password manager (the login): the field's `name`
    /// and `autocomplete`, which are off elsewhere.
    #[prop(optional)]
    name: Option<&'static str>,
    #[prop(optional)] autocomplete: Option<&'static str>,
) -> impl IntoView {
    let Bound { id, value, input, leave, message } = bound.clone();
    view! {
        <Field label=label for_id=id.clone() error=message hint=hint>
            <input
                id=id.clone()
                name=name
                type="text"
                inputmode=input_mode.unwrap_or(if numeric { "numeric" } else { "text" })
                placeholder=placeholder
                autocomplete=autocomplete.unwrap_or("off")
                spellcheck="false"
                prop:value=move || value.get()
                on:input=move |ev| input.run(event_target_value(&ev))
                on:blur=move |_| leave.run(())
                aria-invalid=invalid(&bound)
                aria-describedby=described_by(id, message, !hint.is_empty())
            />
        </Field>
    }
}

/// A labelled textarea bound to a field of a form.
#[component]
pub fn TextAreaField(
    bound: Bound,
    #[prop(into)] label: String,
    #[prop(default = 2)] rows: u32,
) -> impl IntoView {
    let Bound { id, value, input, leave, message } = bound.clone();
    view! {
        <Field label=label for_id=id.clone() error=message>
            <textarea
                id=id.clone()
                rows=rows
                prop:value=move || value.get()
                on:input=move |ev| input.run(event_target_value(&ev))
                on:blur=move |_| leave.run(())
                aria-invalid=invalid(&bound)
                aria-describedby=described_by(id, message, false)
            ></textarea>
        </Field>
    }
}

/// A select's options that never change: (value, text).
pub fn fixed_options(
    list: &'static [(&'static str, &'static str)],
) -> Signal<Vec<(String, String)>> {
    Signal::derive(move || {
        list.iter().map(|(value, text)| ((*value).to_owned(), (*text).to_owned())).collect()
    })
}

/// A labelled select bound to a field: `options` are (value, text), with
/// an empty first choice when `empty` names one.
#[component]
pub fn SelectField(
    bound: Bound,
    #[prop(into)] label: String,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    #[prop(optional)] empty: &'static str,
    #[prop(optional)] hint: &'static str,
    /// The heading of each option, by its place: a run of options with one
    /// heading is an `<optgroup>`.
    #[prop(optional, into)]
    groups: Option<Signal<Vec<Option<String>>>>,
    /// Nothing to choose yet: the select is shown, disabled, saying so.
    #[prop(optional, into)]
    disabled: Signal<bool>,
) -> impl IntoView {
    let Bound { id, value, input, leave, message } = bound.clone();
    let option = move |(option, text): (String, String)| {
        let this = option.clone();
        view! { <option value=option selected=move || value.with(|v| *v == this)>{text}</option> }
    };
    view! {
        <Field label=label for_id=id.clone() error=message hint=hint>
            <select
                id=id.clone()
                disabled=move || disabled.get()
                on:change=move |ev| {
                    input.run(event_target_value(&ev));
                    leave.run(());
                }
                aria-invalid=invalid(&bound)
                aria-describedby=described_by(id, message, !hint.is_empty())
            >
                {(!empty.is_empty()).then(|| view! { <option value="" selected=move || value.with(String::is_empty)>{empty}</option> })}
                {move || {
                    let headings = groups.map(|g| g.get()).unwrap_or_default();
                    runs(options.get(), &headings).into_iter().map(|(heading, run)| match heading {
                        Some(heading) => view! { <optgroup label=heading>{run.into_iter().map(option).collect_view()}</optgroup> }.into_any(),
                        None => run.into_iter().map(option).collect_view().into_any(),
                    }).collect_view()
                }}
            </select>
        </Field>
    }
}

/// Options in runs of one heading, in their order.
type Runs = Vec<(Option<String>, Vec<(String, String)>)>;

fn runs(options: Vec<(String, String)>, headings: &[Option<String>]) -> Runs {
    let mut runs: Runs = Vec::new();
    for (i, option) in options.into_iter().enumerate() {
        let heading = headings.get(i).cloned().flatten();
        match runs.last_mut() {
            Some((last, run)) if *last == heading => run.push(option),
            _ => runs.push((heading, vec![option])),
        }
    }
    runs
}

/// A choice of what the provider offers (templates, networks from the
/// API; ISOs, locations from the deployment's catalogue), under their
/// headings; an id input when there is nothing to choose from.
#[component]
pub fn ChoiceField(
    bound: Bound,
    #[prop(into)] label: String,
    #[prop(into)] choices: Signal<Vec<Choice>>,
    /// The text of the empty choice, e.g. "Provider's default"; without it a choice is required.
    #[prop(optional)]
    empty: &'static str,
    /// The choices are still being read: a disabled select says so, rather
    /// than an id input that would give way to a select.
    #[prop(optional, into)]
    reading: Signal<bool>,
) -> impl IntoView {
    let has_choices = Memo::new(move |_| choices.with(|c| !c.is_empty()) || reading.get());
    move || {
        let bound = bound.clone();
        let label = label.clone();
        if has_choices.get() {
            let options = Signal::derive(move || {
                choices
                    .with(|c| c.iter().map(|c| (c.id.clone(), c.label.clone())).collect::<Vec<_>>())
            });
            let groups = Signal::derive(move || {
                choices.with(|c| c.iter().map(|c| c.group.clone()).collect())
            });
            let empty = if reading.get() {
                t::FORM_FIELD_READING_CHOICES.get()
            } else if empty.is_empty() {
                t::FORM_FIELD_CHOOSE.get()
            } else {
                empty
            };
            view! { <SelectField bound=bound label=label options=options empty=empty groups=groups disabled=reading/> }.into_any()
        } else {
            let hint = if empty.is_empty() { t::FORM_FIELD_ID_FROM_PROVIDER.get() } else { empty };
            view! { <TextField bound=bound label=label numeric=true hint=hint/> }.into_any()
        }
    }
}

/// A checkbox bound to a field, its label the children.
#[component]
pub fn CheckField(bound: BoundFlag, children: Children) -> impl IntoView {
    let BoundFlag { id, checked, change } = bound;
    view! {
        <label class="checkbox">
            <input type="checkbox" id=id prop:checked=move || checked.get() on:change=move |ev| change.run(event_target_checked(&ev))/>
            {children()}
        </label>
    }
}
