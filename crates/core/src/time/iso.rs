//! Dates in ISO 8601: read as the service writes them (usually without a
//! zone), and written in UTC or at the user's offset, as exports write them.

use super::calendar::{civil_from_days, days_from_civil, days_in_month};

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
    if parts.next().is_some()
        || !(0..=9999).contains(&year)
        || !(1..=12).contains(&month)
        || day == 0
        || day > days_in_month(year, month)
    {
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
    if hms.next().is_some()
        || !(0..=23).contains(&hour)
        || !(0..=59).contains(&minute)
        || !(0.0..61.0).contains(&seconds)
    {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let ms = ((days * 24 + hour) * 60 + minute - offset_minutes) * 60_000
        + (seconds * 1000.0).round() as i64;
    Some(ms)
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
        offset => format!(
            "{}{:02}:{:02}",
            if offset < 0 { '-' } else { '+' },
            offset.unsigned_abs() / 60,
            offset.unsigned_abs() % 60
        ),
    };
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}{zone}",
        of_day / 3600,
        of_day % 3600 / 60,
        of_day % 60
    )
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
    fn service_dates() {
        assert_eq!(parse_service_date("1970-01-01T00:00:00"), Some(0));
        assert_eq!(
            parse_service_date("2024-01-01T01:01:01"),
            Some((19_723 * 86_400 + 3_661) * 1000)
        );
        assert_eq!(parse_service_date("2000-02-29T00:00:00Z"), Some(951_782_400_000));
        assert_eq!(parse_service_date("2024-01-01T01:00:00+01:00"), Some(19_723 * 86_400 * 1000));
        assert_eq!(parse_service_date("2024-01-01 00:00:00.5"), Some(19_723 * 86_400 * 1000 + 500));
        for bad in [
            "",
            "yesterday",
            "2024-13-01T00:00:00",
            "2023-02-29T00:00:00",
            "2024-01-01",
            "2024-01-01T25:00:00",
            "2024-01-01T00:00:00:00",
        ] {
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
        assert_eq!(
            parse_service_date("2024-01-01T05:30:00+0530"),
            parse_service_date("2024-01-01T00:00:00Z")
        );
    }
}
