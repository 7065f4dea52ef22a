//! The panel's words in English and Spanish, and numbers written the way
//! the user's language writes them.
//!
//! Every user-visible string is a [`Text`] in one of the catalogue modules
//! below, written in the language files `crates/core/i18n/en.json` and
//! `es.json` (flat JSON, `"<area>.<NAME>": "text"`), from which the build
//! makes the modules (`build.rs`): a text missing from a language, or naming
//! other values, does not build. Texts with values in them name them in
//! braces (`{name}`) and are filled with [`Text::with`] or the
//! [`tf!`](crate::tf) macro. A deployment adds a language or changes the
//! wording with a file of its own ([`file`]), read at load.
//!
//! The language is chosen once, when the panel starts ([`set_locale`]), and
//! changing it reloads the page, so a text is a plain `&'static str` and
//! nothing on screen has to follow a signal.

use std::cell::RefCell;
use std::fmt;

pub mod common;
pub mod file;
pub mod firewall;
pub mod messages;
pub mod network;
mod placeholders;
pub mod shell;
pub mod vm;
pub mod workspace;

/// A language the panel is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The BCP 47 code, for `<html lang>` and for storage.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The language's own name for itself, as a language switch shows it.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
        }
    }

    /// The language of a BCP 47 tag ("es-MX", "en_GB", "ES"), if the panel speaks it.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.code() == primary)
    }

    /// The first of the browser's languages, in its order of preference,
    /// that the panel speaks; English otherwise.
    pub fn preferred<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter().find_map(Lang::from_tag).unwrap_or_default()
    }
}

/// The language texts are given in and the locale numbers, money and dates
/// are written in: the browser's own tag when it is of the chosen language
/// ("es-MX" keeps Mexico's ways), else the language's code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locale {
    pub lang: Lang,
    pub tag: String,
}

impl Locale {
    pub fn new(lang: Lang, browser_tag: &str) -> Self {
        let tag = if Lang::from_tag(browser_tag) == Some(lang) {
            browser_tag.trim().to_owned()
        } else {
            lang.code().to_owned()
        };
        Locale { lang, tag }
    }

    /// A language a deployment adds (`de`): its texts from its file
    /// ([`set_texts`]), English where it has none, and `Intl`'s dates in it.
    pub fn added(code: &str) -> Self {
        Locale { lang: Lang::En, tag: code.to_owned() }
    }
}

thread_local! {
    // Per thread, so that each native test has its own; the browser has one.
    static CURRENT: RefCell<Locale> = RefCell::new(Locale { lang: Lang::En, tag: "en".to_owned() });
    /// A deployment's texts by number, in place of the panel's own.
    static GIVEN: RefCell<Vec<Option<&'static str>>> = const { RefCell::new(Vec::new()) };
}

/// Puts a deployment's texts (by number, as [`file::read`] gives them) in
/// place of the panel's own until the page is left: they live as long as
/// it, as the panel's own do.
pub fn set_texts(texts: Vec<Option<String>>) {
    let kept =
        texts.into_iter().map(|text| text.map(|t| &*Box::leak(t.into_boxed_str()))).collect();
    GIVEN.with(|given| *given.borrow_mut() = kept);
}

pub fn set_locale(locale: Locale) {
    CURRENT.with(|current| *current.borrow_mut() = locale);
}

/// For tests: `locale` until the guard is dropped, then the one before, so
/// that a test in Spanish leaves nothing behind, however tests are run.
#[cfg(test)]
pub(crate) struct LocaleGuard(Locale);

#[cfg(test)]
impl LocaleGuard {
    pub(crate) fn set(locale: Locale) -> Self {
        let before = CURRENT.with(|current| std::mem::replace(&mut *current.borrow_mut(), locale));
        LocaleGuard(before)
    }

    pub(crate) fn spanish() -> Self {
        Self::set(Locale::new(Lang::Es, "es-ES"))
    }
}

#[cfg(test)]
impl Drop for LocaleGuard {
    fn drop(&mut self) {
        set_locale(std::mem::take(&mut self.0));
    }
}

pub fn lang() -> Lang {
    CURRENT.with(|current| current.borrow().lang)
}

/// The BCP 47 tag numbers and dates are written in.
pub fn locale_tag() -> String {
    CURRENT.with(|current| current.borrow().tag.clone())
}

/// The code of the language in use: `en`, `es`, or one a deployment added (`de`).
pub fn locale_code() -> String {
    CURRENT.with(|current| {
        let current = current.borrow();
        if Lang::from_tag(&current.tag) == Some(current.lang) {
            current.lang.code().to_owned()
        } else {
            current.tag.clone()
        }
    })
}

/// One user-visible text, in every language the panel speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Text {
    /// Its number: its place in the language files' sorted keys.
    index: u16,
    pub en: &'static str,
    pub es: &'static str,
}

impl Text {
    pub const fn new(index: u16, en: &'static str, es: &'static str) -> Self {
        Text { index, en, es }
    }

    pub fn of(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Es => self.es,
        }
    }

    /// The text in the panel's language: a deployment's, where its file gives one.
    pub fn get(&self) -> &'static str {
        GIVEN
            .with(|given| given.borrow().get(usize::from(self.index)).copied().flatten())
            .unwrap_or_else(|| self.of(lang()))
    }

    /// The text with each `{name}` replaced by its value. A name with no
    /// value is left as it is, so a mistake shows instead of vanishing.
    pub fn with(&self, values: &[(&str, &str)]) -> String {
        fill(self.get(), values)
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.get())
    }
}

fn fill(text: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}').and_then(|close| {
            values
                .iter()
                .find(|(name, _)| *name == &after[..close])
                .map(|(_, value)| (close, value))
        }) {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `one` for 1 and `other` for any other count, with `{n}` as the count
/// written in the locale (English and Spanish both make plurals this way).
pub fn plural(count: u64, one: &Text, other: &Text) -> String {
    let text = if count == 1 { one } else { other };
    text.with(&[("n", &integer(count as i64))])
}

/// Every entry of every catalogue, named by module and key, for the tests:
/// the panel never needs the names, so they are not built into it.
#[cfg(test)]
pub fn all() -> impl Iterator<Item = (&'static str, &'static str, &'static Text)> {
    let area = |module: &'static str, entries: &'static [(&'static str, Text)]| {
        entries.iter().map(move |(key, text)| (module, *key, text))
    };
    area("common", common::ALL)
        .chain(area("messages", messages::ALL))
        .chain(area("shell", shell::ALL))
        .chain(area("vm", vm::ALL))
        .chain(area("network", network::ALL))
        .chain(area("firewall", firewall::ALL))
        .chain(area("workspace", workspace::ALL))
}

/// A text with its `{name}`s filled: `tf!(t::VM_COUNT, count = n)`. Values
/// are anything that implements `Display`.
#[macro_export]
macro_rules! tf {
    ($text:expr $(, $name:ident = $value:expr)* $(,)?) => {
        $text.with(&[$((stringify!($name), &::std::string::ToString::to_string(&$value) as &str)),*])
    };
}

/// How a locale writes numbers.
pub(crate) struct NumberStyle {
    pub decimal: char,
    pub group: char,
    /// Groups only from five digits on (Spanish writes 1234 but 12.345).
    pub group_from_five: bool,
    /// Money's symbol before the amount (€5.00) or after it (5,00 €).
    pub symbol_first: bool,
}

/// The style of a locale's language; the panel's locale is always one of
/// its languages ([`Locale::new`]), so English's style stands for any other.
pub(crate) fn number_style(tag: &str) -> NumberStyle {
    match Lang::from_tag(tag) {
        Some(Lang::Es) => {
            NumberStyle { decimal: ',', group: '.', group_from_five: true, symbol_first: false }
        }
        Some(Lang::En) | None => {
            NumberStyle { decimal: '.', group: ',', group_from_five: false, symbol_first: true }
        }
    }
}

/// What a table, card or number shows for a value that is not there (or
/// is not a number): one dash, the same everywhere.
pub const DASH: &str = "—";

/// The value, or [`DASH`] without one.
pub fn or_dash(value: Option<String>) -> String {
    value.unwrap_or_else(|| DASH.to_owned())
}

/// `value` as `tag` writes it, with between `min_decimals` and
/// `max_decimals` decimals (trailing zeros past the minimum go):
/// 1234.5 → "1,234.5" (en), "1234,5" (es), "12.345,5" (es).
pub fn number_in(value: f64, min_decimals: usize, max_decimals: usize, tag: &str) -> String {
    if !value.is_finite() {
        return DASH.to_owned();
    }
    let style = number_style(tag);
    let max_decimals = max_decimals.max(min_decimals);
    let mut digits = format!("{:.*}", max_decimals, value.abs());
    while let Some(dot) = digits.find('.') {
        if digits.len() - dot - 1 > min_decimals && digits.ends_with('0') {
            digits.pop();
        } else {
            break;
        }
    }
    if digits.ends_with('.') {
        digits.pop();
    }
    let (whole, fraction) = digits.split_once('.').unwrap_or((&digits, ""));
    let grouped = if whole.len() > 4 || (whole.len() == 4 && !style.group_from_five) {
        let mut out = String::new();
        for (i, c) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                out.push(style.group);
            }
            out.push(c);
        }
        out
    } else {
        whole.to_owned()
    };
    // "-0" is not a number anyone writes.
    let negative = value < 0.0 && digits.bytes().any(|b| b.is_ascii_digit() && b != b'0');
    let sign = if negative { "-" } else { "" };
    if fraction.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}{}{fraction}", style.decimal)
    }
}

/// A number in the panel's locale, with at most `max_decimals` decimals.
pub fn number(value: f64, max_decimals: usize) -> String {
    number_in(value, 0, max_decimals, &locale_tag())
}

/// A number in the panel's locale with exactly `decimals` decimals: 9.0 → "9.0" / "9,0".
pub fn fixed(value: f64, decimals: usize) -> String {
    number_in(value, decimals, decimals, &locale_tag())
}

/// A whole number in the panel's locale: 12345 → "12,345" / "12.345".
pub fn integer(value: i64) -> String {
    number_in(value as f64, 0, 0, &locale_tag())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_is_complete_in_both_languages() {
        let mut problems = Vec::new();
        for (module, key, text) in all() {
            for lang in Lang::ALL {
                let written = text.of(lang);
                if written.trim().is_empty() {
                    problems.push(format!("{module}::{key} has no {} text", lang.code()));
                }
                if written != written.trim() {
                    problems.push(format!(
                        "{module}::{key} in {} starts or ends with a space",
                        lang.code()
                    ));
                }
            }
            if !placeholders::same_names(text.en, text.es) {
                problems.push(format!("{module}::{key}: English and Spanish fill other values"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn keys_are_unique_across_catalogues() {
        let mut seen = std::collections::BTreeMap::new();
        let mut twice = Vec::new();
        for (module, key, _) in all() {
            if let Some(first) = seen.insert(key, module) {
                twice.push(format!("{key} in {first} and {module}"));
            }
        }
        assert!(twice.is_empty(), "a key names one text: {twice:?}");
    }

    #[test]
    fn the_same_english_means_one_entry() {
        // Two keys with the same English and Spanish are one text written twice.
        let mut seen = std::collections::BTreeMap::new();
        let mut twice = Vec::new();
        for (module, key, text) in all() {
            if let Some(first) = seen.insert((text.en, text.es), format!("{module}::{key}")) {
                twice.push(format!("{first} and {module}::{key}: {:?}", text.en));
            }
        }
        assert!(twice.is_empty(), "{}", twice.join("\n"));
    }

    #[test]
    fn languages_from_browser_tags() {
        assert_eq!(Lang::from_tag("es-MX"), Some(Lang::Es));
        assert_eq!(Lang::from_tag("ES"), Some(Lang::Es));
        assert_eq!(Lang::from_tag("en_GB"), Some(Lang::En));
        assert_eq!(Lang::from_tag("de-DE"), None);
        assert_eq!(Lang::from_tag(""), None);
        assert_eq!(Lang::preferred(["de-DE", "es-ES", "en"]), Lang::Es);
        assert_eq!(Lang::preferred(["de-DE", "fr"]), Lang::En);
        assert_eq!(Lang::preferred([]), Lang::En);
        assert_eq!(Locale::new(Lang::Es, "es-MX").tag, "es-MX");
        assert_eq!(Locale::new(Lang::Es, "en-US").tag, "es");
        assert_eq!(Locale::new(Lang::En, "en-GB").tag, "en-GB");
        let _added = LocaleGuard::set(Locale::added("de"));
        assert_eq!(
            (lang(), locale_code(), locale_tag()),
            (Lang::En, "de".to_owned(), "de".to_owned())
        );
    }

    #[test]
    fn filling_in_values() {
        let text = Text::new(u16::MAX, "{n} of {total} VMs", "{n} de {total} VM");
        assert_eq!(text.with(&[("n", "3"), ("total", "10")]), "3 of 10 VMs");
        let _spanish = LocaleGuard::spanish();
        assert_eq!(crate::tf!(text, n = 3, total = 10), "3 de 10 VM");
        // A name with no value stays visible, and lone braces are left alone.
        assert_eq!(fill("{a} {b} {", &[("a", "1")]), "1 {b} {");
        assert_eq!(placeholders::names("{n} of {total} {not a name}"), vec!["n", "total"]);
    }

    #[test]
    fn counts_take_their_plural() {
        let one = Text::new(u16::MAX, "{n} VM", "{n} VM");
        let other = Text::new(u16::MAX, "{n} VMs", "{n} VM");
        assert_eq!(plural(1, &one, &other), "1 VM");
        assert_eq!(plural(1234, &one, &other), "1,234 VMs");
        let _spanish = LocaleGuard::set(Locale::new(Lang::Es, "es"));
        assert_eq!(plural(12345, &one, &other), "12.345 VM");
    }

    #[test]
    fn numbers_as_each_locale_writes_them() {
        assert_eq!(number_in(1234.5, 0, 2, "en"), "1,234.5");
        assert_eq!(number_in(1234.5, 0, 2, "es-ES"), "1234,5");
        assert_eq!(number_in(12345.5, 0, 2, "es"), "12.345,5");
        assert_eq!(number_in(2.0, 0, 1, "es"), "2");
        assert_eq!(number_in(2.0, 2, 2, "en"), "2.00");
        assert_eq!(number_in(-0.001, 0, 1, "en"), "0");
        assert_eq!(number_in(-1.26, 0, 1, "es-MX"), "-1,3");
        assert_eq!(number_in(f64::NAN, 0, 1, "en"), "—");
        assert_eq!(number_in(1_000_000.0, 0, 0, "en-GB"), "1,000,000");
        // A locale the panel cannot reach is written as English is.
        assert_eq!(number_in(1234.5, 0, 1, "de-DE"), "1,234.5");
    }
}
