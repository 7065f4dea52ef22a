//! The user's time zone: the one they chose, and a named zone's offset as
//! the browser's wall clock for it shows.

use super::calendar::{days_from_civil, days_in_month};

/// The offset (minutes ahead of UTC) of a zone whose clock shows `wall`
/// (year, month, day, hour, minute, second) at `epoch_secs`: how the panel
/// learns a named zone's offset from `Intl`, which writes its wall clock.
/// `None` for a wall clock that is no date.
pub fn offset_from_wall(epoch_secs: i64, wall: [i64; 6]) -> Option<i32> {
    let [year, month, day, hour, minute, second] = wall;
    let month = u32::try_from(month).ok().filter(|m| (1..=12).contains(m))?;
    let day = u32::try_from(day).ok().filter(|d| *d >= 1 && *d <= days_in_month(year, month))?;
    if !(0..=24).contains(&hour)
        || !(0..60).contains(&minute)
        || !(0..61).contains(&second)
        || !(-9999..=9999).contains(&year)
    {
        return None;
    }
    // Some engines write midnight as 24 even on a 24-hour clock (`h23`).
    let shown =
        days_from_civil(year, month, day) * 86_400 + (hour % 24) * 3600 + minute * 60 + second;
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
            name if name.len() <= 64
                && name.chars().all(|c| c.is_ascii_alphanumeric() || "/_-+".contains(c))
                && name.starts_with(|c: char| c.is_ascii_alphabetic()) =>
            {
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            ZoneChoice::from_stored("America/Argentina/Buenos_Aires").stored(),
            "America/Argentina/Buenos_Aires"
        );
        for bad in ["", "../etc", "Asia/Tokyo<script>", "/Asia", "a b"] {
            assert_eq!(ZoneChoice::from_stored(bad), ZoneChoice::Browser, "{bad}");
        }
    }
}
