//! How long something has run, and how old data on screen is, in words.

use crate::i18n::messages as t;

/// "3 s", "2 min 5 s", "1 h 4 min": how long something has run, its numbers
/// written as the panel's language writes them ("1,000 h", "1000 h").
pub fn format_elapsed(ms: i64) -> String {
    use crate::i18n::integer;
    let s = ms.max(0) / 1000;
    match s {
        0..=59 => format!("{} s", integer(s)),
        60..=3599 => format!("{} min {} s", integer(s / 60), integer(s % 60)),
        _ => format!("{} h {} min", integer(s / 3600), integer(s / 60 % 60)),
    }
}

/// How old data on screen is, for the line beside its Refresh button:
/// "Updated just now", "Updated 12 s ago", "Updated 3 min ago", "Updated 2 h ago".
pub fn updated_ago(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    match s {
        0..=4 => t::UPDATED_JUST_NOW.get().to_owned(),
        5..=59 => crate::tf!(t::UPDATED_SECONDS_AGO, s = s),
        60..=3599 => crate::tf!(t::UPDATED_MINUTES_AGO, min = s / 60),
        _ => crate::tf!(t::UPDATED_HOURS_AGO, h = s / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elapsed() {
        assert_eq!(format_elapsed(3_400), "3 s");
        assert_eq!(format_elapsed(125_000), "2 min 5 s");
        assert_eq!(format_elapsed(3_840_000), "1 h 4 min");
        assert_eq!(format_elapsed(-5), "0 s");
        assert_eq!(format_elapsed(3_600_000_000), "1,000 h 0 min");
        assert_eq!(format_elapsed(i64::MAX), "2,562,047,788,015 h 12 min");
    }

    #[test]
    fn ages() {
        assert_eq!(updated_ago(-20), "Updated just now");
        assert_eq!(updated_ago(4_999), "Updated just now");
        assert_eq!(updated_ago(5_000), "Updated 5 s ago");
        assert_eq!(updated_ago(59_999), "Updated 59 s ago");
        assert_eq!(updated_ago(60_000), "Updated 1 min ago");
        assert_eq!(updated_ago(3_599_000), "Updated 59 min ago");
        assert_eq!(updated_ago(7_300_000), "Updated 2 h ago");
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::*;

    #[test]
    fn ages_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        assert_eq!(updated_ago(1_000), "Actualizado ahora mismo");
        assert_eq!(updated_ago(12_000), "Actualizado hace 12 s");
        assert_eq!(updated_ago(180_000), "Actualizado hace 3 min");
        assert_eq!(updated_ago(7_300_000), "Actualizado hace 2 h");
        assert_eq!(format_elapsed(125_000), "2 min 5 s");
        assert_eq!(format_elapsed(3_840_000), "1 h 4 min");
        assert_eq!(format_elapsed(3_600_000_000), "1000 h 0 min");
        assert_eq!(format_elapsed(36_000_000_000), "10.000 h 0 min");
    }
}
