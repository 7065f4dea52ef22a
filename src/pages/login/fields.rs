//! The login form's way switch and the fields of each way: what the chosen
//! way takes, and the two-factor code or the account id where the API asked
//! for them.

use crate::components::{described_by, Field, TextField, ToggleButton};
use crate::hooks::{Bound, Form};
use leptos::prelude::*;
use vmdeck_core::i18n::{common as c, shell as t};
use vmdeck_core::login::{LoginForm, LoginWays, Way};

fn way_label(way: Way) -> &'static str {
    match way {
        Way::Password => t::LOGIN_PASSWORD.get(),
        Way::ApiKey => t::LOGIN_API_KEY.get(),
        Way::Token => t::LOGIN_WAY_TOKEN.get(),
    }
}

/// The ways the deployment offers, as one row of choices; nothing when it
/// offers one.
#[component]
pub fn WaySwitch(form: Form<LoginForm>, ways: Memo<LoginWays>) -> impl IntoView {
    move || {
        let offered = ways.get().offered();
        (offered.len() > 1).then(|| {
            view! {
                <fieldset class="login-ways" id="login-ways">
                    <legend class="visually-hidden">{t::LOGIN_WAYS.get()}</legend>
                    {offered.into_iter().map(|way| view! {
                        <label class="login-way">
                            <input
                                type="radio"
                                name="login-way"
                                id=format!("login-way-{}", way.key())
                                prop:checked=move || form.with(|f| f.way == way)
                                on:change=move |_| form.edit("way", |f| f.way = way)
                            />
                            <span>{way_label(way)}</span>
                        </label>
                    }).collect_view()}
                </fieldset>
            }
        })
    }
}

/// A secret typed into the form, hidden unless the user shows it.
#[component]
fn SecretField(
    bound: Bound,
    label: &'static str,
    name: &'static str,
    autocomplete: &'static str,
) -> impl IntoView {
    let shown = RwSignal::new(false);
    let Bound { id, value, input, leave, message } = bound;
    view! {
        <Field label=label for_id=id.clone() error=message>
            <div class="input-with-button">
                <input
                    id=id.clone()
                    name=name
                    type=move || if shown.get() { "text" } else { "password" }
                    autocomplete=autocomplete
                    spellcheck="false"
                    prop:value=move || value.get()
                    on:input=move |ev| input.run(event_target_value(&ev))
                    on:blur=move |_| leave.run(())
                    aria-invalid=move || message.with(Option::is_some).to_string()
                    aria-describedby=described_by(id.clone(), message, false)
                />
                <button type="button" class="button button-quiet" aria-pressed=move || shown.get().to_string() on:click=move |_| shown.update(|s| *s = !*s)>
                    {move || if shown.get() { c::HIDE.get() } else { c::SHOW.get() }}
                </button>
            </div>
        </Field>
    }
}

/// The fields of the chosen way.
#[component]
pub fn LoginFields(
    form: Form<LoginForm>,
    code_shown: RwSignal<bool>,
    account_asked: RwSignal<bool>,
    provider: Signal<String>,
) -> impl IntoView {
    let way = Memo::new(move |_| form.with(|f| f.way));
    let account = move || view! { <TextField bound=form.text("account", |f| &f.account, |f| &mut f.account) label=t::LOGIN_ACCOUNT_ID.get() name="account" numeric=true autocomplete="off"/> };
    move || {
        match way.get() {
        Way::Password => view! {
            <TextField bound=form.text("email", |f| &f.email, |f| &mut f.email) label=t::LOGIN_EMAIL.get() name="email" input_mode="email" autocomplete="username"/>
            <SecretField bound=form.text("password", |f| &f.password, |f| &mut f.password) label=t::LOGIN_PASSWORD.get() name="password" autocomplete="current-password"/>
            <div class="login-code">
                <ToggleButton id="login-code-toggle" controls="login-code-field" open=code_shown class="button-link login-code-toggle">{t::LOGIN_ADD_CODE.get()}</ToggleButton>
                <div id="login-code-field" hidden=move || !code_shown.get()>
                    <TextField bound=form.text("code", |f| &f.code, |f| &mut f.code) label=t::LOGIN_CODE.get() hint=t::LOGIN_CODE_HINT.get() name="totp" numeric=true autocomplete="one-time-code"/>
                </div>
            </div>
            {move || account_asked.get().then(account)}
        }.into_any(),
        Way::ApiKey => view! {
            <SecretField bound=form.text("key", |f| &f.key, |f| &mut f.key) label=t::LOGIN_API_KEY.get() name="api_key" autocomplete="off"/>
            <p class="hint login-key-help" id="login-key-help">{move || vmdeck_core::tf!(t::LOGIN_API_KEY_HINT, provider = provider.get())}</p>
            {move || account_asked.get().then(account)}
        }.into_any(),
        Way::Token => view! {
            {account()}
            <SecretField bound=form.text("token", |f| &f.token, |f| &mut f.token) label=t::LOGIN_API_TOKEN.get() name="token" autocomplete="current-password"/>
        }.into_any(),
    }
    }
}
