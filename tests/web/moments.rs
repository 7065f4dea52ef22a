//! Moments written as the browser itself writes them, in several locales.

use wasm_bindgen_test::*;

/// What the panel wrote before every moment came from the core: the browser's
/// own `toLocaleString` with the precision's options (none for a full date and time).
fn written_by_the_browser(epoch_secs: i64, options: &[(&str, &str)]) -> String {
    let object = js_sys::Object::new();
    for (key, value) in options {
        js_sys::Reflect::set(&object, &(*key).into(), &(*value).into()).unwrap();
    }
    let date = js_sys::Date::new(&(epoch_secs as f64 * 1000.0).into());
    String::from(date.to_locale_string(&vmdeck_core::i18n::locale_tag(), &object))
}

#[wasm_bindgen_test]
fn moments_are_written_as_the_browser_writes_them() {
    use vmdeck_core::i18n::{set_locale, Lang, Locale};
    use vmdeck_core::time::Precision;
    // Locales with a 24-hour clock and with a 12-hour one, padded days and not.
    for (lang, tag) in [
        (Lang::En, "en"),
        (Lang::En, "en-US"),
        (Lang::En, "en-GB"),
        (Lang::En, "en-AU"),
        (Lang::En, "en-IN"),
        (Lang::Es, "es-ES"),
        (Lang::Es, "es-MX"),
        (Lang::Es, "es-US"),
    ] {
        set_locale(Locale::new(lang, tag));
        // Mornings and afternoons, midnight, small numbers, in several months, in the browser's time zone.
        for t in [
            1_795_000_000,
            1_795_030_000,
            1_780_000_000,
            1_767_225_600,
            1_767_323_045,
            1_798_761_599,
        ] {
            let moment = |precision| vmdeck::locale::moment(t, precision);
            assert_eq!(
                moment(Precision::Minute),
                written_by_the_browser(t, &[("hour", "2-digit"), ("minute", "2-digit")]),
                "{tag} {t}"
            );
            assert_eq!(
                moment(Precision::Day),
                written_by_the_browser(t, &[("day", "numeric"), ("month", "short")]),
                "{tag} {t}"
            );
            assert_eq!(
                moment(Precision::Month),
                written_by_the_browser(t, &[("month", "short"), ("year", "numeric")]),
                "{tag} {t}"
            );
            let date = js_sys::Date::new(&(t as f64 * 1000.0).into());
            assert_eq!(
                moment(Precision::Second),
                String::from(date.to_locale_time_string(tag)),
                "{tag} {t}"
            );
            assert_eq!(moment(Precision::Full), written_by_the_browser(t, &[]), "{tag} {t}");
        }
    }
    set_locale(Locale::new(Lang::En, ""));
}
