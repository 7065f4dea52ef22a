//! The provider's plans as cards to pick from (`config.json`'s catalogue),
//! each with its sizes and prices in the user's locale; the edit form also
//! shows what moving to a plan changes the monthly price by.

use leptos::prelude::*;
use vmdeck_core::deploy::plans::{format_money, monthly_difference, Plan};
use vmdeck_core::i18n::shell as t;

/// "€5.00 a month · €0.0070 an hour", or nothing for a plan without a price.
fn price_text(plan: &Plan, locale: &str) -> Option<String> {
    let price = plan.price.as_ref()?;
    let monthly = vmdeck_core::tf!(
        t::PICKER_PLAN_A_MONTH,
        amount = format_money(price.monthly, &price.currency, locale, 2)
    );
    Some(match price.hourly {
        Some(hourly) => format!(
            "{monthly} · {}",
            vmdeck_core::tf!(
                t::PICKER_PLAN_AN_HOUR,
                amount = format_money(hourly, &price.currency, locale, 4)
            )
        ),
        None => monthly,
    })
}

/// One card per plan and, with `custom`, a last card for typing the sizes
/// in. `chosen` is the plan's name (empty: custom). `current` is the plan
/// the VM is on, for the difference in price; `unavailable` says why a plan
/// cannot be chosen, if it cannot.
#[component]
pub fn PlanPicker(
    plans: Vec<Plan>,
    #[prop(into)] chosen: Signal<String>,
    on_choose: Callback<Option<Plan>>,
    #[prop(optional)] custom: bool,
    #[prop(default = None)] current: Option<Plan>,
    #[prop(optional)] unavailable: Option<Callback<Plan, Option<&'static str>>>,
) -> impl IntoView {
    let locale = vmdeck_core::i18n::locale_tag();
    let cards = plans
        .into_iter()
        .enumerate()
        .map(|(i, plan)| {
            let id = format!("plan-{i}");
            let name = plan.name.clone();
            let checked = move || chosen.with(|c| *c == name);
            let price = price_text(&plan, &locale);
            let difference = current.as_ref().and_then(|current| {
                if current.name == plan.name {
                    return Some(t::PICKER_PLAN_CURRENT.get().to_owned());
                }
                let (change, currency) = monthly_difference(current, &plan)?;
                let amount = format_money(change.abs(), &currency, &locale, 2);
                Some(vmdeck_core::tf!(t::PICKER_PLAN_A_MONTH, amount = format!("{}{amount}", if change >= 0.0 { "+" } else { "−" })))
            });
            let why_not = unavailable.and_then(|check| check.run(plan.clone()));
            let chosen_plan = plan.clone();
            view! {
                <label class="plan-card" class:is-unavailable=why_not.is_some() title=why_not.unwrap_or("")>
                    <input type="radio" name="plan" id=id prop:checked=checked disabled=why_not.is_some()
                        on:change=move |_| on_choose.run(Some(chosen_plan.clone()))/>
                    <span class="plan-name">{plan.name.clone()}</span>
                    <span class="plan-sizes">{plan.sizes()}</span>
                    {price.map(|p| view! { <span class="plan-price">{p}</span> })}
                    {difference.map(|d| view! { <span class="plan-difference">{d}</span> })}
                    {why_not.map(|w| view! { <span class="plan-difference">{w}</span> })}
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="plan-cards" role="radiogroup" aria-label=t::PICKER_PLAN.get() id="plan-cards">
            {cards}
            {custom.then(|| view! {
                <label class="plan-card">
                    <input type="radio" name="plan" id="plan-custom" prop:checked=move || chosen.with(String::is_empty)
                        on:change=move |_| on_choose.run(None)/>
                    <span class="plan-name">{t::PICKER_PLAN_CUSTOM.get()}</span>
                    <span class="plan-sizes">{t::PICKER_PLAN_CUSTOM_SIZES.get()}</span>
                </label>
            })}
        </div>
    }
}
