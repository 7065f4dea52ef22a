//! Every moment as the user reads it: in their time zone, and written as
//! their locale writes it at the precision the place needs ([`MomentStyle`],
//! read from the browser's `Intl`, or the catalogue's).

use super::calendar::civil_from_days;
use crate::i18n::messages as t;

/// How precise a written moment is: a chart's axis and table (`Minute`,
/// `Day`, `Month`), the task tray (`Second`), the history and the overview (`Full`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    /// The time of day: "14:05", "02:05 PM".
    Minute,
    /// The time of day to the second: "14:05:09", "2:05:09 PM".
    Second,
    /// The day: "18 Nov", "Nov 18".
    Day,
    /// The month: "Nov 2026".
    Month,
    /// The date and the time to the second: "18/11/2026, 14:05:09", "11/18/2026, 2:05:09 PM".
    Full,
}

/// One of the numbers a moment is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Year,
    Month,
    /// The day of the month, 1 to 31.
    Day,
    /// Of a 24-hour clock or, with day periods, of a 12-hour one.
    Hour,
    Minute,
    Second,
}

/// A piece of a written moment, as `Intl.DateTimeFormat.formatToParts` gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MomentPart {
    /// A number as it is: "2", "14", "2026" (`Intl`'s "numeric").
    Numeric(Field),
    /// A number in at least two digits: "02", "14" (`Intl`'s "2-digit").
    TwoDigit(Field),
    /// The month's short name.
    MonthName,
    /// "AM" or "PM", where the clock has 12 hours.
    DayPeriod,
    /// Text between the pieces, as it is: " ", ":", "\u{202f}".
    Literal(String),
}

impl MomentPart {
    /// A part of [`MomentStyle::PROBE`] as `Intl`'s `formatToParts` gives it
    /// (its type and text): a number under ten written with a leading zero is
    /// two-digit, a month in letters is a name, anything else is kept as text.
    pub fn read(kind: &str, value: String) -> MomentPart {
        let field = match kind {
            "year" => Field::Year,
            "month" => Field::Month,
            "day" => Field::Day,
            "hour" => Field::Hour,
            "minute" => Field::Minute,
            "second" => Field::Second,
            "dayPeriod" => return MomentPart::DayPeriod,
            _ => return MomentPart::Literal(value),
        };
        match value.bytes().all(|b| b.is_ascii_digit()) {
            true if value.len() > 1 && value.starts_with('0') => MomentPart::TwoDigit(field),
            true => MomentPart::Numeric(field),
            false if field == Field::Month => MomentPart::MonthName,
            false => MomentPart::Literal(value),
        }
    }
}

/// How a locale writes a moment at each precision: its pieces in order, and
/// its words. The browser's `Intl` knows every locale's (the panel reads it
/// off how `Intl` writes [`MomentStyle::PROBE`]); the catalogue's
/// ([`MomentStyle::catalogue`]) is what the tests and the chart snapshots draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MomentStyle {
    pub minute: Vec<MomentPart>,
    pub second: Vec<MomentPart>,
    pub day: Vec<MomentPart>,
    pub month: Vec<MomentPart>,
    pub full: Vec<MomentPart>,
    /// The months' short names, January first.
    pub month_names: Vec<String>,
    /// The names of the morning and the afternoon on a 12-hour clock; empty
    /// for a 24-hour clock.
    pub day_periods: Vec<String>,
}

impl MomentStyle {
    /// 2026-01-02T03:04:05Z, in seconds: every number of it under ten, so
    /// that a locale's patterns are read off how it writes this moment.
    pub const PROBE: i64 = 1_767_323_045;

    /// The catalogue's way in the panel's language: a 24-hour clock ("14:05",
    /// "14:05:09"), the day before the month ("18 Nov", "18/11/2026, 14:05:09"),
    /// the month before the year ("Nov 2026").
    pub fn catalogue() -> Self {
        use Field::*;
        use MomentPart::*;
        let text = |literal: &str| Literal(literal.to_owned());
        let months = [
            &t::MONTH_JAN,
            &t::MONTH_FEB,
            &t::MONTH_MAR,
            &t::MONTH_APR,
            &t::MONTH_MAY,
            &t::MONTH_JUN,
            &t::MONTH_JUL,
            &t::MONTH_AUG,
            &t::MONTH_SEP,
            &t::MONTH_OCT,
            &t::MONTH_NOV,
            &t::MONTH_DEC,
        ];
        let second = vec![TwoDigit(Hour), text(":"), TwoDigit(Minute), text(":"), TwoDigit(Second)];
        let mut full =
            vec![Numeric(Day), text("/"), Numeric(Month), text("/"), Numeric(Year), text(", ")];
        full.extend(second.iter().cloned());
        MomentStyle {
            minute: vec![TwoDigit(Hour), text(":"), TwoDigit(Minute)],
            second,
            day: vec![Numeric(Day), text(" "), MonthName],
            month: vec![MonthName, text(" "), Numeric(Year)],
            full,
            month_names: months.iter().map(|month| month.get().to_owned()).collect(),
            day_periods: Vec::new(),
        }
    }
}

/// The moment `epoch_secs` (seconds since the epoch) as `style` writes it at
/// `precision`, on a clock `offset_minutes` ahead of UTC (the user's time
/// zone at that moment, which the browser knows; 0 for UTC). Every moment the
/// panel shows is written here.
pub fn moment_label(
    epoch_secs: i64,
    offset_minutes: i32,
    precision: Precision,
    style: &MomentStyle,
) -> String {
    let local = epoch_secs.saturating_add(i64::from(offset_minutes) * 60);
    let (year, month, day) = civil_from_days(local.div_euclid(86_400));
    let of_day = local.rem_euclid(86_400);
    let hour = of_day / 3600;
    let twelve_hours = style.day_periods.len() == 2;
    let pattern = match precision {
        Precision::Minute => &style.minute,
        Precision::Second => &style.second,
        Precision::Day => &style.day,
        Precision::Month => &style.month,
        Precision::Full => &style.full,
    };
    let number = |field: Field| match field {
        Field::Year => year,
        Field::Month => i64::from(month),
        Field::Day => i64::from(day),
        Field::Hour if twelve_hours => (hour + 11) % 12 + 1,
        Field::Hour => hour,
        Field::Minute => of_day / 60 % 60,
        Field::Second => of_day % 60,
    };
    let mut out = String::new();
    for part in pattern {
        match part {
            MomentPart::Numeric(field) => out.push_str(&number(*field).to_string()),
            MomentPart::TwoDigit(field) => {
                let value = number(*field);
                if (0..10).contains(&value) {
                    out.push('0');
                }
                out.push_str(&value.to_string());
            }
            MomentPart::MonthName => {
                out.push_str(style.month_names.get(month as usize - 1).map_or("?", String::as_str))
            }
            MomentPart::DayPeriod => out.push_str(
                style.day_periods.get(usize::from(hour >= 12)).map_or("", String::as_str),
            ),
            MomentPart::Literal(text) => out.push_str(text),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_in_the_catalogues_way() {
        let style = MomentStyle::catalogue();
        let t = 1_795_000_000; // 2026-11-18T11:06:40Z
        assert_eq!(moment_label(t, 0, Precision::Minute, &style), "11:06");
        assert_eq!(moment_label(t, 0, Precision::Second, &style), "11:06:40");
        assert_eq!(moment_label(t, 0, Precision::Day, &style), "18 Nov");
        assert_eq!(moment_label(t, 0, Precision::Month, &style), "Nov 2026");
        assert_eq!(moment_label(t, 0, Precision::Full, &style), "18/11/2026, 11:06:40");
        // The user's clock: an hour ahead, or thirteen hours behind (the day before).
        assert_eq!(moment_label(t, 60, Precision::Minute, &style), "12:06");
        assert_eq!(moment_label(t, -13 * 60, Precision::Day, &style), "17 Nov");
        assert_eq!(moment_label(t, -13 * 60, Precision::Full, &style), "17/11/2026, 22:06:40");
        assert_eq!(
            moment_label(1_798_761_599, 60, Precision::Month, &style),
            "Jan 2027",
            "a new year's first hour in Paris"
        );
        // Small numbers as the pattern asks, padded or not.
        assert_eq!(
            moment_label(MomentStyle::PROBE, 0, Precision::Full, &style),
            "2/1/2026, 03:04:05"
        );
        assert_eq!(moment_label(MomentStyle::PROBE, 0, Precision::Second, &style), "03:04:05");
    }

    /// As `Intl` describes en-US: "02:05 PM", "Nov 18", "2:05:09 PM", "11/18/2026, 2:05:09 PM".
    pub(super) fn us() -> MomentStyle {
        use Field::*;
        use MomentPart::*;
        let second = vec![
            Numeric(Hour),
            Literal(":".into()),
            TwoDigit(Minute),
            Literal(":".into()),
            TwoDigit(Second),
            Literal("\u{202f}".into()),
            DayPeriod,
        ];
        let mut full = vec![
            Numeric(Month),
            Literal("/".into()),
            Numeric(Day),
            Literal("/".into()),
            Numeric(Year),
            Literal(", ".into()),
        ];
        full.extend(second.iter().cloned());
        MomentStyle {
            minute: vec![
                TwoDigit(Hour),
                Literal(":".into()),
                TwoDigit(Minute),
                Literal("\u{202f}".into()),
                DayPeriod,
            ],
            second,
            day: vec![MonthName, Literal(" ".into()), Numeric(Day)],
            full,
            day_periods: vec!["AM".into(), "PM".into()],
            ..MomentStyle::catalogue()
        }
    }

    #[test]
    fn moments_in_a_style_the_browser_gives() {
        let us = us();
        let t = 1_795_000_000; // 2026-11-18T11:06:40Z
        assert_eq!(moment_label(t, 0, Precision::Minute, &us), "11:06\u{202f}AM");
        assert_eq!(moment_label(t + 3_600, 0, Precision::Minute, &us), "12:06\u{202f}PM");
        assert_eq!(moment_label(t - 11 * 3_600, 0, Precision::Minute, &us), "12:06\u{202f}AM");
        assert_eq!(moment_label(t + 3 * 3_600, 0, Precision::Minute, &us), "02:06\u{202f}PM");
        assert_eq!(moment_label(t + 3 * 3_600, 0, Precision::Second, &us), "2:06:40\u{202f}PM");
        assert_eq!(moment_label(t, 0, Precision::Day, &us), "Nov 18");
        assert_eq!(moment_label(t, 0, Precision::Month, &us), "Nov 2026");
        assert_eq!(
            moment_label(t + 3 * 3_600, 0, Precision::Full, &us),
            "11/18/2026, 2:06:40\u{202f}PM"
        );
        assert_eq!(
            moment_label(MomentStyle::PROBE, 0, Precision::Full, &us),
            "1/2/2026, 3:04:05\u{202f}AM"
        );
        // Words missing from what the browser said show as a mark, never a panic.
        let bare = MomentStyle {
            month_names: Vec::new(),
            day_periods: vec!["AM".into(), "PM".into()],
            ..us
        };
        assert_eq!(moment_label(t, 0, Precision::Day, &bare), "? 18");
        for precision in [
            Precision::Minute,
            Precision::Second,
            Precision::Day,
            Precision::Month,
            Precision::Full,
        ] {
            assert_eq!(
                moment_label(i64::MIN, i32::MIN, precision, &bare),
                moment_label(i64::MIN, 0, precision, &bare)
            );
            assert_eq!(
                moment_label(i64::MAX, i32::MAX, precision, &bare),
                moment_label(i64::MAX, 0, precision, &bare)
            );
        }
    }

    #[test]
    fn the_browsers_pieces_are_read_off_the_probe() {
        use Field::*;
        use MomentPart::*;
        // How Intl writes the probe, 2026-01-02T03:04:05Z, in en-GB, en-US and es-ES.
        let read = |parts: &[(&str, &str)]| {
            parts
                .iter()
                .map(|(kind, value)| MomentPart::read(kind, (*value).to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            read(&[
                ("day", "02"),
                ("literal", "/"),
                ("month", "01"),
                ("literal", "/"),
                ("year", "2026"),
                ("literal", ", "),
                ("hour", "03"),
                ("literal", ":"),
                ("minute", "04")
            ]),
            vec![
                TwoDigit(Day),
                Literal("/".into()),
                TwoDigit(Month),
                Literal("/".into()),
                Numeric(Year),
                Literal(", ".into()),
                TwoDigit(Hour),
                Literal(":".into()),
                TwoDigit(Minute)
            ]
        );
        assert_eq!(
            read(&[("hour", "3"), ("literal", "\u{202f}"), ("dayPeriod", "AM")]),
            vec![Numeric(Hour), Literal("\u{202f}".into()), DayPeriod]
        );
        assert_eq!(
            read(&[("month", "ene"), ("day", "2"), ("second", "05")]),
            vec![MonthName, Numeric(Day), TwoDigit(Second)]
        );
        // What the core does not know is kept as the browser wrote it.
        assert_eq!(
            read(&[("weekday", "Fri"), ("day", "II"), ("hour", "")]),
            vec![Literal("Fri".into()), Literal("II".into()), Numeric(Hour)]
        );
    }
}

#[cfg(test)]
mod spanish_tests {
    use super::tests::us;
    use super::*;

    #[test]
    fn moments_in_spanish() {
        let _spanish = crate::i18n::LocaleGuard::spanish();
        let style = MomentStyle::catalogue();
        let t = 1_795_000_000; // 2026-11-18T11:06:40Z
        assert_eq!(moment_label(t, 0, Precision::Minute, &style), "11:06");
        assert_eq!(moment_label(t, 0, Precision::Second, &style), "11:06:40");
        assert_eq!(moment_label(t, 0, Precision::Day, &style), "18 nov");
        assert_eq!(moment_label(1_790_000_000, 0, Precision::Month, &style), "sept 2026");
        assert_eq!(moment_label(t, 0, Precision::Full, &style), "18/11/2026, 11:06:40");
        assert_eq!(
            moment_label(MomentStyle::PROBE, 0, Precision::Full, &style),
            "2/1/2026, 03:04:05"
        );
        // As `Intl` describes es-US: a 12-hour clock with its own day periods.
        let es_us =
            MomentStyle { day_periods: vec!["a.\u{a0}m.".into(), "p.\u{a0}m.".into()], ..us() };
        assert_eq!(
            moment_label(t + 3 * 3_600, 0, Precision::Second, &es_us),
            "2:06:40\u{202f}p.\u{a0}m."
        );
        assert_eq!(moment_label(t, 0, Precision::Day, &es_us), "nov 18");
    }
}
