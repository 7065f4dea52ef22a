//! The service's dates, with and without a zone.

use crate::cases;
use proptest::prelude::*;
use vmdeck_core::time::{civil_from_days, parse_service_date};

/// A time of day between the years 2 and 9998, in milliseconds, and an
/// offset from UTC in minutes.
fn instant() -> impl Strategy<Value = (i64, i64)> {
    (-62_104_060_800_000i64..253_339_228_800_000, -14 * 60i64..=14 * 60)
}

/// `2026-03-14T09:26:53.250+01:00`: local time at that offset.
fn service_date_text(utc_ms: i64, offset_minutes: i64, zone: u8) -> String {
    let offset_minutes = if zone == 2 { offset_minutes } else { 0 };
    let local = utc_ms + offset_minutes * 60_000;
    let (days, ms) = (local.div_euclid(86_400_000), local.rem_euclid(86_400_000));
    let (y, m, d) = civil_from_days(days);
    let (h, min, s, frac) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    let zone_text = match zone {
        0 => String::new(),
        1 => "Z".to_owned(),
        _ => {
            let sign = if offset_minutes < 0 { '-' } else { '+' };
            format!("{sign}{:02}:{:02}", offset_minutes.abs() / 60, offset_minutes.abs() % 60)
        }
    };
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}.{frac:03}{zone_text}")
}

proptest! {
    #![proptest_config(cases(128))]

    #[test]
    fn service_dates_round_trip((utc_ms, offset) in instant(), zone in 0u8..3) {
        let text = service_date_text(utc_ms, offset, zone);
        prop_assert_eq!(parse_service_date(&text), Some(utc_ms), "{}", text);
    }
}
