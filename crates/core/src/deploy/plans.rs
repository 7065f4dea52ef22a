//! The provider's plans from `config.json`'s catalogue: a name, the sizes
//! (memory, CPUs, disk) and the price per month and per hour; and money
//! written the way the user's locale writes it.

use crate::api::decode;
use crate::i18n::messages as t;
use crate::i18n::{number_in, number_style};
use serde_json::Value;

/// The longest plan name that fits a card.
const MAX_NAME: usize = 40;

#[derive(Clone, Debug, PartialEq)]
pub struct Price {
    pub monthly: f64,
    pub hourly: Option<f64>,
    /// ISO 4217: EUR, USD…
    pub currency: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub name: String,
    /// MB.
    pub memory: u64,
    pub cpus: u64,
    /// GB, the primary disk.
    pub disk: u64,
    pub price: Option<Price>,
    /// The monthly transfer it includes, if the provider says.
    pub transfer: Option<crate::stats::transfer::Allowance>,
}

impl Plan {
    /// Whether a VM of these sizes is on this plan.
    pub fn is_of(&self, memory: u64, cpus: u64, disk: u64) -> bool {
        self.memory == memory && self.cpus == cpus && self.disk == disk
    }

    /// "2 GB memory · 1 CPU · 40 GB disk".
    pub fn sizes(&self) -> String {
        let whole = |n: u64| crate::i18n::number(n as f64, 0);
        let memory = if self.memory % 1024 == 0 {
            // Any u64 divided by 1024 fits an i64.
            crate::vm::format_gb((self.memory / 1024) as i64)
        } else {
            format!("{} MB", whole(self.memory))
        };
        let cpus = crate::i18n::plural(self.cpus, &t::PLAN_CPUS_ONE, &t::PLAN_CPUS_OTHER);
        crate::tf!(t::PLAN_SIZES, memory = memory, cpus = cpus, disk = whole(self.disk))
    }
}

/// The plan a VM of these sizes is on, if any.
pub fn plan_of(plans: &[Plan], memory: u64, cpus: u64, disk: u64) -> Option<&Plan> {
    plans.iter().find(|p| p.is_of(memory, cpus, disk))
}

/// The plan of a VM as the API describes it: its memory, CPUs and the size
/// of all its disks together. A plan of those sizes, else (a VM with disks
/// added) the one plan of its memory and CPUs whose disk it holds.
pub fn plan_of_vm(plans: &[Plan], memory: i64, cpus: i64, disks: i64) -> Option<&Plan> {
    let (memory, cpus, disks) =
        (u64::try_from(memory).ok()?, u64::try_from(cpus).ok()?, u64::try_from(disks).ok()?);
    plan_of(plans, memory, cpus, disks).or_else(|| {
        let mut near =
            plans.iter().filter(|p| p.memory == memory && p.cpus == cpus && p.disk <= disks);
        match (near.next(), near.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    })
}

/// What moving from `from` to `to` changes the monthly price by, when both
/// have prices in the same currency.
pub fn monthly_difference(from: &Plan, to: &Plan) -> Option<(f64, String)> {
    let (a, b) = (from.price.as_ref()?, to.price.as_ref()?);
    (a.currency == b.currency).then(|| (b.monthly - a.monthly, b.currency.clone()))
}

/// Reads `catalogue.plans`; a plan that cannot be used is left out, and
/// `warnings` says which and why.
pub fn plans_from_json(value: Option<&Value>, warnings: &mut Vec<String>) -> Vec<Plan> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Vec::new() };
    let Some(items) = value.as_array() else {
        warnings
            .push("config.json: catalogue.plans must be a list; no plans are offered.".to_owned());
        return Vec::new();
    };
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            plan(item)
                .map_err(|why| {
                    let name = decode::text(item.get("name"))
                        .map(|n| format!(" (“{n}”)"))
                        .unwrap_or_default();
                    warnings.push(format!(
                        "config.json: catalogue.plans[{i}]{name}: {why}; the plan is left out."
                    ));
                })
                .ok()
        })
        .collect()
}

fn plan(item: &Value) -> Result<Plan, String> {
    let name = match item.get("name") {
        Some(Value::String(name))
            if !name.trim().is_empty() && name.trim().chars().count() <= MAX_NAME =>
        {
            name.trim().to_owned()
        }
        _ => return Err(format!("name must be text of 1 to {MAX_NAME} characters")),
    };
    let whole = |key: &str, what: &str, least: u64| -> Result<u64, String> {
        match item.get(key).and_then(Value::as_u64) {
            Some(n) if n >= least => Ok(n),
            _ => Err(format!("{key} must be a whole number of {what}, at least {least}")),
        }
    };
    let memory = whole("memory", "MB", 128)?;
    let cpus = whole("cpus", "CPUs", 1)?;
    let disk = whole("disk", "GB", 1)?;
    let price = match item.get("price") {
        None | Some(Value::Null) => None,
        Some(price) => Some(self::price(price)?),
    };
    let transfer = crate::stats::transfer::Allowance::from_json(item.get("transfer"))?;
    Ok(Plan { name, memory, cpus, disk, price, transfer })
}

fn price(value: &Value) -> Result<Price, String> {
    let amount = |key: &str| -> Result<Option<f64>, String> {
        match value.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n
                .as_f64()
                .filter(|a| a.is_finite() && *a >= 0.0)
                .map(Some)
                .ok_or_else(|| format!("price.{key} must be a number, 0 or more")),
            Some(_) => Err(format!("price.{key} must be a number, 0 or more")),
        }
    };
    let monthly = amount("monthly")?.ok_or("price.monthly is missing")?;
    let hourly = amount("hourly")?;
    let currency = match value.get("currency") {
        Some(Value::String(code))
            if code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase()) =>
        {
            code.clone()
        }
        _ => return Err("price.currency must be a three-letter code such as EUR".to_owned()),
    };
    Ok(Price { monthly, hourly, currency })
}

fn symbol(currency: &str) -> Option<&'static str> {
    match currency {
        "EUR" => Some("€"),
        "USD" => Some("$"),
        "GBP" => Some("£"),
        "JPY" => Some("¥"),
        _ => None,
    }
}

/// `amount` of `currency` as `locale` (a BCP 47 tag: "es-ES", "en") writes
/// it, with at least 2 and at most `max_decimals` decimals: "€1,234.50",
/// "1234,50 €", "12.345,50 €", "CHF 5.00".
pub fn format_money(amount: f64, currency: &str, locale: &str, max_decimals: usize) -> String {
    // The sign number_in writes (never "-0.00") goes before the symbol: "-€2.50".
    let written = number_in(amount, 2, max_decimals, locale);
    let (sign, number) = match written.strip_prefix('-') {
        Some(number) => ("-", number),
        None => ("", written.as_str()),
    };
    match (symbol(currency), number_style(locale).symbol_first) {
        (Some(symbol), true) => format!("{sign}{symbol}{number}"),
        (None, true) => format!("{sign}{currency}\u{a0}{number}"),
        (Some(symbol), false) => format!("{sign}{number}\u{a0}{symbol}"),
        (None, false) => format!("{sign}{number}\u{a0}{currency}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn money_as_each_locale_writes_it() {
        assert_eq!(format_money(5.0, "EUR", "en-GB", 2), "€5.00");
        assert_eq!(format_money(1234.5, "USD", "en-US", 2), "$1,234.50");
        assert_eq!(format_money(1234.5, "EUR", "es-ES", 2), "1234,50\u{a0}€");
        assert_eq!(format_money(12345.5, "EUR", "es", 2), "12.345,50\u{a0}€");
        assert_eq!(format_money(5.0, "CHF", "en", 2), "CHF\u{a0}5.00");
        assert_eq!(format_money(5.0, "CHF", "es", 2), "5,00\u{a0}CHF");
        assert_eq!(format_money(-2.5, "EUR", "en", 2), "-€2.50");
        assert_eq!(format_money(-2.5, "EUR", "es", 2), "-2,50\u{a0}€");
        assert_eq!(format_money(-1234.5, "CHF", "en", 2), "-CHF\u{a0}1,234.50");
        assert_eq!(format_money(-12345.5, "CHF", "es-ES", 2), "-12.345,50\u{a0}CHF");
        // Less than the smallest decimal shown is no debt: no "-0.00".
        assert_eq!(format_money(-0.001, "EUR", "en", 2), "€0.00");
        assert_eq!(format_money(-0.001, "EUR", "es", 2), "0,00\u{a0}€");
        assert_eq!(format_money(f64::NAN, "EUR", "en", 2), "€—");
        assert_eq!(format_money(1_000_000.0, "USD", "", 2), "$1,000,000.00");
    }

    #[test]
    fn hourly_prices_keep_the_decimals_that_matter() {
        assert_eq!(format_money(0.0068, "EUR", "en", 4), "€0.0068");
        assert_eq!(format_money(0.007, "EUR", "es", 4), "0,007\u{a0}€");
        assert_eq!(format_money(0.5, "EUR", "en", 4), "€0.50");
        assert_eq!(format_money(0.00004, "EUR", "en", 4), "€0.00");
    }

    #[test]
    fn plans_are_read_and_every_bad_one_is_left_out_saying_why() {
        let mut warnings = Vec::new();
        let plans = plans_from_json(
            Some(&json!([
                {"name": "Small", "memory": 1024, "cpus": 1, "disk": 20, "price": {"monthly": 5, "hourly": 0.007, "currency": "EUR"}},
                {"name": "No price", "memory": 2048, "cpus": 2, "disk": 40},
                {"name": "", "memory": 1024, "cpus": 1, "disk": 20},
                {"name": "Tiny", "memory": 64, "cpus": 1, "disk": 20},
                {"name": "Half", "memory": 1024, "cpus": 0.5, "disk": 20},
                {"name": "Free", "memory": 1024, "cpus": 1, "disk": 20, "price": {"monthly": -1, "currency": "EUR"}},
                {"name": "Euro", "memory": 1024, "cpus": 1, "disk": 20, "price": {"monthly": 5, "currency": "euro"}},
                {"name": "Later", "memory": 1024, "cpus": 1, "disk": 20, "price": {"hourly": 0.01, "currency": "EUR"}},
                {"name": "Big", "memory": "lots", "cpus": 1, "disk": 20},
                7
            ])),
            &mut warnings,
        );
        assert_eq!(
            plans.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
            ["Small", "No price"]
        );
        assert_eq!(
            plans[0].price,
            Some(Price { monthly: 5.0, hourly: Some(0.007), currency: "EUR".into() })
        );
        assert_eq!(
            warnings,
            [
                "config.json: catalogue.plans[2]: name must be text of 1 to 40 characters; the plan is left out.",
                "config.json: catalogue.plans[3] (“Tiny”): memory must be a whole number of MB, at least 128; the plan is left out.",
                "config.json: catalogue.plans[4] (“Half”): cpus must be a whole number of CPUs, at least 1; the plan is left out.",
                "config.json: catalogue.plans[5] (“Free”): price.monthly must be a number, 0 or more; the plan is left out.",
                "config.json: catalogue.plans[6] (“Euro”): price.currency must be a three-letter code such as EUR; the plan is left out.",
                "config.json: catalogue.plans[7] (“Later”): price.monthly is missing; the plan is left out.",
                "config.json: catalogue.plans[8] (“Big”): memory must be a whole number of MB, at least 128; the plan is left out.",
                "config.json: catalogue.plans[9]: name must be text of 1 to 40 characters; the plan is left out.",
            ]
        );
        let mut warnings = Vec::new();
        assert!(plans_from_json(Some(&json!({"name": "x"})), &mut warnings).is_empty());
        assert_eq!(
            warnings,
            ["config.json: catalogue.plans must be a list; no plans are offered."]
        );
    }

    #[test]
    fn a_vm_is_on_the_plan_of_its_sizes_and_moving_costs_the_difference() {
        let mut warnings = Vec::new();
        let plans = plans_from_json(
            Some(&json!([
                {"name": "S", "memory": 1024, "cpus": 1, "disk": 20, "price": {"monthly": 5, "currency": "EUR"}},
                {"name": "M", "memory": 2048, "cpus": 2, "disk": 40, "price": {"monthly": 12.5, "currency": "EUR"}},
                {"name": "U", "memory": 4096, "cpus": 2, "disk": 80, "price": {"monthly": 20, "currency": "USD"}}
            ])),
            &mut warnings,
        );
        assert_eq!(plan_of(&plans, 2048, 2, 40).map(|p| p.name.as_str()), Some("M"));
        assert_eq!(plan_of(&plans, 2048, 2, 41), None);
        assert_eq!(monthly_difference(&plans[0], &plans[1]), Some((7.5, "EUR".into())));
        assert_eq!(
            monthly_difference(&plans[1], &plans[2]),
            None,
            "no difference across currencies"
        );
        assert_eq!(plans[1].sizes(), "2 GB memory · 2 CPUs · 40 GB disk");
        assert_eq!(
            Plan { memory: 1536, cpus: 1, ..plans[0].clone() }.sizes(),
            "1,536 MB memory · 1 CPU · 20 GB disk"
        );
    }

    #[test]
    fn a_vms_plan_is_found_by_its_sizes_its_added_disks_aside() {
        let plan = |name: &str, memory, cpus, disk| Plan {
            name: name.into(),
            memory,
            cpus,
            disk,
            price: None,
            transfer: None,
        };
        let plans = [plan("S", 2048, 1, 40), plan("M", 4096, 2, 80), plan("M+", 4096, 2, 120)];
        assert_eq!(plan_of_vm(&plans, 2048, 1, 40).map(|p| p.name.as_str()), Some("S"));
        assert_eq!(
            plan_of_vm(&plans, 2048, 1, 60).map(|p| p.name.as_str()),
            Some("S"),
            "a disk added"
        );
        assert_eq!(plan_of_vm(&plans, 4096, 2, 120).map(|p| p.name.as_str()), Some("M+"));
        assert_eq!(plan_of_vm(&plans, 4096, 2, 130), None, "two plans could be it");
        assert_eq!(plan_of_vm(&plans, 2048, 1, 20), None);
        assert_eq!(plan_of_vm(&plans, -1, 1, 40), None);
    }
}
