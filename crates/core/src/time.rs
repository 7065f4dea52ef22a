//! Dates as the service writes them (ISO 8601, usually without a zone), and
//! every moment as the user reads it ([`moment_label`]: a chart's labels, the
//! task tray, the history, the overview): in their time zone and written as
//! their locale writes it, both of which the browser knows and tells the core
//! as data ([`MomentStyle`], an offset), so that the tests write what the
//! panel shows.

use crate::i18n::messages as t;

/// Milliseconds since the Unix epoch for `2026-03-14T09:26:53` (read as
/// UTC, the service's zone), also with fractions, `Z` or a `+hh:mm` offset.
/// None when it is not such a date.
pub fn parse_service_date(text: &str) -> Option<i64> {
    let text = text.trim();
    let (date, rest) = text.split_once(['T', ' '])?;
    let mut parts = date.split('-');
    let year: i64 = parts.next()?.parse().ok()?;
    let month: u32 = parts.next()?.parse().ok()?;
    let day: u32 = parts.next()?.parse().ok()?;
    // Four-digit years, as the service writes them: larger ones overflow the arithmetic below.
    if parts.next().is_some() || !(0..=9999).contains(&year) || !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    // Split off a zone: Z, +hh:mm or -hh:mm after the time.
    let (time, offset_minutes) = if let Some(t) = rest.strip_suffix('Z') {
        (t, 0)
    } else if let Some(pos) = rest.rfind(['+', '-']).filter(|p| *p >= 5) {
        let (t, zone) = rest.split_at(pos);
        let sign = if zone.starts_with('-') { -1 } else { 1 };
        let digits = &zone[1..];
        // +hh:mm, +hhmm or +hh.
        let (h, m) = match digits.split_once(':') {
            Some(parts) => parts,
            None if digits.len() == 4 && digits.is_char_boundary(2) => digits.split_at(2),
            None => (digits, "0"),
        };
        let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
        if !(0..=23).contains(&h) || !(0..=59).contains(&m) {
            return None;
        }
        (t, sign * (h * 60 + m))
    } else {
        (rest, 0)
    };
    let mut hms = time.split(':');
    let hour: i64 = hms.next()?.parse().ok()?;
    let minute: i64 = hms.next()?.parse().ok()?;
    let seconds: f64 = hms.next().unwrap_or("0").parse().ok()?;
    if hms.next().is_some() || !(0..=23).contains(&hour) || !(0..=59).contains(&minute) || !(0.0..61.0).contains(&seconds) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let ms = ((days * 24 + hour) * 60 + minute - offset_minutes) * 60_000 + (seconds * 1000.0).round() as i64;
    Some(ms)
}

pub(crate) fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date.
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A proleptic Gregorian date from days since 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// Milliseconds since the epoch as ISO 8601 in UTC, to the second:
/// `2026-11-23T18:20:05Z`.
pub fn iso_from_millis(ms: f64) -> String {
    iso_at_offset(ms, 0)
}

/// Milliseconds since the epoch as ISO 8601 on a clock `offset_minutes`
/// ahead of UTC (the user's time zone at that moment), to the second:
/// `2026-11-24T03:20:05+09:00`, `Z` for UTC. What exports write: data that
/// names its zone, in the zone the user reads.
pub fn iso_at_offset(ms: f64, offset_minutes: i32) -> String {
    let seconds = ((ms / 1000.0).floor() as i64).saturating_add(i64::from(offset_minutes) * 60);
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    let of_day = seconds.rem_euclid(86_400);
    let zone = match offset_minutes {
        0 => "Z".to_owned(),
        offset => format!("{}{:02}:{:02}", if offset < 0 { '-' } else { '+' }, offset.unsigned_abs() / 60, offset.unsigned_abs() % 60),
    };
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}{zone}", of_day / 3600, of_day % 3600 / 60, of_day % 60)
}

/// The offset (minutes ahead of UTC) of a zone whose clock shows `wall`
/// (year, month, day, hour, minute, second) at `epoch_secs`: how the panel
/// learns a named zone's offset from `Intl`, which writes its wall clock.
/// `None` for a wall clock that is no date.
pub fn offset_from_wall(epoch_secs: i64, wall: [i64; 6]) -> Option<i32> {
    let [year, month, day, hour, minute, second] = wall;
    let month = u32::try_from(month).ok().filter(|m| (1..=12).contains(m))?;
    let day = u32::try_from(day).ok().filter(|d| *d >= 1 && *d <= days_in_month(year, month))?;
    if !(0..=24).contains(&hour) || !(0..60).contains(&minute) || !(0..61).contains(&second) || !(-9999..=9999).contains(&year) {
        return None;
    }
    // Some engines write midnight as 24 on a 23-hour clock.
    let shown = days_from_civil(year, month, day) * 86_400 + (hour % 24) * 3600 + minute * 60 + second;
    i32::try_from((shown - epoch_secs).div_euclid(60)).ok()
}

/// The time zone the user chose for every moment the panel shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ZoneChoice {
    /// The browser's own (the default).
    #[default]
    Browser,
    Utc,
    /// An IANA zone by name, `Asia/Tokyo`; the browser says whether it knows it.
    Named(String),
}

impl ZoneChoice {
    /// As it is stored: `browser`, `UTC` or the zone's name. A name that
    /// cannot be an IANA zone's is the browser's zone.
    pub fn from_stored(text: &str) -> ZoneChoice {
        let text = text.trim();
        match text {
            "" | "browser" => ZoneChoice::Browser,
            "UTC" | "Etc/UTC" => ZoneChoice::Utc,
            name if name.len() <= 64 && name.chars().all(|c| c.is_ascii_alphanumeric() || "/_-+".contains(c)) && name.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                ZoneChoice::Named(name.to_owned())
            }
            _ => ZoneChoice::Browser,
        }
    }

    pub fn stored(&self) -> &str {
        match self {
            ZoneChoice::Browser => "browser",
            ZoneChoice::Utc => "UTC",
            ZoneChoice::Named(name) => name,
        }
    }
}

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
            &t::MONTH_JAN, &t::MONTH_FEB, &t::MONTH_MAR, &t::MONTH_APR, &t::MONTH_MAY, &t::MONTH_JUN,
            &t::MONTH_JUL, &t::MONTH_AUG, &t::MONTH_SEP, &t::MONTH_OCT, &t::MONTH_NOV, &t::MONTH_DEC,
        ];
        let second = vec![TwoDigit(Hour), text(":"), TwoDigit(Minute), text(":"), TwoDigit(Second)];
        let mut full = vec![Numeric(Day), text("/"), Numeric(Month), text("/"), Numeric(Year), text(", ")];
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
pub fn moment_label(epoch_secs: i64, offset_minutes: i32, precision: Precision, style: &MomentStyle) -> String {
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
            MomentPart::MonthName => out.push_str(style.month_names.get(month as usize - 1).map_or("?", String::as_str)),
            MomentPart::DayPeriod => out.push_str(style.day_periods.get(usize::from(hour >= 12)).map_or("", String::as_str)),
            MomentPart::Literal(text) => out.push_str(text),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_at_an_offset() {
        let ms = 1_795_000_000_000.0; // 2026-11-18T11:06:40Z
        assert_eq!(iso_from_millis(ms), "2026-11-18T11:06:40Z");
        assert_eq!(iso_at_offset(ms, 540), "2026-11-18T20:06:40+09:00");
        assert_eq!(iso_at_offset(ms, -210), "2026-11-18T07:36:40-03:30");
        assert_eq!(iso_at_offset(ms, 13 * 60), "2026-11-19T00:06:40+13:00");
        // What it writes reads back as the same moment.
        for offset in [-720, -210, 0, 330, 540, 840] {
            assert_eq!(parse_service_date(&iso_at_offset(ms, offset)), Some(ms as i64), "{offset}");
        }
    }

    #[test]
    fn offsets_from_a_wall_clock() {
        let at = 1_795_000_000; // 2026-11-18T11:06:40Z
        assert_eq!(offset_from_wall(at, [2026, 11, 18, 20, 6, 40]), Some(540));
        assert_eq!(offset_from_wall(at, [2026, 11, 18, 7, 36, 40]), Some(-210));
        assert_eq!(offset_from_wall(at, [2026, 11, 18, 11, 6, 40]), Some(0));
        assert_eq!(offset_from_wall(at, [2026, 11, 19, 0, 6, 40]), Some(780));
        assert_eq!(offset_from_wall(at, [2026, 13, 18, 0, 6, 40]), None);
        assert_eq!(offset_from_wall(at, [2026, 2, 30, 0, 6, 40]), None);
    }

    #[test]
    fn zone_choices() {
        assert_eq!(ZoneChoice::from_stored("browser"), ZoneChoice::Browser);
        assert_eq!(ZoneChoice::from_stored("UTC"), ZoneChoice::Utc);
        assert_eq!(ZoneChoice::from_stored("Asia/Tokyo"), ZoneChoice::Named("Asia/Tokyo".into()));
        assert_eq!(ZoneChoice::from_stored("America/Argentina/Buenos_Aires").stored(), "America/Argentina/Buenos_Aires");
        for bad in ["", "../etc", "Asia/Tokyo<script>", "/Asia", "a b"] {
            assert_eq!(ZoneChoice::from_stored(bad), ZoneChoice::Browser, "{bad}");
        }
    }

    #[test]
    fn service_dates() {
        assert_eq!(parse_service_date("1970-01-01T00:00:00"), Some(0));
        assert_eq!(parse_service_date("2024-01-01T01:01:01"), Some((19_723 * 86_400 + 3_661) * 1000));
        assert_eq!(parse_service_date("2000-02-29T00:00:00Z"), Some(951_782_400_000));
        assert_eq!(parse_service_date("2024-01-01T01:00:00+01:00"), Some(19_723 * 86_400 * 1000));
        assert_eq!(parse_service_date("2024-01-01 00:00:00.5"), Some(19_723 * 86_400 * 1000 + 500));
        for bad in ["", "yesterday", "2024-13-01T00:00:00", "2023-02-29T00:00:00", "2024-01-01", "2024-01-01T25:00:00", "2024-01-01T00:00:00:00"] {
            assert_eq!(parse_service_date(bad), None, "{bad}");
        }
    }

    #[test]
    fn out_of_range_parts_are_not_dates() {
        for bad in [
            "9999999999999999-01-01T00:00:00",
            "0-1-1T0:000-3000000000000",
            "2024-01-01T00:00:00+24:00",
            "2024-01-01T-1:00:00",
            "2024-01-01T00:-5:00",
        ] {
            assert_eq!(parse_service_date(bad), None, "{bad}");
        }
        assert_eq!(parse_service_date("9999-12-31T23:59:59Z"), Some(253_402_300_799_000));
        assert_eq!(parse_service_date("2024-01-01T05:30:00+0530"), parse_service_date("2024-01-01T00:00:00Z"));
    }

    #[test]
    fn days_and_dates_round_trip() {
        for days in [-1, 0, 59, 10_957, 19_723, 20_775, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
        assert_eq!(civil_from_days(20_775), (2026, 11, 18));
    }

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
        assert_eq!(moment_label(1_798_761_599, 60, Precision::Month, &style), "Jan 2027", "a new year's first hour in Paris");
        // Small numbers as the pattern asks, padded or not.
        assert_eq!(moment_label(MomentStyle::PROBE, 0, Precision::Full, &style), "2/1/2026, 03:04:05");
        assert_eq!(moment_label(MomentStyle::PROBE, 0, Precision::Second, &style), "03:04:05");
    }

    /// As `Intl` describes en-US: "02:05 PM", "Nov 18", "2:05:09 PM", "11/18/2026, 2:05:09 PM".
    pub(super) fn us() -> MomentStyle {
        use Field::*;
        use MomentPart::*;
        let second = vec![Numeric(Hour), Literal(":".into()), TwoDigit(Minute), Literal(":".into()), TwoDigit(Second), Literal("\u{202f}".into()), DayPeriod];
        let mut full = vec![Numeric(Month), Literal("/".into()), Numeric(Day), Literal("/".into()), Numeric(Year), Literal(", ".into())];
        full.extend(second.iter().cloned());
        MomentStyle {
            minute: vec![TwoDigit(Hour), Literal(":".into()), TwoDigit(Minute), Literal("\u{202f}".into()), DayPeriod],
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
        assert_eq!(moment_label(t + 3 * 3_600, 0, Precision::Full, &us), "11/18/2026, 2:06:40\u{202f}PM");
        assert_eq!(moment_label(MomentStyle::PROBE, 0, Precision::Full, &us), "1/2/2026, 3:04:05\u{202f}AM");
        // Words missing from what the browser said show as a mark, never a panic.
        let bare = MomentStyle { month_names: Vec::new(), day_periods: vec!["AM".into(), "PM".into()], ..us };
        assert_eq!(moment_label(t, 0, Precision::Day, &bare), "? 18");
        for precision in [Precision::Minute, Precision::Second, Precision::Day, Precision::Month, Precision::Full] {
            assert_eq!(moment_label(i64::MIN, i32::MIN, precision, &bare), moment_label(i64::MIN, 0, precision, &bare));
            assert_eq!(moment_label(i64::MAX, i32::MAX, precision, &bare), moment_label(i64::MAX, 0, precision, &bare));
        }
    }

    #[test]
    fn the_browsers_pieces_are_read_off_the_probe() {
        use Field::*;
        use MomentPart::*;
        // How Intl writes the probe, 2026-01-02T03:04:05Z, in en-GB, en-US and es-ES.
        let read = |parts: &[(&str, &str)]| parts.iter().map(|(kind, value)| MomentPart::read(kind, (*value).to_owned())).collect::<Vec<_>>();
        assert_eq!(
            read(&[("day", "02"), ("literal", "/"), ("month", "01"), ("literal", "/"), ("year", "2026"), ("literal", ", "), ("hour", "03"), ("literal", ":"), ("minute", "04")]),
            vec![TwoDigit(Day), Literal("/".into()), TwoDigit(Month), Literal("/".into()), Numeric(Year), Literal(", ".into()), TwoDigit(Hour), Literal(":".into()), TwoDigit(Minute)]
        );
        assert_eq!(read(&[("hour", "3"), ("literal", "\u{202f}"), ("dayPeriod", "AM")]), vec![Numeric(Hour), Literal("\u{202f}".into()), DayPeriod]);
        assert_eq!(read(&[("month", "ene"), ("day", "2"), ("second", "05")]), vec![MonthName, Numeric(Day), TwoDigit(Second)]);
        // What the core does not know is kept as the browser wrote it.
        assert_eq!(read(&[("weekday", "Fri"), ("day", "II"), ("hour", "")]), vec![Literal("Fri".into()), Literal("II".into()), Numeric(Hour)]);
    }

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
    use super::tests::us;
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
        assert_eq!(moment_label(MomentStyle::PROBE, 0, Precision::Full, &style), "2/1/2026, 03:04:05");
        // As `Intl` describes es-US: a 12-hour clock with its own day periods.
        let es_us = MomentStyle { day_periods: vec!["a.\u{a0}m.".into(), "p.\u{a0}m.".into()], ..us() };
        assert_eq!(moment_label(t + 3 * 3_600, 0, Precision::Second, &es_us), "2:06:40\u{202f}p.\u{a0}m.");
        assert_eq!(moment_label(t, 0, Precision::Day, &es_us), "nov 18");
    }
}
